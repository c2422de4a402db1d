import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewOutboxMessage } from '../src/outbox.ts';
import type { NewLead } from '../src/types.ts';
import { airtableHarness, closeMsw, postgresHarness, sqliteHarness, type StoreHarness } from './stores.ts';

afterAll(closeMsw);

const T0 = Date.parse('2026-11-26T08:00:00.000Z');
const LEASE = 60_000;

const mail = (to: string, topic = 'lead-owner'): NewOutboxMessage => ({
  topic,
  payload: { kind: 'email', to, subject: `Hello ${to}`, text: 'Plain', html: '<p>Plain</p>' },
});

const lead: NewLead = {
  name: 'Bo Contact',
  email: 'bo@example.com',
  company: null,
  phone: null,
  message: null,
  slot: null,
  timeZone: null,
  language: 'en',
  sourcePage: '/',
};

describe.each([
  ['Airtable mode (outbox in the local SQLite file)', () => airtableHarness({ pageSize: 100 })],
  ['SQLite (temp file)', () => sqliteHarness()],
  ['PostgreSQL (real server)', () => postgresHarness()],
])('OutboxStore contract: %s', (_name, makeHarness) => {
  let harness: StoreHarness;
  beforeEach(async () => {
    harness = await makeHarness();
  });
  afterEach(() => harness.dispose());
  const outbox = () => harness.store.outbox;

  it('queues, leases to one claimer at a time, and takes the mark only from the lease holder', async () => {
    const [id] = await outbox().enqueue([mail('owner@example.com')], T0);
    expect(await outbox().summary()).toEqual({ waiting: 1, failed: 0, failures: [] });

    const [first] = await outbox().claim({ owner: 'a', limit: 10, leaseMs: LEASE, now: T0 });
    expect(first).toMatchObject({ id, topic: 'lead-owner', attempts: 1, status: 'pending' });
    expect(first!.payload).toEqual(mail('owner@example.com').payload);
    // Held by `a`: nobody else gets it until the lease lapses.
    expect(await outbox().claim({ owner: 'b', limit: 10, leaseMs: LEASE, now: T0 + LEASE - 1 })).toEqual([]);
    const [again] = await outbox().claim({ owner: 'b', limit: 10, leaseMs: LEASE, now: T0 + LEASE });
    expect(again).toMatchObject({ id, attempts: 2 });
    // `a` lost the lease: its late mark is refused; `b` holds it.
    expect(await outbox().markSent(id!, 'a', T0 + LEASE + 1)).toBe(false);
    expect(await outbox().markSent(id!, 'b', T0 + LEASE + 2)).toBe(true);
    expect(await outbox().markSent(id!, 'b', T0 + LEASE + 3)).toBe(false);
    expect(await outbox().findMessage(id!)).toMatchObject({ status: 'sent', sentAt: T0 + LEASE + 2 });
    expect(await outbox().summary()).toEqual({ waiting: 0, failed: 0, failures: [] });
    expect(await outbox().claim({ owner: 'c', limit: 10, leaseMs: LEASE, now: T0 + 10 * LEASE })).toEqual([]);
  });

  it('a temporary failure waits until its retry time; a permanent one stops and is listed', async () => {
    const [soft, hard] = await outbox().enqueue([mail('soft@example.com'), mail('hard@example.com')], T0);
    await outbox().claim({ owner: 'a', limit: 10, leaseMs: LEASE, now: T0 });
    expect(await outbox().retryLater(soft!, 'a', '421 try later', T0 + 30_000)).toBe(true);
    expect(await outbox().markFailed(hard!, 'a', '550 no such user', T0 + 5)).toBe(true);

    expect(await outbox().claim({ owner: 'a', limit: 10, leaseMs: LEASE, now: T0 + 29_999 })).toEqual([]);
    const retried = await outbox().claim({ owner: 'a', limit: 10, leaseMs: LEASE, now: T0 + 30_000 });
    expect(retried.map((m) => m.id)).toEqual([soft]);
    expect(retried[0]).toMatchObject({ attempts: 2, lastError: '421 try later' });
    expect(await outbox().summary()).toEqual({
      waiting: 1,
      failed: 1,
      failures: [
        {
          id: hard,
          topic: 'lead-owner',
          recipient: 'hard@example.com',
          error: '550 no such user',
          failedAt: T0 + 5,
        },
      ],
    });
  });

  it('a message with a once-key is queued once, however often and by whom it is enqueued', async () => {
    const digest = { ...mail('owner@example.com', 'digest'), onceKey: 'digest-2026-11-26' };
    const ids = await Promise.all([
      harness.store.outbox.enqueue([digest], T0),
      harness.store.outbox.enqueue([digest], T0 + 1),
      harness.store.outbox.enqueue([digest, mail('other@example.com')], T0 + 2),
    ]);
    expect(new Set(ids.map((pair) => pair[0])).size).toBe(1);
    expect((await harness.store.outbox.summary()).waiting).toBe(2);
    await harness.store.outbox.enqueue([{ ...digest, onceKey: 'digest-2026-11-27' }], T0 + 3);
    expect((await harness.store.outbox.summary()).waiting).toBe(3);
  });

  it('held messages wait until released or cancelled', async () => {
    const [held, dropped] = await outbox().enqueue(
      [mail('held@example.com'), mail('gone@example.com')],
      T0,
      T0 + 120_000,
    );
    expect(await outbox().claim({ owner: 'a', limit: 10, leaseMs: LEASE, now: T0 + 1 })).toEqual([]);
    await outbox().cancel([dropped!]);
    await outbox().release([held!], T0 + 2);
    const claimed = await outbox().claim({ owner: 'a', limit: 10, leaseMs: LEASE, now: T0 + 2 });
    expect(claimed.map((m) => m.id)).toEqual([held]);
    expect(await outbox().findMessage(dropped!)).toBeUndefined();
  });

  it('claims only the kinds asked for (webhooks go out while mail waits for SMTP)', async () => {
    const [, hook] = await outbox().enqueue(
      [
        mail('owner@example.com'),
        {
          topic: 'lead-webhook',
          payload: { kind: 'webhook', url: 'https://hooks.example.com/T1/B2?x=1', body: { text: 'hi' } },
        },
      ],
      T0,
    );
    const claimed = await outbox().claim({
      owner: 'a',
      limit: 10,
      leaseMs: LEASE,
      now: T0,
      kinds: ['webhook'],
    });
    expect(claimed.map((m) => m.id)).toEqual([hook]);
    expect(claimed[0]!.payload).toEqual({
      kind: 'webhook',
      url: 'https://hooks.example.com/T1/B2?x=1',
      body: { text: 'hi' },
    });
    expect(
      (await outbox().claim({ owner: 'a', limit: 10, leaseMs: LEASE, now: T0 })).map((m) => m.topic),
    ).toEqual(['lead-owner']);
  });

  it('parallel claimers share the queue without overlap', async () => {
    await outbox().enqueue(
      Array.from({ length: 24 }, (_, i) => mail(`r${i}@example.com`)),
      T0,
    );
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd'].map((owner) => outbox().claim({ owner, limit: 10, leaseMs: LEASE, now: T0 })),
    );
    const ids = claims.flat().map((m) => m.id);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
  });

  it('a lead and its notifications are stored together', async () => {
    const stored = await harness.store.leads.createLead(lead, T0, [
      mail('owner@example.com'),
      mail(lead.email, 'lead-visitor'),
    ]);
    expect(stored.email).toBe(lead.email);
    const claimed = await outbox().claim({ owner: 'a', limit: 10, leaseMs: LEASE, now: T0 });
    expect(claimed.map((m) => m.topic).sort()).toEqual(['lead-owner', 'lead-visitor']);
  });
});

describe.each([
  ['SQLite (temp file)', () => sqliteHarness()],
  ['PostgreSQL (real server)', () => postgresHarness()],
])('a lead the store refuses queues nothing: %s', (_name, makeHarness) => {
  it('rolls the notifications back with the lead', async () => {
    const harness = await makeHarness();
    try {
      const bad = { ...lead, language: 'xx' } as unknown as NewLead;
      await expect(harness.store.leads.createLead(bad, T0, [mail('owner@example.com')])).rejects.toThrow();
      expect(await harness.store.outbox.summary()).toEqual({ waiting: 0, failed: 0, failures: [] });
    } finally {
      await harness.dispose();
    }
  });
});
