// @vitest-environment node
// Issue 26 M3: a PostgreSQL server that is frozen (SIGSTOP: connections open, nothing answers)
// or stopped answers a 503 within 2 s, and the same store works again once the server is
// back, without a restart. Its own throw-away server, so freezing it disturbs no other test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_UNAVAILABLE, UserStoreError } from '../src/errors.ts';
import { PostgresStore } from '../src/postgres-store.ts';
import { startTestPostgres, type TestPostgres } from '../src/testing/postgres-server.ts';

let pg: TestPostgres;
let store: PostgresStore;
beforeAll(async () => {
  pg = await startTestPostgres();
  store = new PostgresStore({ url: pg.url, poolSize: 4 });
  await store.users.findByEmail('warm@example.com');
}, 60_000);
afterAll(async () => {
  pg?.thaw();
  await store?.close();
  await pg?.stop();
});

/** Fires `n` lookups at once; resolves with the slowest one's time and every outcome. */
async function lookups(n: number) {
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: n }, () => store.users.findByEmail('someone@example.com')),
  );
  return { ms: performance.now() - started, outcomes };
}

async function backWithin(ms: number) {
  await expect
    .poll(
      () =>
        store.users.findByEmail('someone@example.com').then(
          () => 'ok',
          (e: Error) => e.message,
        ),
      {
        timeout: ms,
        interval: 200,
      },
    )
    .toBe('ok');
}

describe('PostgresStore when the server stops answering', () => {
  it('frozen: every request (more than the pool) gets a 503 within 2 s; works again after thaw', async () => {
    pg.freeze();
    try {
      const { ms, outcomes } = await lookups(8);
      expect(ms).toBeLessThan(2_000);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe('rejected');
        const reason = (outcome as PromiseRejectedResult).reason as UserStoreError;
        expect(reason).toBeInstanceOf(UserStoreError);
        expect(reason).toMatchObject({ status: 503, publicMessage: STORE_UNAVAILABLE });
      }
    } finally {
      pg.thaw();
    }
    await backWithin(10_000);
  }, 30_000);

  it('stopped: a 503 within 2 s naming nothing to the visitor; works again after a restart', async () => {
    await pg.halt();
    try {
      const { ms, outcomes } = await lookups(3);
      expect(ms).toBeLessThan(2_000);
      for (const outcome of outcomes) {
        expect((outcome as PromiseRejectedResult).reason).toMatchObject({
          status: 503,
          publicMessage: STORE_UNAVAILABLE,
        });
      }
    } finally {
      await pg.restart();
    }
    await backWithin(10_000);
  }, 60_000);
});
