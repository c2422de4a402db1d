import { describe, expect, it } from 'vitest';
import { backoffDelay, EQUAL_JITTER, withBackoff } from '../src/retry.ts';

const refused = new Error('429');

/** Runs a task that fails `failures` times, recording each wait. */
async function waitsFor(failures: number, random: () => number, retries = 4) {
  const waits: number[] = [];
  let calls = 0;
  const result = await withBackoff(
    async () => {
      calls++;
      if (calls <= failures) throw refused;
      return 'ok';
    },
    (error) => error === refused,
    { retries, baseDelayMs: 200, maxDelayMs: 1_000, random, sleep: async (ms) => void waits.push(ms) },
  ).catch((error: unknown) => error);
  return { waits, calls, result };
}

describe('withBackoff', () => {
  it('waits between half and all of an exponential ceiling capped at maxDelayMs (equal jitter)', async () => {
    expect((await waitsFor(4, () => 0)).waits).toEqual([100, 200, 400, 500]);
    expect((await waitsFor(4, () => 1)).waits).toEqual([200, 400, 800, 1_000]);
    expect((await waitsFor(1, () => 0.5)).waits).toEqual([150]);
  });

  it('gives up after `retries` retries and rethrows the last error', async () => {
    const { calls, result, waits } = await waitsFor(10, () => 0, 2);
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
    expect(result).toBe(refused);
  });

  it('never retries an error the predicate refuses', async () => {
    const other = new Error('400');
    let calls = 0;
    const result = await withBackoff(
      async () => {
        calls++;
        throw other;
      },
      (error) => error === refused,
      { retries: 4, baseDelayMs: 1, maxDelayMs: 1, sleep: async () => undefined },
    ).catch((error: unknown) => error);
    expect([calls, result]).toEqual([1, other]);
  });
});

describe('backoffDelay', () => {
  const policy = { baseMs: 100, maxMs: 1_000, jitter: EQUAL_JITTER };

  it('doubles from baseMs per failure up to maxMs; no failure yet waits as after the first', () => {
    const ceilings = [0, 1, 2, 3, 4, 5, 6].map((failures) => backoffDelay(failures, policy, () => 1));
    expect(ceilings).toEqual([100, 100, 200, 400, 800, 1_000, 1_000]);
  });

  it('equal jitter waits at least half the ceiling (full jitter could wait 0 ms)', () => {
    expect(backoffDelay(3, policy, () => 0)).toBe(200);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(300);
    expect(backoffDelay(3, policy, () => 0.999)).toBe(400);
  });

  it('spreads by any [low, high] band, rounded to whole ms', () => {
    const band = { baseMs: 1_000, maxMs: 10_000, jitter: { low: 0.8, high: 1.2 } };
    expect(backoffDelay(1, band, () => 0)).toBe(800);
    expect(backoffDelay(1, band, () => 1)).toBe(1_200);
    expect(backoffDelay(30, band, () => 0.25)).toBe(9_000);
    expect(backoffDelay(1, { ...band, baseMs: 3 }, () => 0.5)).toBe(3);
  });
});
