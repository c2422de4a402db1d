// @vitest-environment node
// The outbox sender on its own, fast: a real SQLite outbox, a real SMTP server and a real HTTP
// receiver on loopback, started once for the file; no site server. (The mail-* files drive it
// through the site's routes.)
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { SqliteStore, type NewOutboxMessage, type OutboxStore } from '@voxdesk/auth';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LogLine } from '../request-log.ts';
import { DEFAULT_LEASE_MS, messageIdOf, OutboxSender, type SenderOptions } from '../mail/sender.ts';
import { freePort, testSmtp, type TestSmtp } from './smtp-fixture.ts';

const FROM = 'Voxdesk <leads@mail.example.com>';
const T0 = Date.parse('2026-11-26T08:00:00.000Z');

interface Received {
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A webhook receiver: records each request and answers the next status queued (default 200). */
async function receiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const status = statuses.shift() ?? 200;
      response.writeHead(status, status === 302 ? { location: '/elsewhere' } : {}).end('body');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hook`, received, statuses, close: () => server.close() };
}

let smtp: TestSmtp;
let hooks: Awaited<ReturnType<typeof receiver>>;
// Servers on a loaded 2-core machine: generous timeouts, never a latency asserted.
beforeAll(async () => {
  smtp = await testSmtp({ start: true });
  hooks = await receiver();
});
afterAll(async () => {
  await smtp.down();
  hooks.close();
});

let store: SqliteStore;
let outbox: OutboxStore;
let logs: LogLine[];
const clock = { now: T0 };
const senders: OutboxSender[] = [];
beforeEach(() => {
  store = new SqliteStore(':memory:');
  outbox = store.outbox;
  logs = [];
  clock.now = T0;
  smtp.mode = 'accept';
  smtp.received.length = 0;
  hooks.received.length = 0;
  hooks.statuses.length = 0;
});
afterEach(async () => {
  for (const sender of senders.splice(0)) await sender.stop();
  await store.close();
});

function sender(options: Partial<SenderOptions> = {}): OutboxSender {
  const made = new OutboxSender({
    outbox,
    smtpUrl: smtp.url,
    from: FROM,
    log: (line) => void logs.push(line),
    now: () => clock.now,
    retryBaseMs: 1_000,
    ...options,
  });
  senders.push(made);
  return made;
}

const mail = (to: string, extra: { replyTo?: string } = {}): NewOutboxMessage => ({
  topic: 'lead-owner',
  payload: { kind: 'email', to, subject: `For ${to}`, text: 'Plain', html: '<p>Plain</p>', ...extra },
});
const webhook = (url = hooks.url): NewOutboxMessage => ({
  topic: 'lead-webhook',
  payload: { kind: 'webhook', url, body: { lead: 'ld_1' } },
});
/** The same outbox with another `claim` (its other methods still the store's own). */
function withClaim(target: OutboxStore, claim: OutboxStore['claim']): OutboxStore {
  return {
    enqueue: (...args) => target.enqueue(...args),
    release: (...args) => target.release(...args),
    cancel: (...args) => target.cancel(...args),
    claim,
    markSent: (...args) => target.markSent(...args),
    retryLater: (...args) => target.retryLater(...args),
    markFailed: (...args) => target.markFailed(...args),
    summary: (...args) => target.summary(...args),
    findMessage: (...args) => target.findMessage(...args),
  };
}

const queue = async (...messages: NewOutboxMessage[]) => outbox.enqueue(messages, clock.now);

describe('OutboxSender: mail', { timeout: 60_000 }, () => {
  it('sends a mail once with its Message-ID, marks it sent, and counts the outcome', async () => {
    const [plain, withReply] = await queue(
      mail('owner@example.com'),
      mail('bo@example.com', { replyTo: 'bo@x.example' }),
    );
    expect(await sender().runOnce()).toEqual({ sent: 2, retry: 0, failed: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([['owner@example.com'], ['bo@example.com']]);
    const [first, second] = smtp.received;
    expect(first!.headers).toMatchObject({
      'message-id': `<${plain}@mail.example.com>`,
      from: FROM,
      subject: 'For owner@example.com',
      'auto-submitted': 'auto-generated',
      'x-voxdesk-topic': 'lead-owner',
    });
    expect(first!.headers['reply-to']).toBeUndefined();
    expect(second!.headers['reply-to']).toBe('bo@x.example');
    expect(second!.raw).toContain('<p>Plain</p>');
    expect(await outbox.findMessage(withReply!)).toMatchObject({ status: 'sent', sentAt: T0, attempts: 1 });
    expect(await sender().runOnce()).toEqual({ sent: 0, retry: 0, failed: 0 });
  });

  it("retries on a 4xx, after the first retry's delay, with the server's words as the error", async () => {
    smtp.mode = '421';
    const [id] = await queue(mail('owner@example.com'));
    expect(await sender().runOnce()).toEqual({ sent: 0, retry: 1, failed: 0 });
    const message = await outbox.findMessage(id!);
    expect(message).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/^421 .*busy/),
    });
    // retryBaseMs 1 s, ±20 %.
    expect(message!.nextAttemptAt - T0).toBeGreaterThanOrEqual(800);
    expect(message!.nextAttemptAt - T0).toBeLessThanOrEqual(1_200);
    expect(logs).toEqual([
      { level: 'warn', msg: `outbox: lead-owner ${id} not delivered, retrying: ${message!.lastError}` },
    ]);
  });

  it('stops on a 5xx: failed for good, shown to the Admin, logged as an error', async () => {
    smtp.mode = '550';
    const [id] = await queue(mail('nobody@example.com'));
    expect(await sender().runOnce()).toEqual({ sent: 0, retry: 0, failed: 1 });
    const message = await outbox.findMessage(id!);
    expect(message).toMatchObject({
      status: 'failed',
      sentAt: T0,
      lastError: expect.stringMatching(/^550 /),
    });
    expect(message!.lastError).not.toMatch(/\s{2}|\n/);
    expect(logs).toEqual([
      { level: 'error', msg: `outbox: lead-owner ${id} refused for good: ${message!.lastError}` },
    ]);
  });

  it('retries when the SMTP server is down', async () => {
    const port = await freePort();
    const [id] = await queue(mail('owner@example.com'));
    expect(await sender({ smtpUrl: `smtp://127.0.0.1:${port}` }).runOnce()).toEqual({
      sent: 0,
      retry: 1,
      failed: 0,
    });
    expect(await outbox.findMessage(id!)).toMatchObject({
      status: 'pending',
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('retries a refused login (535): the settings are wrong, not the message', async () => {
    const strict = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
    });
    const port = await freePort();
    await new Promise<void>((resolve) => strict.listen(port, '127.0.0.1', resolve));
    try {
      const [id] = await queue(mail('owner@example.com'));
      const counts = await sender({ smtpUrl: `smtp://user:wrong@127.0.0.1:${port}` }).runOnce();
      expect(counts).toEqual({ sent: 0, retry: 1, failed: 0 });
      expect(await outbox.findMessage(id!)).toMatchObject({
        status: 'pending',
        lastError: expect.stringMatching(/^535 /),
      });
    } finally {
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }
  });

  it('a reply of exactly 500 is final too; a multi-line reply is kept on one line', async () => {
    const picky = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error('Syntax error\n  in parameters'), { responseCode: 500 })),
    });
    const port = await freePort();
    await new Promise<void>((resolve) => picky.listen(port, '127.0.0.1', resolve));
    try {
      const [id] = await queue(mail('owner@example.com'));
      expect(await sender({ smtpUrl: `smtp://127.0.0.1:${port}` }).runOnce()).toEqual({
        sent: 0,
        retry: 0,
        failed: 1,
      });
      const { lastError } = (await outbox.findMessage(id!))!;
      expect(lastError).toBe('500 Syntax error in parameters');
    } finally {
      await new Promise<void>((resolve) => picky.close(() => resolve()));
    }
  });

  it('without SMTP_URL, mail waits untouched while webhooks still go', async () => {
    const [letter, hook] = await queue(mail('owner@example.com'), webhook());
    const unconfigured = sender({ smtpUrl: undefined });
    expect(unconfigured.mailConfigured).toBe(false);
    expect(sender().mailConfigured).toBe(true);
    expect(await unconfigured.runOnce()).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(await outbox.findMessage(letter!)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await outbox.findMessage(hook!)).toMatchObject({ status: 'sent' });
    expect(await unconfigured.sendTest('admin@example.com', { subject: 's', text: 't', html: 'h' })).toEqual({
      error: 'SMTP_URL is not set, so no mail can be sent. Set it and restart the server.',
    });
  });

  it("the Admin's test mail skips the queue and answers the server's verdict", async () => {
    const content = { subject: 'Voxdesk test', text: 'It works', html: '<p>It works</p>' };
    expect(await sender().sendTest('admin@example.com', content)).toEqual({ ok: true });
    expect(smtp.received).toMatchObject([
      { to: ['admin@example.com'], headers: { subject: 'Voxdesk test', from: FROM } },
    ]);
    smtp.mode = '550';
    const refused = await sender().sendTest('admin@example.com', content);
    expect(refused).toEqual({
      error: expect.stringMatching(/^The mail server did not accept the test email: 550 /),
    });
    expect(await outbox.summary()).toEqual({ waiting: 0, failed: 0, failures: [] });
  });
});

