import { expect, test } from '@playwright/test';
import { testSmtp, type TestSmtp } from '../../site/server/test/smtp-fixture.ts';
import { expectAccessible } from './a11y.ts';
import { logIn } from './log-in.ts';
import { watchProblems } from './page-problems.ts';
import { startSiteServer } from './site-server.ts';

// Issue 24: an Admin invites a lead; the invitation travels through a real SMTP server on
// loopback; the invitee opens its link in Chromium, chooses a password and is signed in; the
// link then works no more.

const owner = { email: 'owner@harbour.example', password: 'owner keeps harbour bees' };

/** The set-password link of the newest mail to `address`, quoted-printable undone. */
function mailedLink(smtp: TestSmtp, address: string): string | undefined {
  const raw = smtp.received
    .filter((mail) => mail.to.includes(address))
    .at(-1)
    ?.raw.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return raw && /https:\/\/[^\s"<>]+\/set-password#token=[A-Za-z0-9_-]+/.exec(raw)?.[0];
}

test('an invited lead sets a password from the mailed link, once, on a phone', async ({ browser }) => {
  // A server, an SMTP server, three contexts and four axe scans: more than the default.
  test.slow();
  const smtp = await testSmtp({ start: true });
  const server = await startSiteServer({
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
    SITE_URL: 'https://www.harbour.example',
    SMTP_URL: smtp.url,
  });
  try {
    // The Admin, at a desk: a visitor asked for access on /login; the Admin invites them.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await logIn(admin, owner, { baseUrl: server.url });
    const invitee = { name: 'Ines Invited', email: 'ines@clinic.example' };
    const asked = await admin.request.post(`${server.url}/api/access-requests`, {
      headers: { Origin: server.url },
      data: invitee,
    });
    expect(asked.status()).toBe(202);
    const table = admin.getByRole('table', { name: 'Leads, newest first' });
    await expect(async () => {
      await admin.goto(`${server.url}/admin/leads?search=ines`);
      await expect(table.getByRole('rowheader', { name: /Ines Invited/ })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await table.getByRole('button', { name: `Invite to the demo: ${invitee.name}` }).click();
    await expect.poll(() => mailedLink(smtp, invitee.email), { timeout: 15_000 }).toBeDefined();
    await adminContext.close();

    // The invitee, on a phone, opens the mailed link (the public address swapped for the test's).
    const link = mailedLink(smtp, invitee.email)!.replace('https://www.harbour.example', server.url);
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await phone.newPage();
    const problems = watchProblems(page);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expectAccessible(page, '/set-password');

    const field = page.getByLabel('New password');
    await field.fill('ines 2026');
    await expect(field).toHaveAccessibleDescription(/Strength: Too weak/);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(field).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toBeVisible();
    await field.fill('tide pools and lanterns');
    await expect(field).toHaveAccessibleDescription(/Strength: Strong/);
    await expectAccessible(page, '/set-password typed, shown');
    await page.getByRole('button', { name: 'Set password and log in' }).click();

    // Signed in as the new Client, on /demo.
    await expect(page).toHaveURL(`${server.url}/demo`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
    const session = await page.request.get(`${server.url}/api/session`);
    expect((await session.json()).user).toMatchObject({ email: invitee.email, role: 'Client' });
    expect(problems).toEqual([]);

    // The same link a second time is refused, and points to where a new one comes from.
    const again = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const second = await again.newPage();
    await second.goto(link);
    await second.getByLabel('New password').fill('another tide pool evening');
    await second.getByRole('button', { name: 'Set password and log in' }).click();
    await expect(second.getByRole('alert')).toContainText('This link is not valid any more');
    await expect(second.getByRole('link', { name: 'Ask for a new link on the login page' })).toBeVisible();
    await expect(second).toHaveURL(/\/set-password#token=/);
    await expectAccessible(second, '/set-password refused');

    // Without its token the page says so, and links to /login.
    await second.goto(`${server.url}/set-password`);
    await expect(second.getByRole('heading', { name: 'This link is incomplete' })).toBeVisible();
    await expect(second.getByRole('link', { name: 'Go to the login page' })).toBeVisible();
    await expectAccessible(second, '/set-password without a token');

    // The chosen password signs in.
    await logIn(
      second,
      { email: invitee.email, password: 'tide pools and lanterns' },
      { baseUrl: server.url },
    );
    await phone.close();
    await again.close();
  } finally {
    await server.stop();
    await smtp.down();
  }
});
