// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../throttle.ts';

describe('LoginThrottle', () => {
  const make = () => {
    const clock = { now: 0 };
    const throttle = new LoginThrottle({
      perEmail: { limit: 3, windowMs: 60_000 },
      perIp: { limit: 5, windowMs: 60_000 },
      now: () => clock.now,
      maxKeys: 4,
    });
    return { clock, throttle };
  };

  it('slides the window: blocked until the oldest failure ages out', () => {
    const { clock, throttle } = make();
    for (const t of [0, 10_000, 20_000]) {
      clock.now = t;
      expect(throttle.retryAfterSeconds('ip', 'a')).toBe(0);
      throttle.recordFailure('ip', 'a');
    }
    expect(throttle.retryAfterSeconds('ip', 'a')).toBe(40);
    clock.now = 60_001;
    expect(throttle.retryAfterSeconds('ip', 'a')).toBe(0);
  });

  it('success clears the account but not the address', () => {
    const { throttle } = make();
    for (let i = 0; i < 3; i++) throttle.recordFailure('ip', 'a');
    throttle.recordSuccess('a');
    expect(throttle.retryAfterSeconds('ip', 'a')).toBe(0);
    throttle.recordFailure('ip', 'b');
    throttle.recordFailure('ip', 'c');
    expect(throttle.retryAfterSeconds('ip', 'd')).toBe(60);
  });

  it('keeps a bounded number of keys', () => {
    const { throttle } = make();
    for (let i = 0; i < 100; i++) throttle.recordFailure(`ip${i}`, `user${i}`);
    // Only the newest keys survive: the oldest address is forgotten.
    for (let i = 0; i < 4; i++) throttle.recordFailure('ip0', 'user0');
    expect(throttle.retryAfterSeconds('ip0', 'other')).toBe(0);
  });
});