describe('OutboxSender: webhooks', { timeout: 60_000 }, () => {
  it('POSTs the JSON body with the message id as idempotency key, and marks a 2xx sent', async () => {
    const [id] = await queue(webhook());
    expect(await sender().runOnce()).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(hooks.received).toMatchObject([
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': id },
        body: '{"lead":"ld_1"}',
      },
    ]);
    expect(await outbox.findMessage(id!)).toMatchObject({ status: 'sent' });
  });

  it('a 4xx fails for good, except 408 and 429; a 5xx, a redirect or no answer is retried', async () => {
    hooks.statuses.push(404, 400, 408, 429, 500, 503, 302);
    const ids = await queue(...Array.from({ length: 7 }, () => webhook()));
    const unreachable = await queue(webhook(`http://127.0.0.1:${await freePort()}/hook`));
    expect(await sender().runOnce()).toEqual({ sent: 0, retry: 6, failed: 2 });
    const outcomes = [];
    for (const id of [...ids, ...unreachable]) {
      const message = await outbox.findMessage(id);
      outcomes.push(`${message!.status}: ${message!.lastError}`);
    }
    expect(outcomes.slice(0, 6)).toEqual([
      'failed: webhook answered HTTP 404',
      'failed: webhook answered HTTP 400',
      'pending: webhook answered HTTP 408',
      'pending: webhook answered HTTP 429',
      'pending: webhook answered HTTP 500',
      'pending: webhook answered HTTP 503',
    ]);
    expect(outcomes[6]).toMatch(/^pending: webhook unreachable: /);
    expect(outcomes[7]).toMatch(/^pending: webhook unreachable: /);
  });
});

