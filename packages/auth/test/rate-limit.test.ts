import { describe, expect, it } from 'vitest';
import { AIRTABLE_RATE, limiterFor, RateLimiter } from '../src/rate-limit.ts';

/** A clock that only moves when someone sleeps, so spacing is exact and the test instant. */
function fakeTime() {
  const clock = { now: 0 };
  const sleep = async (ms: number) => {
    await Promise.resolve();
    clock.now = Math.max(clock.now, ms + clock.now);
  };
  return { clock, now: () => clock.now, sleep };
}

describe('RateLimiter', () => {
  it('spaces request starts 250 ms apart at 4/s, in arrival order', async () => {
    const time = fakeTime();
    const starts: number[] = [];
    const limiter = new RateLimiter({ perSecond: 4, maxQueue: 10, now: time.now, sleep: time.sleep });
    // Each waiter sleeps its own delay from the same start; sequential sleeps model it faithfully.
    for (let i = 0; i < 6; i++) await limiter.run(async () => void starts.push(time.clock.now));
    expect(starts).toEqual([0, 250, 500, 750, 1000, 1250]);
  });

  it('refuses at once with 503 when the queue is full, and pauses every start after a 429', async () => {
    const sleeps: number[] = [];
    const limiter = new RateLimiter({
      perSecond: 4,
      maxQueue: 2,
      now: () => 0,
      sleep: (ms) => new Promise((resolve) => (sleeps.push(ms), setTimeout(resolve, 0))),
    });
    const runs = Array.from({ length: 4 }, () => limiter.run(async () => 'ok'));
    const results = await Promise.allSettled(runs);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(results[3]).toMatchObject({
      reason: { status: 503, message: 'The user table is busy. Please try again in a few seconds.' },
    });
    expect(sleeps).toEqual([250, 500]);
    limiter.pause(30_000);
    sleeps.length = 0;
    await limiter.run(async () => 'ok');
    expect(sleeps).toEqual([30_000]);
  });

  it('counts its waiters, and frees their places when they start: a drained queue takes new ones', async () => {
    const wakes: (() => void)[] = [];
    const limiter = new RateLimiter({
      perSecond: 4,
      maxQueue: 2,
      now: () => 0,
      sleep: () => new Promise<void>((resolve) => wakes.push(resolve)),
    });
    const first = limiter.run(async () => 'first');
    const queued = [limiter.run(async () => 'a'), limiter.run(async () => 'b')];
    expect(limiter.waiting).toBe(2);
    await expect(limiter.run(async () => 'refused')).rejects.toMatchObject({ status: 503 });
    expect(limiter.waiting).toBe(2);
    for (const wake of wakes.splice(0)) wake();
    expect(await Promise.all([first, ...queued])).toEqual(['first', 'a', 'b']);
    expect(limiter.waiting).toBe(0);
    const later = [limiter.run(async () => 'c'), limiter.run(async () => 'd')];
    expect(limiter.waiting).toBe(2);
    for (const wake of wakes.splice(0)) wake();
    expect(await Promise.all(later)).toEqual(['c', 'd']);
  });

  it('a refused request takes no start slot; a shorter pause never brings starts earlier', async () => {
    const sleeps: number[] = [];
    const limiter = new RateLimiter({
      perSecond: 4,
      maxQueue: 1,
      now: () => 0,
      sleep: (ms) => new Promise((resolve) => (sleeps.push(ms), setTimeout(resolve, 0))),
    });
    const results = await Promise.allSettled([
      limiter.run(async () => 'ok'),
      limiter.run(async () => 'ok'),
      limiter.run(async () => 'ok'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    // The refused third did not move the next start: it is 500, right after the second's 250.
    await limiter.run(async () => 'ok');
    expect(sleeps).toEqual([250, 500]);
    sleeps.length = 0;
    limiter.pause(30_000);
    limiter.pause(10);
    await limiter.run(async () => 'ok');
    expect(sleeps).toEqual([30_000]);
  });

  it('starts at once when nothing is scheduled, then spaces by the interval from that start', async () => {
    const time = fakeTime();
    time.clock.now = 10_000;
    const starts: number[] = [];
    const limiter = new RateLimiter({ perSecond: 2, maxQueue: 5, now: time.now, sleep: time.sleep });
    await limiter.run(async () => void starts.push(time.clock.now));
    await limiter.run(async () => void starts.push(time.clock.now));
    time.clock.now = 20_000;
    await limiter.run(async () => void starts.push(time.clock.now));
    expect(starts).toEqual([10_000, 10_500, 20_000]);
  });

  it('really waits by default: a second start comes an interval after the first', async () => {
    const limiter = new RateLimiter({ perSecond: 20, maxQueue: 1 });
    const starts: number[] = [];
    const called = performance.now();
    await Promise.all([1, 2].map(() => limiter.run(async () => void starts.push(performance.now()))));
    // Measured from the calls, a lower bound only: a loaded machine can start the first run late
    // (then both timers fire in one tick, as in a CI run at load 25), never the second one early.
    expect(starts[1]! - called).toBeGreaterThanOrEqual(45);
  });
});

describe('limiterFor', () => {
  it('gives every store on one base the same limiter, and each base its own', () => {
    const one = limiterFor('https://api.airtable.com|appOne');
    expect(limiterFor('https://api.airtable.com|appOne')).toBe(one);
    expect(limiterFor('https://api.airtable.com|appTwo')).not.toBe(one);
    expect(AIRTABLE_RATE).toEqual({ perSecond: 4, maxQueue: 40 });
  });
});
