import { PREVIEW_TITLE } from '../../site/src/content/demo.ts';
import { STATUS } from '../../site/src/features/demo/call-state.ts';
import { ADMIN_ONLY_NOTICE } from '../../site/src/shared/session/notices.ts';
import { appViewports, expectAccessibleAtEach } from './a11y.ts';
import { e2eAdmin } from './fixtures.ts';
import { postLeads } from './post-leads.ts';
import { testSmtp } from '../../site/server/test/smtp-fixture.ts';
import { logIn } from './log-in.ts';
import { expect, signInNewClient, startSiteServer, test } from './site-server.ts';

/**
 * Every state of every app page, on a phone (375 px) and a laptop (1280 px): axe clean with
 * the project's rules and no sideways scroll. Each flow is walked once: at each state the page
 * is checked at both sizes (`expectAccessibleAtEach`; it starts at the phone's and goes on at
 * the laptop's). States covered elsewhere
 * with the same helper: the first-run password screen and /demo's change-password form
 * (app-shell.spec.ts), the invite link used and refused (set-password.spec.ts), the setup
 * checklist after a test email (admin-setup.spec.ts), a client's demo call with the publish
 * form and the published samples list (published-sample.spec.ts), and /demo with Vapi keys: a failed call and the
 * microphone refused (app-states-a11y-keys.spec.ts), and /privacy and /terms in English and
 * Albanian, at the same two sizes with each marketing page (marketing-pages.spec.ts).
 */

// Many axe scans per test on a shared, busy machine.
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.use({ viewport: appViewports[0] });

test('/login: blank, refused, request access and sent, forgot password and sent', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Access Your Demo' })).toBeVisible();
  await expectAccessibleAtEach(page, '/login');

  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessibleAtEach(page, '/login refused');

  await page.getByRole('button', { name: 'Request demo access' }).click();
  const access = page.getByRole('form', { name: 'Request demo access' });
  await expect(access).toBeVisible();
  await expectAccessibleAtEach(page, '/login, request access form');
  await access.getByLabel('Name').fill('Ana Access');
  await access.getByLabel('Email').fill(`access-${unique()}@example.com`);
  await access.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we have your request' })).toBeVisible();
  await expectAccessibleAtEach(page, '/login, access request sent');

  await page.getByRole('button', { name: 'Forgot password' }).click();
  const reset = page.getByRole('form', { name: 'Reset password' });
  await expect(reset).toBeVisible();
  await expectAccessibleAtEach(page, '/login, forgot password form');
  await reset.getByLabel('Email').fill(`forgot-${unique()}@example.com`);
  await reset.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a link to choose a new password' })).toBeVisible();
  await expectAccessibleAtEach(page, '/login, reset link sent');
});

