// A test server that mails through a real SMTP server on loopback (smtp-fixture.ts). Importing
// it registers the clean-up: after each test, the servers it started are closed.
import { afterEach } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { testSmtp, type TestSmtp } from './smtp-fixture.ts';

const started: { server?: TestServer; smtp: TestSmtp }[] = [];
afterEach(async () => {
  for (const { server, smtp } of started.splice(0)) {
    await server?.close();
    await smtp.down();
  }
});

/** A test server (`startTestServer`'s options) whose outbox mails a listening SMTP server. */
export async function startWithMail(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<{ s: TestServer; mailServer: TestSmtp }> {
  const mailServer = await testSmtp({ start: true });
  const entry: (typeof started)[number] = { smtp: mailServer };
  started.push(entry);
  const s = (entry.server = await startTestServer(options, { smtpUrl: mailServer.url }));
  return { s, mailServer };
}

/** Mail to the site owner (the harness's `notifyTo`). */
export const ownerMails = (mailServer: TestSmtp) =>
  mailServer.received.filter((m) => m.to.includes('owner@example.com'));

/** Sends what the outbox holds now, once the sender is idle. */
export async function flushMail(s: TestServer): Promise<void> {
  await s.mail.sender.idle();
  await s.mail.sender.runOnce();
}
