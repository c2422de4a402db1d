// @vitest-environment node
// Issue 24: a lead's mail goes through the outbox to a real SMTP server on loopback, exactly
// once, whether the server is down at first, answers 421 (retried) or 550 (stopped and shown).
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxSender } from '../mail/sender.ts';
import { DEFAULT_MAIL_FROM } from '../mail/settings.ts';
import { admin, loggedIn, startTestServer, type TestServer } from './harness.ts';
import { testSmtp, type TestSmtp } from './smtp-fixture.ts';

let server: TestServer;
let smtp: TestSmtp;
afterEach(async () => {
  await server?.close();
  await smtp?.down();
});

const lead = {
  name: 'Arta Krasniqi',
  email: 'arta@example.al',
  company: 'Vila Arta',
  phone: '+355 69 123 4567',
  message: 'Kemi 12 apartamente. Click http://spam.example now',
  slot: '2026-11-24T13:00:00.000Z',
  timeZone: 'Europe/Tirane',
  language: 'sq' as const,
  sourcePage: '/chatbot',
};

/** Posts the lead as the booking dialog does (token fetched, then a person's typing time). */
async function postLead(s: TestServer, body: Record<string, unknown> = lead, ip = '203.0.113.7') {
  const browser = s.browser();
  const { token } = (await (await browser.request('GET', '/api/leads/form-token')).json()) as {
    token: string;
  };
  s.clock.now += 5_000;
  const response = await browser.request('POST', '/api/leads', {
    json: { ...body, formToken: token },
    headers: { 'x-forwarded-for': ip },
  });
  if (response.status !== 201)
    throw new Error(`${response.status} ${await response.text()} ${JSON.stringify(s.logs.slice(-3))}`);
  await s.mail.sender.idle();
}

async function mailStatus(s: TestServer) {
  const browser = await loggedIn(s, admin);
  const response = await browser.request('GET', '/api/admin/mail');
  expect(response.status).toBe(200);
  return response.json();
}

