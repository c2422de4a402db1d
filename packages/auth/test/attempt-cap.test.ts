// @vitest-environment node
// Issue 26 M6: the throttle counters have a fixed capacity. A spray from thousands of new
// addresses leaves the table at its cap, and what protects real users (their known addresses,
// a spent form token, counters past one attempt) is still there: the spray's own one-hit rows
// are evicted first. On a real SQLite file and the suite's real PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { ATTEMPT_SWEEP_ROOM, attemptRowsToEvict } from '../src/attempt-cap.ts';
import { PostgresStore } from '../src/postgres-store.ts';
import { SqliteStore } from '../src/sqlite-store.ts';
import { createTestSchema } from '../src/testing/postgres-server.ts';
import type { AttemptStore } from '../src/types.ts';
import { postgresUrl } from './stores.ts';

const CAP = 1_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = 1_000_000;

interface Harness {
  attempts: AttemptStore;
  rows(): Promise<number>;
  dispose(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function sqlite(): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'voxdesk-cap-'));
  const path = join(dir, 'store.db');
  const store = new SqliteStore(path, { maxAttemptRows: CAP });
  const { DatabaseSync } = await import('node:sqlite');
  return {
    attempts: store.attempts,
    async rows() {
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        return Number((db.prepare('SELECT count(*) AS n FROM attempts').get() as { n: number }).n);
      } finally {
        db.close();
      }
    },
    async dispose() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresStore(): Promise<Harness> {
  const { schema, drop } = await createTestSchema(postgresUrl());
  const store = new PostgresStore({ url: postgresUrl(), schema, poolSize: 8, maxAttemptRows: CAP });
  const raw = postgres(postgresUrl(), { max: 1, onnotice: () => {}, connection: { search_path: schema } });
  return {
    attempts: store.attempts,
    async rows() {
      const [row] = await raw<{ n: string }[]>`SELECT count(*) AS n FROM attempts`;
      return Number(row!.n);
    },
    async dispose() {
      await raw.end();
      await store.close();
      await drop();
    },
  };
}

/** What real users leave in the table: the rows the cap must keep. */
async function realUsers(attempts: AttemptStore) {
  for (let i = 0; i < 20; i++) {
    const email = `user${i}@example.com`;
    // Logged in from home nearly 30 days ago: that address is still the account's own.
    await attempts.hitAttempt(`known:${email}|10.0.0.${i}`, 30 * DAY, now - 30 * DAY + 5 * MINUTE);
    // Mistyped twice from the office.
    await attempts.hitAttempt(`pair:${email}|10.1.0.${i}`, 15 * MINUTE, now);
    await attempts.hitAttempt(`pair:${email}|10.1.0.${i}`, 15 * MINUTE, now);
  }
  // A lead-form token spent 50 minutes ago, valid for 10 more: evicted, it could be posted again.
  await attempts.hitAttempt('form-token:spent', 60 * MINUTE, now - 50 * MINUTE);
  // An attacker's pair that reached its limit (6 > 5): evicted, it could guess again.
  for (let i = 0; i < 6; i++)
    await attempts.hitAttempt('pair:victim@example.com|198.51.100.7', 15 * MINUTE, now);
}

async function expectRealUsersIntact(attempts: AttemptStore) {
  const later = now + MINUTE;
  for (let i = 0; i < 20; i++) {
    const email = `user${i}@example.com`;
    expect(await attempts.peekAttempt(`known:${email}|10.0.0.${i}`, later)).toBe(1);
    expect(await attempts.peekAttempt(`pair:${email}|10.1.0.${i}`, later)).toBe(2);
  }
  expect(await attempts.peekAttempt('form-token:spent', later)).toBe(1);
  expect(await attempts.peekAttempt('pair:victim@example.com|198.51.100.7', later)).toBe(6);
}

/** A login spray: every request from a new address, for a made-up email (three counters each). */
async function spray(attempts: AttemptStore, from: number, requests: number, concurrency: number) {
  let next = from;
  const worker = async () => {
    while (next < from + requests) {
      const n = next++;
      const ip = `203.0.${(n >> 8) & 255}.${n & 255}`;
      const email = `nobody${n}@example.net`;
      await Promise.all([
        attempts.hitAttempt(`pair:${email}|${ip}`, 15 * MINUTE, now + 1),
        attempts.hitAttempt(`ip:${ip}`, 15 * MINUTE, now + 1),
        attempts.hitAttempt(`account:${email}`, 15 * MINUTE, now + 1),
      ]);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

describe.each([
  ['SQLite', sqlite],
  ['PostgreSQL', postgresStore],
])('the attempts table on %s', (_name, make) => {
  it('stays within its cap under a spray from 1,200 new addresses; real users keep their counters', async () => {
    const harness = await make();
    cleanups.push(() => harness.dispose());
    await realUsers(harness.attempts);
    let most = 0;
    // In rounds, so the size is looked at while the spray goes on, not only at the end.
    for (let round = 0; round < 4; round++) {
      await spray(harness.attempts, round * 300, 300, 8);
      most = Math.max(most, await harness.rows());
    }
    // 1,200 requests made 3,600 rows' worth of counters; the expiring real rows end sooner than the spray's.
    expect(most).toBeLessThanOrEqual(CAP);
    expect(most).toBeGreaterThan(CAP * 0.8);
    await expectRealUsersIntact(harness.attempts);
  }, 120_000);

  it('drops expired rows before any live one, and keeps counting correctly after a sweep', async () => {
    const harness = await make();
    cleanups.push(() => harness.dispose());
    await realUsers(harness.attempts);
    // A window that ended long ago: the first rows to go, however high their count.
    for (let i = 0; i < 5; i++)
      await harness.attempts.hitAttempt('ip:old-flooder', MINUTE, now - 10 * MINUTE);
    await spray(harness.attempts, 0, 400, 8);
    expect(await harness.rows()).toBeLessThanOrEqual(CAP);
    await expectRealUsersIntact(harness.attempts);
    expect(await harness.attempts.peekAttempt('ip:old-flooder', now - 10 * MINUTE)).toBe(0);
    // The counters still count atomically after evictions.
    const counts = await Promise.all(
      Array.from({ length: 10 }, () =>
        harness.attempts.hitAttempt('pair:after@example.com|10.9.9.9', MINUTE, now),
      ),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  }, 120_000);
});

describe('attemptRowsToEvict', () => {
  it('leaves a table with room for the next sweep alone, and trims a fuller one to 90 %', () => {
    expect(attemptRowsToEvict(CAP - ATTEMPT_SWEEP_ROOM, CAP)).toBe(0);
    expect(attemptRowsToEvict(CAP - ATTEMPT_SWEEP_ROOM + 1, CAP)).toBe(1);
    expect(attemptRowsToEvict(50_000, 10_000)).toBe(41_000);
    // A small cap keeps room for the next look: never more than cap − SWEEP_ROOM rows kept.
    expect(attemptRowsToEvict(300, 300)).toBe(ATTEMPT_SWEEP_ROOM);
  });
});
