import { expect, test, type Page } from '@playwright/test';
import { OFFLINE_MESSAGE } from '../../site/src/content/demo.ts';
import { e2eAdmin } from './fixtures.ts';

/**
 * The shared e2e server runs without Vapi keys: /demo is offline. A client gets a friendly
 * note and the booking link, never the names of server settings; an Admin also gets those.
 */
async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/demo$/);
}

test('offline demo: a client sees the offline note and the booking link; an Admin sees the missing settings', async ({
  browser,
  baseURL,
}) => {
  const adminPage = await browser.newPage();
  await logIn(adminPage, e2eAdmin.email, e2eAdmin.password);
  await expect(adminPage.getByRole('heading', { name: OFFLINE_MESSAGE })).toBeVisible();
  const hint = adminPage.getByText(/Admins only: the server is missing these settings/);
  await expect(hint).toContainText('VAPI_PUBLIC_KEY');
  await expect(hint).toContainText('VAPI_ASSISTANT_ID');

  const client = {
    name: 'Offline Client',
    email: `offline-${Date.now()}@example.com`,
    password: 'offline client password',
  };
  const created = await adminPage.request.post('/api/clients', {
    data: client,
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  await adminPage.close();

  const clientPage = await browser.newPage();
  await logIn(clientPage, client.email, client.password);
  await expect(clientPage.getByRole('heading', { name: OFFLINE_MESSAGE })).toBeVisible();
  await expect(clientPage.getByRole('link', { name: /Book a Call/ })).toBeVisible();
  await expect(clientPage.locator('main')).not.toContainText('VAPI_');
  await expect(clientPage.getByRole('button', { name: 'Start Conversation' })).toHaveCount(0);
  await clientPage.close();
});
