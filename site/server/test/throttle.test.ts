// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '@voxdesk/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { AttemptLimit, LoginThrottle, type Reservation } from '../throttle.ts';

describe('LoginThrottle (over the SQLite store)', () => {
  const stores: SqliteStore[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });
  const make = (perIpLimit = 5) => {
    const clock = { now: 0 };
    const store = new SqliteStore(':memory:');
    stores.push(store);
    const throttle = new LoginThrottle(store, {
      perPair: { limit: 3, windowMs: 60_000 },
      perIp: { limit: perIpLimit, windowMs: 60_000 },
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

  it('lets an address make exactly its limit of attempts; the next is refused until the window ends', async () => {
    const { clock, throttle } = make();
    for (let i = 0; i < 5; i++) {
      expect(await throttle.reserve('6.6.6.6', `u${i}@x`)).toMatchObject({
        allowed: true,
        ipAttempts: i + 1,
      });
    }
    clock.now = 30_000;
    expect(await throttle.reserve('6.6.6.6', 'fresh@x')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Another address is not affected.
    expect(await throttle.reserve('6.6.6.7', 'fresh@x')).toMatchObject({ allowed: true, ipAttempts: 1 });
    clock.now = 60_000;
    expect(await throttle.reserve('6.6.6.6', 'fresh@x')).toMatchObject({ allowed: true, ipAttempts: 1 });
  });

  it("counts an account's attempts by its email: guesses at one account never slow another", async () => {
    const { throttle } = make();
    for (let i = 0; i < 8; i++) await throttle.reserve(`10.0.0.${i}`, 'target@x');
    expect(await throttle.reserve('10.0.1.1', 'target@x')).toMatchObject({ allowed: true, delayMs: 1000 });
    expect(await throttle.reserve('10.0.1.2', 'bystander@x')).toMatchObject({ allowed: true, delayMs: 0 });
  });

  it('refused attempts do not add to the account: a blocked pair cannot slow its owner', async () => {
    const { throttle } = make();
    for (let i = 0; i < 3; i++) await throttle.reserve('9.9.9.9', 'owner@x');
    // Refused (the pair is past 3): none of these may count against the account.
    for (let i = 0; i < 10; i++) expect((await throttle.reserve('9.9.9.9', 'owner@x')).allowed).toBe(false);
    // 3 counted so far, the limit is 4: this one and the next are not delayed.
    expect(await throttle.reserve('10.0.0.1', 'owner@x')).toMatchObject({ allowed: true, delayMs: 0 });
    expect(await throttle.reserve('10.0.0.2', 'owner@x')).toMatchObject({ allowed: true, delayMs: 200 });
  });

  it("an address that logged in to an account is never slowed by the account's counter", async () => {
    const { throttle } = make();
    const first = await throttle.reserve('203.0.113.5', 'owner@x');
    if (!first.allowed) throw new Error('the first attempt should be allowed');
    await throttle.succeeded(first.ticket);
    for (let i = 0; i < 8; i++) await throttle.reserve(`10.0.0.${i}`, 'owner@x');
    expect(await throttle.reserve('10.0.9.9', 'owner@x')).toMatchObject({ delayMs: 1000 });
    expect(await throttle.reserve('203.0.113.5', 'owner@x')).toMatchObject({ allowed: true, delayMs: 0 });
  });

  it('a check that never ran counts nowhere, except a busy one in the address count', async () => {
    const { throttle } = make();
    for (let i = 0; i < 6; i++) {
      const r = await throttle.reserve('1.1.1.1', 'a@x');
      if (!r.allowed) throw new Error(`attempt ${i + 1} should be allowed: nothing was checked`);
      // Without a reason it is 'failed' too.
      await throttle.notChecked(r.ticket, i % 2 ? 'failed' : undefined);
    }
    // The pair (3), the address (5) and the account (4) all had every attempt taken back.
    expect(await throttle.reserve('1.1.1.1', 'a@x')).toMatchObject({
      allowed: true,
      delayMs: 0,
      ipAttempts: 1,
    });
    const { throttle: busy } = make();
    for (let i = 0; i < 5; i++) {
      const r = await busy.reserve('2.2.2.2', 'b@x');
      if (!r.allowed) throw new Error(`attempt ${i + 1} should be allowed`);
      await busy.notChecked(r.ticket, 'busy');
    }
    // Busy keeps its place in the address's count (5), not in the pair's or the account's.
    expect(await busy.reserve('2.2.2.2', 'b@x')).toMatchObject({ allowed: false });
    expect(await busy.reserve('2.2.2.3', 'b@x')).toMatchObject({ allowed: true, delayMs: 0 });
  });

  it("a password change's attempts count per session, apart from the address's login pair", async () => {
    const { throttle } = make(50);
    for (let i = 0; i < 3; i++) await throttle.reserve('1.1.1.1', 'a@x', 'sess-1');
    expect(await throttle.reserve('1.1.1.1', 'a@x', 'sess-1')).toMatchObject({ allowed: false });
    expect(await throttle.reserve('1.1.1.1', 'a@x', 'sess-2')).toMatchObject({ allowed: true });
    expect(await throttle.reserve('1.1.1.1', 'a@x')).toMatchObject({ allowed: true });
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

describe('LoginThrottle: its defaults, a success, and the address it counts by', () => {
  const stores: SqliteStore[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });
  const open = () => {
    const store = new SqliteStore(':memory:');
    stores.push(store);
    return store;
  };
  const DAY = 24 * 60 * 60_000;
  const delayOf = (r: Reservation) => (r.allowed ? r.delayMs : `refused (${r.retryAfterSeconds} s)`);

  it('by default: 5 tries per pair and 50 per address for 15 minutes', async () => {
    const clock = { now: 0 };
    const throttle = new LoginThrottle(open(), { now: () => clock.now });
    for (let i = 0; i < 5; i++) expect((await throttle.reserve('1.1.1.1', 'a@x')).allowed).toBe(true);
    expect(await throttle.reserve('1.1.1.1', 'a@x')).toEqual({ allowed: false, retryAfterSeconds: 900 });
    // 6 counted for the address (a refusal counts there too): 44 more make 50.
    for (let i = 0; i < 44; i++) expect((await throttle.reserve('1.1.1.1', `u${i}@x`)).allowed).toBe(true);
    expect(await throttle.reserve('1.1.1.1', 'last@x')).toEqual({ allowed: false, retryAfterSeconds: 900 });
    clock.now = 15 * 60_000 - 1;
    expect((await throttle.reserve('1.1.1.1', 'last@x')).allowed).toBe(false);
    clock.now = 15 * 60_000;
    expect(await throttle.reserve('1.1.1.1', 'last@x')).toMatchObject({ allowed: true, ipAttempts: 1 });
  });

  it('by default: an account slows past 20 tries in 15 minutes, doubling to at most 5 s', async () => {
    const clock = { now: 0 };
    const throttle = new LoginThrottle(open(), { now: () => clock.now });
    const delays = [];
    for (let i = 0; i < 27; i++) delays.push(delayOf(await throttle.reserve(`10.0.0.${i}`, 'owner@x')));
    expect(delays.slice(19)).toEqual([0, 200, 400, 800, 1600, 3200, 5000, 5000]);
    clock.now = 15 * 60_000 - 1;
    expect(delayOf(await throttle.reserve('10.0.1.1', 'owner@x'))).toBe(5000);
    clock.now = 15 * 60_000;
    expect(delayOf(await throttle.reserve('10.0.1.2', 'owner@x'))).toBe(0);
  });

  it('by default: an address stays known to its account for 30 days after a login', async () => {
    const clock = { now: 0 };
    const throttle = new LoginThrottle(open(), { now: () => clock.now });
    const login = await throttle.reserve('203.0.113.5', 'owner@x');
    if (!login.allowed) throw new Error('the first attempt should be allowed');
    await throttle.succeeded(login.ticket);
    const delayAt = async (now: number) => {
      clock.now = now;
      for (let i = 0; i < 21; i++) await throttle.reserve(`10.0.0.${i}`, 'owner@x');
      return [
        delayOf(await throttle.reserve('10.0.9.9', 'owner@x')),
        delayOf(await throttle.reserve('203.0.113.5', 'owner@x')),
      ];
    };
    expect(await delayAt(30 * DAY - 60 * 60_000)).toEqual([400, 0]);
    expect(await delayAt(30 * DAY)).toEqual([400, 800]);
  });

  it('a success takes its attempt back from the address and the account, not only the pair', async () => {
    const store = open();
    const throttle = new LoginThrottle(store, {
      perPair: { limit: 3, windowMs: 60_000 },
      perIp: { limit: 3, windowMs: 60_000 },
      perAccount: { limit: 2, windowMs: 60_000 },
      now: () => 0,
    });
    await throttle.reserve('5.5.5.5', 'other1@x');
    await throttle.reserve('5.5.5.5', 'other2@x');
    const login = await throttle.reserve('5.5.5.5', 'owner@x');
    if (!login.allowed) throw new Error('the third attempt should be allowed');
    await throttle.succeeded(login.ticket);
    // The address has 2 failures, not 3: one more try is allowed, the one after is not.
    expect(await throttle.reserve('5.5.5.5', 'other3@x')).toMatchObject({ allowed: true, ipAttempts: 3 });
    expect((await throttle.reserve('5.5.5.5', 'other4@x')).allowed).toBe(false);
    // The account has no failure: two tries from elsewhere are not slowed, the third is.
    const others = [];
    for (const ip of ['7.0.0.1', '7.0.0.2', '7.0.0.3'])
      others.push(delayOf(await throttle.reserve(ip, 'owner@x')));
    expect(others).toEqual([0, 0, 200]);
  });

  it('counts an IPv6 /64 as one address, for the address limit and for the pair', async () => {
    const throttle = new LoginThrottle(open(), {
      perPair: { limit: 2, windowMs: 60_000 },
      perIp: { limit: 4, windowMs: 60_000 },
      now: () => 0,
    });
    expect((await throttle.reserve('2001:db8::1', 'a@x')).allowed).toBe(true);
    expect((await throttle.reserve('2001:db8::2', 'a@x')).allowed).toBe(true);
    expect((await throttle.reserve('2001:db8::3', 'a@x')).allowed).toBe(false);
    expect(await throttle.reserve('2001:db8::4', 'b@x')).toMatchObject({ allowed: true, ipAttempts: 4 });
    expect(await throttle.reserve('2001:db8::5', 'c@x')).toMatchObject({ allowed: false });
    // The next /64 is another subscriber.
    expect(await throttle.reserve('2001:db8:0:1::1', 'a@x')).toMatchObject({ allowed: true, ipAttempts: 1 });
  });

  it('says when to retry in whole seconds, rounded up', async () => {
    const clock = { now: 0 };
    const throttle = new LoginThrottle(open(), {
      perPair: { limit: 1, windowMs: 60_000 },
      now: () => clock.now,
    });
    await throttle.reserve('1.1.1.1', 'a@x');
    clock.now = 9_500;
    expect(await throttle.reserve('1.1.1.1', 'a@x')).toEqual({ allowed: false, retryAfterSeconds: 51 });
    clock.now = 59_999;
    expect(await throttle.reserve('1.1.1.1', 'a@x')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe('AttemptLimit (over the SQLite store)', () => {
  it('hit: lets exactly the limit through, then refuses with the time left in the window', async () => {
    const store = new SqliteStore(':memory:');
    const clock = { now: 0 };
    const limit = new AttemptLimit(store.attempts, { limit: 2, windowMs: 60_000 }, () => clock.now);
    expect(await limit.hit('k')).toEqual({ allowed: true });
    expect(await limit.hit('k')).toEqual({ allowed: true });
    clock.now = 15_000;
    expect(await limit.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await limit.hit('other')).toEqual({ allowed: true });
    clock.now = 60_000;
    expect(await limit.hit('k')).toEqual({ allowed: true });
    await store.close();
  });

  it('check: reads without counting, and refuses once the count reaches the limit', async () => {
    const store = new SqliteStore(':memory:');
    const limit = new AttemptLimit(store.attempts, { limit: 2, windowMs: 60_000 }, () => 0);
    expect(await limit.check('k')).toEqual({ allowed: true });
    expect(await limit.check('k')).toEqual({ allowed: true });
    await limit.hit('k');
    expect(await limit.check('k')).toEqual({ allowed: true });
    await limit.hit('k');
    expect(await limit.check('k')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    await store.close();
  });
});