describe('OutboxSender: passes', { timeout: 60_000 }, () => {
  it('a pass claims batch after batch until nothing is due', async () => {
    await queue(...Array.from({ length: 5 }, (_, i) => webhook(`${hooks.url}?n=${i}`)));
    expect(await sender({ batchSize: 2 }).runOnce()).toEqual({ sent: 5, retry: 0, failed: 0 });
    expect(hooks.received).toHaveLength(5);
  });

  it('claims 10 at a time for 2 minutes under its own owner id, email only when SMTP is set', async () => {
    const claims: Parameters<OutboxStore['claim']>[0][] = [];
    const spy = (options: Parameters<OutboxStore['claim']>[0]) => (
      claims.push(options),
      outbox.claim(options)
    );
    await queue(...Array.from({ length: 11 }, () => webhook()));
    expect(await sender({ outbox: withClaim(outbox, spy) }).runOnce()).toEqual({
      sent: 11,
      retry: 0,
      failed: 0,
    });
    expect(claims).toEqual([
      {
        owner: expect.stringMatching(/^sender_[0-9a-f-]{36}$/),
        limit: 10,
        leaseMs: 120_000,
        now: T0,
        kinds: ['email', 'webhook'],
      },
      expect.objectContaining({ limit: 10 }),
      expect.objectContaining({ limit: 10 }),
    ]);
    expect(new Set(claims.map((c) => c.owner)).size).toBe(1);
    claims.length = 0;
    await sender({ outbox: withClaim(outbox, spy), smtpUrl: undefined }).runOnce();
    expect(claims[0]!.kinds).toEqual(['webhook']);
  });

  it('stop() during a pass ends it after the message in hand, and waits for it', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const stopping = sender({
      batchSize: 1,
      fetch: async (input, init) => {
        calls++;
        await slow;
        return fetch(input, init);
      },
    });
    await queue(webhook(), webhook());
    stopping.kick();
    await expect.poll(() => calls, { timeout: 30_000 }).toBe(1);
    const stopped = stopping.stop();
    release();
    await stopped;
    expect(calls).toBe(1);
    expect(hooks.received).toHaveLength(1);
    expect(await outbox.summary()).toMatchObject({ waiting: 1 });
  });

  it('holds a claimed message for its lease (2 minutes by default) against other senders', async () => {
    expect(DEFAULT_LEASE_MS).toBe(120_000);
    const [id] = await queue(webhook());
    // Claim as a sender would, then look from another sender over the same store.
    const claimed = await outbox.claim({ owner: 'crashed', limit: 10, leaseMs: DEFAULT_LEASE_MS, now: T0 });
    expect(claimed.map((m) => m.id)).toEqual([id]);
    clock.now = T0 + 119_999;
    expect(await sender().runOnce()).toEqual({ sent: 0, retry: 0, failed: 0 });
    clock.now = T0 + 120_000;
    expect(await sender().runOnce()).toEqual({ sent: 1, retry: 0, failed: 0 });
  });

  it('its own claims hold for leaseMs: a second sender finds nothing while the first is sending', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let claimedBySecond: Record<string, number> | undefined;
    const [id] = await queue(webhook());
    const first = sender({
      fetch: async (input, init) => {
        clock.now = T0 + DEFAULT_LEASE_MS - 1;
        claimedBySecond = await sender().runOnce();
        await slow;
        return fetch(input, init);
      },
    });
    const pass = first.runOnce();
    await expect.poll(() => claimedBySecond, { timeout: 30_000 }).toEqual({ sent: 0, retry: 0, failed: 0 });
    release();
    expect(await pass).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(hooks.received).toHaveLength(1);
    expect(await outbox.findMessage(id!)).toMatchObject({ status: 'sent' });
  });

  it('a kick during a pass runs one more pass after it; kicks after stop do nothing', async () => {
    await queue(webhook());
    let lastClaims = 0;
    const kicked: OutboxSender = sender({
      // The pass's last claim (nothing due) is where a message queued meanwhile would be missed.
      outbox: withClaim(outbox, async (options) => {
        const batch = await outbox.claim(options);
        if (batch.length === 0 && ++lastClaims === 1) {
          await outbox.enqueue([webhook(`${hooks.url}?late`)], clock.now);
          kicked.kick();
          kicked.kick();
        }
        return batch;
      }),
    });
    kicked.kick();
    await kicked.idle();
    expect(hooks.received.map((r) => r.body)).toHaveLength(2);
    expect(lastClaims).toBe(2);
    await kicked.stop();
    await queue(webhook());
    kicked.kick();
    await kicked.idle();
    expect(hooks.received).toHaveLength(2);
    expect(await kicked.runOnce()).toEqual({ sent: 0, retry: 0, failed: 0 });
  });

  it('start() delivers at once and then every intervalMs; a failed pass is logged, not thrown', async () => {
    await queue(webhook());
    const failing = withClaim(outbox, () => Promise.reject(new Error('disk I/O error')));
    const broken = sender({ outbox: failing, intervalMs: 10 });
    broken.start();
    await broken.idle();
    expect(logs).toContainEqual({ level: 'error', msg: 'outbox delivery failed: disk I/O error' });
    await broken.stop();
    // A rejection that is not an Error is logged as it is.
    // why: a rejection that is not an Error, on purpose.
    const notAnError = 'SQLITE_BUSY' as unknown as Error;
    const odd = sender({ outbox: withClaim(outbox, () => Promise.reject(notAnError)) });
    odd.kick();
    await odd.idle();
    expect(logs).toContainEqual({ level: 'error', msg: 'outbox delivery failed: SQLITE_BUSY' });
    const polling = sender({ intervalMs: 10 });
    polling.start();
    await polling.idle();
    expect(hooks.received).toHaveLength(1);
    await queue(webhook(`${hooks.url}?later`));
    // No kick: the interval finds it.
    await expect.poll(() => hooks.received.length, { timeout: 30_000 }).toBe(2);
  });
});

describe('messageIdOf', () => {
  it("is the message id at the From address's domain, the same on every attempt", () => {
    expect(messageIdOf('msg_1', FROM)).toBe('<msg_1@mail.example.com>');
    expect(messageIdOf('msg_1', 'leads@example.com')).toBe('<msg_1@example.com>');
    expect(messageIdOf('msg_1', 'Voxdesk <leads@example.com>  ')).toBe('<msg_1@example.com>');
    expect(messageIdOf('msg_1', 'Voxdesk')).toBe('<msg_1@voxdesk.local>');
  });
});
