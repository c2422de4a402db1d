// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '@voxdesk/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../throttle.ts';

describe('LoginThrottle (over the SQLite store)', () => {
  const stores: SqliteStore[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });
  const make = () => {
    const clock = { now: 0 };
    const store = new SqliteStore(':memory:');
    stores.push(store);
    const throttle = new LoginThrottle(store, {
      perPair: { limit: 3, windowMs: 60_000 },
      perIp: { limit: 5, windowMs: 60_000 },
      perAccount: { limit: 4, windowMs: 60_000 },
      maxDelayMs: 1_000,
      now: () => clock.now,
    });
    return { clock, throttle };
  };

  it('blocks a (account, address) pair past its limit, until the window ends', async () => {
    const { clock, throttle } = make();
    for (let i = 0; i < 3; i++)
      expect(await throttle.reserve('1.1.1.1', 'a@x')).toMatchObject({ allowed: true });
    clock.now = 10_000;
    expect(await throttle.reserve('1.1.1.1', 'a@x')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    clock.now = 60_000;
    expect(await throttle.reserve('1.1.1.1', 'a@x')).toMatchObject({ allowed: true });
  });

  it("never blocks the owner's address because of others' guesses: the account only slows", async () => {
    const { throttle } = make();
    const delays = [];
    for (let i = 0; i < 8; i++) {
      const r = await throttle.reserve(`10.0.0.${i}`, 'owner@x');
      expect(r.allowed).toBe(true);
      delays.push((r as { delayMs: number }).delayMs);
    }
    expect(delays).toEqual([0, 0, 0, 0, 200, 400, 800, 1000]);
    expect(await throttle.reserve('192.0.2.7', 'owner@x')).toMatchObject({ allowed: true, delayMs: 1000 });
  });

  it('blocks one address spraying many accounts, and a success clears only the pair', async () => {
    const { throttle } = make();
    for (let i = 0; i < 5; i++) await throttle.reserve('6.6.6.6', `u${i}@x`);
    expect(await throttle.reserve('6.6.6.6', 'fresh@x')).toMatchObject({ allowed: false });
    const { throttle: t2 } = make();
    for (let i = 0; i < 2; i++) await t2.reserve('1.1.1.1', 'a@x');
    const third = await t2.reserve('1.1.1.1', 'a@x');
    if (!third.allowed) throw new Error('the third attempt should be allowed');
    await t2.succeeded(third.ticket);
    expect(await t2.reserve('1.1.1.1', 'a@x')).toMatchObject({ allowed: true });
  });

  it('keeps its counts across a restart and shares them between instances on one store file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voxdesk-throttle-'));
    try {
      const file = join(dir, 'voxdesk.db');
      const rule = { perPair: { limit: 3, windowMs: 60_000 }, now: () => 1_000 };
      const one = new SqliteStore(file);
      const two = new SqliteStore(file);
      stores.push(one, two);
      // Two instances, interleaved: 4 attempts in all, the 4th is refused.
      const a = new LoginThrottle(one, rule);
      const b = new LoginThrottle(two, rule);
      await a.reserve('1.1.1.1', 'a@x');
      await b.reserve('1.1.1.1', 'a@x');
      await a.reserve('1.1.1.1', 'a@x');
      expect(await b.reserve('1.1.1.1', 'a@x')).toMatchObject({ allowed: false });
      await one.close();
      await two.close();
      // A restart: a new store on the same file still refuses.
      const restarted = new SqliteStore(file);
      stores.push(restarted);
      expect(await new LoginThrottle(restarted, rule).reserve('1.1.1.1', 'a@x')).toMatchObject({
        allowed: false,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
