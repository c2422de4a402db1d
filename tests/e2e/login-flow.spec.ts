import type { Page } from '@playwright/test';
import { PREVIEW_TITLE } from '../../site/src/content/demo.ts';
import { ADMIN_ONLY_NOTICE } from '../../site/src/shared/session/notices.ts';
import { expectAccessible } from './a11y.ts';
import { e2eAdmin } from './fixtures.ts';
import { expect, test } from './log-in.ts';

/**
 * The whole account story against the real server on its throwaway SQLite database:
 * admin adds a client, the client reaches /demo and is refused /admin (by the client
 * guard and by the server), the admin deletes the client again.
 */
const client = {
  name: 'E2E Client',
  email: `e2e-client-${Date.now()}@example.com`,
  password: 'e2e visitor likes herons',
};

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
  expect((await page.request.get('/api/session')).status()).toBe(401);
}

test('admin adds a client, the client gets /demo but not /admin, the admin deletes the client', async ({
  page,
  request,
  baseURL,
  loginAsAdmin,
}) => {
  // Seven steps and three axe scans on a busy machine: more than the default 30 s budget.
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });

  await test.step('a wrong password is refused with the server message', async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(e2eAdmin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page, '/login refused');
  });

  await test.step('the seeded admin logs in and adds a client', async () => {
    await loginAsAdmin(page);
    await page.getByRole('link', { name: 'Client Management' }).click();
    await expect(page.getByRole('heading', { name: 'Client Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Add New Client' }).click();
    const form = page.getByRole('form', { name: 'New client' });
    await form.getByLabel('Name').fill(client.name);
    await form.getByLabel('Email').fill(client.email);
    await form.getByLabel('Password').fill(client.password);
    await form.getByRole('button', { name: 'Add Client' }).click();
    await expect(page.getByText('Client added successfully')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Clients' })).toContainText(client.email);
    await expectAccessible(page, '/admin, client added');
  });

  await test.step('the admin logs out', async () => {
    await page.getByRole('link', { name: 'Back to Demo' }).click();
    await logOut(page);
  });

  await test.step('the client logs in, must first replace the Admin-set password, then reaches /demo', async () => {
    // The Admin chose the password, so it is temporary (issue 26 L4).
    await page.goto('/login');
    await page.getByLabel('Email').fill(client.email);
    await page.getByLabel('Password').fill(client.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
    expect((await page.request.get('/api/leads')).status()).toBe(403);
    await expectAccessible(page, 'the first-login password step');
    const chosen = 'e2e visitor now likes egrets';
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(client.password);
    await form.getByLabel('New password', { exact: true }).fill(chosen);
    await form.getByLabel('New password again').fill(chosen);
    await form.getByRole('button', { name: 'Change password' }).click();
    client.password = chosen;
    await expect(page.getByRole('heading', { name: `Welcome, ${client.name}!` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Client Management' })).toHaveCount(0);
    const config = (await (await page.request.get('/api/config')).json()) as Record<string, string>;
    if (config.vapiPublicKey && config.vapiAssistantId) {
      await expect(page.getByRole('log', { name: 'Conversation transcript' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Start Conversation' })).toBeEnabled();
    } else {
      // Not configured (the default e2e server): a labelled preview call, and the SDK never loaded.
      await expect(page.getByRole('heading', { name: PREVIEW_TITLE })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Start Conversation' })).toBeEnabled();
      expect(scripts.some((url) => url.includes('/assets/vapi'))).toBe(false);
    }
    await expectAccessible(page, '/demo as the client');
  });

  await test.step('the client changes their own password from /demo', async () => {
    await page.getByRole('button', { name: 'Change password' }).click();
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(client.password);
    await form.getByLabel('New password', { exact: true }).fill('password');
    await form.getByLabel('New password again').fill('password');
    // The browser's minlength check is bypassed to see the server's own answer.
    await form
      .getByLabel('New password', { exact: true })
      .evaluate((input) => input.removeAttribute('minlength'));
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('alert')).toContainText('at least 12 characters');
    await expectAccessible(page, '/demo, password refused');
    client.password = 'the client chose this one';
    await form.getByLabel('New password', { exact: true }).fill(client.password);
    await form.getByLabel('New password again').fill(client.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toContainText('Password changed.');
    // Still signed in here with a fresh session.
    expect((await page.request.get('/api/session')).status()).toBe(200);
  });

  await test.step('the client is refused /admin by the guard (back to /demo, with a note) and by the server', async () => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/demo$/);
    await expect(page.getByText(ADMIN_ONLY_NOTICE)).toBeVisible();
    expect((await page.request.get('/api/clients')).status()).toBe(403);
    // The Leads tab's own URL too.
    await page.goto('/admin/leads');
    await expect(page).toHaveURL(/\/demo$/);
    await expect(page.getByText(ADMIN_ONLY_NOTICE)).toBeVisible();
    expect((await page.request.get('/api/leads')).status()).toBe(403);
  });

  await test.step('the admin logs back in and deletes the client', async () => {
    await logOut(page);
    await loginAsAdmin(page, { open: false });
    await page.goto('/admin');
    const row = page.getByRole('listitem').filter({ hasText: client.email });
    await row.getByRole('button', { name: `Set password for ${client.name}` }).click();
    const setForm = page.getByRole('form', { name: `New password for ${client.name}` });
    await expectAccessible(page, '/admin, set-password form');
    await setForm.getByLabel('New password').fill('set by the admin in e2e');
    await setForm.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Password updated. The client was signed out everywhere.')).toBeVisible();
    // Another browser (its own cookies) logs in as the client with the new password.
    const other = await request.post('/api/session', {
      headers: { origin: baseURL! },
      data: { email: client.email, password: 'set by the admin in e2e' },
    });
    expect(other.status()).toBe(200);

    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await row.getByRole('button', { name: `Delete ${client.name}` }).click();
    expect(dialogs).toEqual(['Are you sure you want to delete this client?']);
    await expect(page.getByText('Client deleted successfully')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Clients' })).not.toContainText(client.email);
  });

  await test.step('the deleted client can no longer log in', async () => {
    await page.getByRole('link', { name: 'Back to Demo' }).click();
    await logOut(page);
    await page.getByLabel('Email').fill(client.email);
    await page.getByLabel('Password').fill(client.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  });

  expect(pageErrors).toEqual([]);
});

test('a stale local session without a valid cookie ends at /login', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem(
      'user',
      JSON.stringify({ id: '1', name: 'Ghost', email: 'ghost@example.com', role: 'Admin' }),
    );
  });
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
  await expect(page.getByRole('heading', { name: 'Access Your Demo' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
});
