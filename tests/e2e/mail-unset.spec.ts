import { expect, test } from '@playwright/test';
import { startSiteServer } from './site-server.ts';

/**
 * Issue 24, "npm start with no mail settings still works and says what is waiting": the built
 * server without SMTP_URL serves the site and takes leads, and its start-up log says how many
 * notifications wait, before and after a restart.
 */
test('without SMTP_URL the built server works, keeps the mail and says what waits', async ({ request }) => {
  test.slow();
  const server = await startSiteServer();
  try {
    await expect
      .poll(() => server.output())
      .toContain('SMTP_URL is not set: mail is kept, not sent (0 notifications waiting)');
    expect((await request.get(`${server.url}/`)).status()).toBe(200);

    // A visitor asks for access: the owner's notification is queued, not lost.
    const asked = await request.post(`${server.url}/api/access-requests`, {
      headers: { Origin: server.url },
      data: { name: 'Wanda Waiting', email: 'wanda@example.com' },
    });
    expect(asked.status()).toBe(202);

    await server.restart();
    await expect
      .poll(() => server.output())
      .toMatch(/SMTP_URL is not set: mail is kept, not sent \([1-9]\d* notifications? waiting\)/);
    expect(server.output()).toContain('docs/mail.md');
    expect((await request.get(`${server.url}/login`)).status()).toBe(200);
  } finally {
    await server.stop();
  }
});