test('/set-password from a mailed link: blank, weak and shown, refused, without a token', async ({
  page,
}) => {
  // The page is the same for an invitation and a reset link; the token is checked on submit.
  await page.goto(`/set-password#token=${unique()}`);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await expectAccessibleAtEach(page, '/set-password');

  const field = page.getByLabel('New password');
  await field.fill('ines 2026');
  await expect(field).toHaveAccessibleDescription(/Strength: Too weak/);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(field).toHaveAttribute('type', 'text');
  await expectAccessibleAtEach(page, '/set-password, weak password shown');

  await field.fill('tide pools and lanterns');
  await page.getByRole('button', { name: 'Set password and log in' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is not valid any more');
  await expectAccessibleAtEach(page, '/set-password, link refused');

  await page.goto('/set-password');
  await expect(page.getByRole('heading', { name: 'This link is incomplete' })).toBeVisible();
  await expectAccessibleAtEach(page, '/set-password without a token');
});

test('/demo preview: before Start, live, Call ended with its summary', async ({ page, loginAsAdmin }) => {
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { name: PREVIEW_TITLE })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(STATUS.ready);
  await expectAccessibleAtEach(page, '/demo before Start');

  await page.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expectAccessibleAtEach(page, '/demo, preview call live');

  await page.getByRole('button', { name: 'End Call' }).click();
  await expect(page.getByRole('status')).toHaveText(STATUS.ended);
  await expect(page.getByRole('heading', { name: 'Call summary' })).toBeVisible();
  await expectAccessibleAtEach(page, '/demo, Call ended with the summary');
});

test('/demo when its setup cannot be loaded (offline)', async ({ page, loginAsAdmin }) => {
  await page.route('**/api/config', (route) => route.abort('internetdisconnected'));
  await loginAsAdmin(page);
  await expect(page.getByRole('status')).toHaveText(STATUS.initFailed);
  await expectAccessibleAtEach(page, '/demo, setup failed');
});

test('/admin: clients, the add-client form and a refusal, notifications waiting, setup checklist', async ({
  page,
  request,
  loginAsAdmin,
}) => {
  // A lead queues a notification: this server has no SMTP_URL.
  await postLeads(request, [{ name: 'Nora Notify', email: `notify-${unique()}@example.com` }]);
  await loginAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('list', { name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Setup checklist' })).toBeVisible();
  await expect(page.getByText(/\d+ notifications? waiting — set SMTP_URL/)).toBeVisible();
  await expectAccessibleAtEach(page, '/admin');

  await page.getByRole('button', { name: 'Add New Client' }).click();
  const form = page.getByRole('form', { name: 'New client' });
  await expect(form).toBeVisible();
  await expectAccessibleAtEach(page, '/admin, add-client form');
  // The Admin's own address is taken: the server refuses it.
  await form.getByLabel('Name').fill('Taken Address');
  await form.getByLabel('Email').fill(e2eAdmin.email);
  await form.getByLabel('Password').fill('a long enough password');
  await form.getByRole('button', { name: 'Add Client' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessibleAtEach(page, '/admin, add-client refused');
});

test('/admin/leads: list, filters applied, a lead’s notes, the anonymise confirm, no result', async ({
  page,
  request,
  loginAsAdmin,
}) => {
  const stamp = unique();
  const name = `Lena ${stamp}`;
  await postLeads(request, [{ name, email: `lena-${stamp}@example.com` }]);
  await loginAsAdmin(page);
  await page.goto('/admin/leads');
  const table = page.getByRole('table', { name: 'Leads, newest first' });
  await expect(table.getByRole('rowheader', { name: new RegExp(name) })).toBeVisible();
  await expectAccessibleAtEach(page, '/admin/leads');

  await page.goto(`/admin/leads?search=${stamp}&status=new`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectAccessibleAtEach(page, '/admin/leads, filtered');

  const row = table.getByRole('row').filter({ hasText: name });
  await row.getByText('Notes and privacy').click();
  await row.getByLabel(`Note on ${name}`).fill('Called back, wants a demo on Friday.');
  await row.getByRole('button', { name: 'Add note' }).click();
  await expect(row.getByRole('list', { name: `Notes on ${name}` })).toContainText('wants a demo');
  await expectAccessibleAtEach(page, '/admin/leads, a lead’s notes');

  await row.getByRole('button', { name: 'Anonymise' }).click();
  await expect(row.getByRole('group', { name: 'Confirm the privacy request' })).toBeVisible();
  await expectAccessibleAtEach(page, '/admin/leads, anonymise confirm');

  await page.goto(`/admin/leads?search=nobody-${stamp}`);
  await expect(table.getByRole('rowheader')).toHaveCount(0);
  await expectAccessibleAtEach(page, '/admin/leads, no result');
});

test('/admin/leads: a held lead, released (its mail sent), a second release refused', async ({
  browser,
  playwright,
}) => {
  // A server of its own: a site-wide cap of 1 lead an hour holds the second lead, and its
  // mail goes to a real SMTP server on loopback.
  const smtp = await testSmtp({ start: true });
  const server = await startSiteServer({ SMTP_URL: smtp.url, LEADS_SITE_PER_HOUR: '1' });
  const context = await browser.newContext({ viewport: appViewports[0] });
  try {
    const stamp = unique();
    const held = { name: `Hana ${stamp}`, email: `hana-${stamp}@example.com` };
    const visitor = await playwright.request.newContext({ baseURL: server.url });
    await postLeads(visitor, [{ name: `Uma ${stamp}`, email: `uma-${stamp}@example.com` }, held]);
    await visitor.dispose();
    const mailsFor = (email: string) => smtp.received.filter((m) => m.headers['reply-to'] === email);

    // Two tabs of one Admin on the held filter: one releases, the other is left stale.
    const page = await context.newPage();
    await logIn(page, e2eAdmin, { baseUrl: server.url });
    const stale = await context.newPage();
    for (const tab of [page, stale]) await tab.goto(`${server.url}/admin/leads?status=held`);
    const table = page.getByRole('table', { name: 'Leads, newest first' });
    const row = table.getByRole('row').filter({ hasText: held.name });
    await expect(row.getByRole('button', { name: `Release ${held.name}` })).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveCount(1);
    await expectAccessibleAtEach(page, '/admin/leads, a held lead');
    // Held: nothing about it was mailed.
    expect(mailsFor(held.email)).toEqual([]);

    await row.getByRole('button', { name: `Release ${held.name}` }).click();
    await expect(page.getByRole('region', { name: 'Leads', exact: true }).getByRole('status')).toHaveText(
      `${held.name} marked new.`,
    );
    await expect(row.getByLabel(`Status of ${held.name}`)).toHaveValue('new');
    await expect(row.getByRole('button', { name: `Release ${held.name}` })).toHaveCount(0);
    await expectAccessibleAtEach(page, '/admin/leads, a held lead released');
    // The owner's mail about the lead reaches the SMTP server, once.
    await expect.poll(() => mailsFor(held.email).length, { timeout: 15_000 }).toBe(1);

    const staleRow = stale.getByRole('table', { name: 'Leads, newest first' }).getByRole('row').filter({
      hasText: held.name,
    });
    await staleRow.getByRole('button', { name: `Release ${held.name}` }).click();
    await expect(stale.getByRole('region', { name: 'Leads', exact: true }).getByRole('alert')).toContainText(
      'is not held for review (it may have been released already). Reload the list.',
    );
    await expectAccessibleAtEach(stale, '/admin/leads, a second release refused');
    expect(mailsFor(held.email)).toHaveLength(1);
  } finally {
    await context.close();
    await server.stop();
    await smtp.down();
  }
});

test('the "not allowed" note a Client sees for /admin', async ({ page, baseURL }) => {
  await signInNewClient(page, baseURL!, 'Nia Notallowed');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByText(ADMIN_ONLY_NOTICE)).toBeVisible();
  await expectAccessibleAtEach(page, '/demo after /admin was refused');
});
