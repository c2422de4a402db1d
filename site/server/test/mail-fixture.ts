// A test server that mails through a real SMTP server on loopback (smtp-fixture.ts). Each start
// registers its own clean-up for the test that made it (`onTestFinished`): a hook registered on
// import would run for the first file of a shared worker only.
import { onTestFinished } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { testSmtp, type TestSmtp } from './smtp-fixture.ts';

/** A test server (`startTestServer`'s options) whose outbox mails a listening SMTP server. */
export async function startWithMail(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<{ s: TestServer; mailServer: TestSmtp }> {
  const mailServer = await testSmtp({ start: true });
  onTestFinished(() => mailServer.down());
  const s = await startTestServer(options, { smtpUrl: mailServer.url });
  // Finished hooks run last-registered first: the site server closes before its SMTP server.
  onTestFinished(() => s.close());
  return { s, mailServer };
}

/** Mail to the site owner (the harness's `notifyTo`). */
export const ownerMails = (mailServer: TestSmtp) =>
  mailServer.received.filter((m) => m.to.includes('owner@example.com'));

/** Sends what the outbox holds once the work done after answering has queued it and the sender is idle. */
export async function flushMail(s: TestServer): Promise<void> {
  await s.afterAnswer.idle();
  await s.mail.sender.idle();
  await s.mail.sender.runOnce();
}