describe('lead mail through the outbox and a real SMTP server', () => {
  it('a lead posted while SMTP is down is emailed exactly once after it comes up', async () => {
    smtp = await testSmtp();
    server = await startTestServer({}, { smtpUrl: smtp.url });
    await postLead(server);
    // The request was answered; delivery failed (connection refused) and is waiting.
    expect(smtp.received).toEqual([]);
    expect(await mailStatus(server)).toMatchObject({ smtpConfigured: true, waiting: 2, failed: 0 });
    expect(server.logs.some((l) => /not delivered, retrying/.test(String(l.msg)))).toBe(true);

    await smtp.up();
    // Not yet due: the backoff (about 30 s) holds it.
    expect(await server.mail.sender.runOnce()).toEqual({ sent: 0, retry: 0, failed: 0 });
    server.clock.now += 60_000;
    expect(await server.mail.sender.runOnce()).toEqual({ sent: 2, retry: 0, failed: 0 });
    server.clock.now += 24 * 60 * 60_000;
    expect(await server.mail.sender.runOnce()).toEqual({ sent: 0, retry: 0, failed: 0 });

    expect(smtp.received).toHaveLength(2);
    expect([...smtp.copies().values()]).toEqual([1, 1]);
    const owner = smtp.received.find((m) => m.to.includes('owner@example.com'))!;
    expect(owner.headers['reply-to']).toBe('arta@example.al');
    expect(owner.headers['message-id']).toMatch(/^<msg_[0-9a-f]{32}@voxdesk\.local>$/);
    expect(owner.raw).toContain('Vila Arta');
    expect(owner.raw).toContain('https://voxdesk.test/admin/leads');
    const visitor = smtp.received.find((m) => m.to.includes('arta@example.al'))!;
    // Albanian, with the visitor's name and slot only: nothing else they typed.
    expect(visitor.headers.subject).toMatch(/E morëm|=\?UTF-8\?/);
    expect(visitor.raw).toContain('Arta Krasniqi');
    expect(visitor.raw).not.toContain('spam.example');
    expect(visitor.raw).not.toContain('Vila Arta');
    expect(await mailStatus(server)).toMatchObject({ waiting: 0, failed: 0, failures: [] });
  });

  it('a 421 is retried until accepted; a 550 stops and is shown to the Admin', async () => {
    smtp = await testSmtp({ start: true });
    smtp.mode = '421';
    server = await startTestServer({}, { smtpUrl: smtp.url });
    await postLead(server);
    expect(await mailStatus(server)).toMatchObject({ waiting: 2, failed: 0 });
    smtp.mode = 'accept';
    server.clock.now += 60_000;
    expect(await server.mail.sender.runOnce()).toEqual({ sent: 2, retry: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);

    smtp.mode = '550';
    await postLead(server, { ...lead, email: 'nobody@example.al' }, '203.0.113.8');
    server.clock.now += 24 * 60 * 60_000;
    expect(await server.mail.sender.runOnce()).toEqual({ sent: 0, retry: 0, failed: 0 });
    const status = await mailStatus(server);
    expect(status).toMatchObject({ waiting: 0, failed: 2 });
    expect(status.failures.map((f: { recipient: string }) => f.recipient).sort()).toEqual([
      'nobody@example.al',
      'owner@example.com',
    ]);
    expect(status.failures[0].error).toMatch(/550/);
    expect(smtp.received).toHaveLength(2);
  });

  it('without SMTP_URL nothing is dropped: the Admin sees what waits, and it goes once set', async () => {
    server = await startTestServer();
    await postLead(server);
    expect(await mailStatus(server)).toEqual({ smtpConfigured: false, waiting: 2, failed: 0, failures: [] });
    expect(await server.mail.sender.runOnce()).toEqual({ sent: 0, retry: 0, failed: 0 });
    // The owner sets SMTP_URL and restarts: a sender with it delivers what waited.
    smtp = await testSmtp({ start: true });
    const configured = new OutboxSender({
      outbox: server.store.outbox,
      smtpUrl: smtp.url,
      from: DEFAULT_MAIL_FROM,
      log: () => {},
      now: () => server.clock.now,
    });
    expect(await configured.runOnce()).toEqual({ sent: 2, retry: 0, failed: 0 });
    await configured.stop();
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(['arta@example.al', 'owner@example.com']);
    expect(await mailStatus(server)).toMatchObject({ waiting: 0 });
  });

  it('a visitor address gets at most 3 confirmations a day; the owner gets every lead', async () => {
    smtp = await testSmtp({ start: true });
    server = await startTestServer(
      { leads: { perAddress: { limit: 10, windowMs: 60 * 60_000 } } },
      { smtpUrl: smtp.url },
    );
    for (let i = 0; i < 5; i++) await postLead(server);
    await server.mail.sender.runOnce();
    const to = (address: string) => smtp.received.filter((m) => m.to.includes(address)).length;
    expect(to('owner@example.com')).toBe(5);
    expect(to('arta@example.al')).toBe(3);
  });

  it('POST /api/admin/mail-test sends now and answers the server verdict', async () => {
    smtp = await testSmtp({ start: true });
    server = await startTestServer({}, { smtpUrl: smtp.url });
    const browser = await loggedIn(server, admin);
    const sent = await browser.request('POST', '/api/admin/mail-test');
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ ok: true });
    expect(smtp.received.map((m) => m.to)).toEqual([[admin.email]]);

    smtp.mode = '550';
    const refused = await browser.request('POST', '/api/admin/mail-test');
    expect(refused.status).toBe(502);
    expect((await refused.json()).error).toMatch(/did not accept the test email: 550/);

    const client = server.browser();
    expect((await client.request('POST', '/api/admin/mail-test')).status).toBe(401);
  });

  it('without SMTP the test email says what to set', async () => {
    server = await startTestServer();
    const browser = await loggedIn(server, admin);
    const response = await browser.request('POST', '/api/admin/mail-test');
    expect(response.status).toBe(502);
    expect((await response.json()).error).toMatch(/SMTP_URL is not set/);
  });
});
