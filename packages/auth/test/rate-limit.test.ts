import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../src/rate-limit.ts';

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
    expect(results[3]).toMatchObject({ reason: { status: 503 } });
    expect(sleeps).toEqual([250, 500]);
    limiter.pause(30_000);
    sleeps.length = 0;
    await limiter.run(async () => 'ok');
    expect(sleeps).toEqual([30_000]);
  });
});
