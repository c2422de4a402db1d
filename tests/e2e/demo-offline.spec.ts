import { OFFLINE_MESSAGE } from '../../site/src/content/demo.ts';
import { expect, logIn, test } from './log-in.ts';

/**
 * The shared e2e server runs without Vapi keys: /demo is offline. A client gets a friendly
 * note and the booking link, never the names of server settings; an Admin also gets those.
 */
test('offline demo: a client sees the offline note and the booking link; an Admin sees the missing settings', async ({
  browser,
  baseURL,
  loginAsAdmin,
}) => {
  const adminPage = await browser.newPage();
  await loginAsAdmin(adminPage);
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
  await logIn(clientPage, client);
  await expect(clientPage.getByRole('heading', { name: OFFLINE_MESSAGE })).toBeVisible();
  await expect(clientPage.getByRole('link', { name: /Book a Call/ })).toBeVisible();
  await expect(clientPage.locator('main')).not.toContainText('VAPI_');
  await expect(clientPage.getByRole('button', { name: 'Start Conversation' })).toHaveCount(0);
  await clientPage.close();
});
