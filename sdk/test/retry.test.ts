import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  InternalServerError,
  RateLimitError,
  Vapi,
  VapiConnectionError,
  VapiTimeoutError,
  type BadRequestError,
  type RetryEvent,
} from '../src/index.ts';
import { BASE, useMsw } from './msw.ts';

const server = useMsw();

/** Answers with each status in turn (the last one repeats) and records when each request came. */
function replies(path: string, statuses: number[], headers: Record<string, string> = {}) {
  const times: number[] = [];
  server.use(
    http.all(`${BASE}${path}`, () => {
      const status = statuses[Math.min(times.length, statuses.length - 1)] as number;
      times.push(Date.now());
      if (status === 0) return HttpResponse.error();
      return status < 400
        ? HttpResponse.json([{ id: 'a1' }])
        : HttpResponse.json({ message: `status ${status}`, statusCode: status }, { status, headers });
    }),
  );
  return times;
}

/** Request times relative to start, allowing the few ms msw's own timers add per hop. */
function expectGaps(times: number[], start: number, expected: number[]) {
  expect(times).toHaveLength(expected.length);
  times.forEach((t, i) => {
    expect(t - start).toBeGreaterThanOrEqual(expected[i] as number);
    expect(t - start).toBeLessThanOrEqual((expected[i] as number) + 5);
  });
}

const vapi = (options = {}) => new Vapi({ token: 'sk', baseUrl: BASE, ...options });

/** Runs a call to completion while fake time advances; returns its result or error. */
async function settle<T>(promise: Promise<T>): Promise<T | unknown> {
  const outcome = promise.then(
    (value) => value,
    (error: unknown) => error,
  );
  await vi.advanceTimersByTimeAsync(120_000);
  return outcome;
}

beforeAll(async () => {
  // The client imports its error mapping on first use; a cold import that finishes
  // after `settle` has advanced fake time leaves a retry waiting on a timer nobody advances
  // (this file's first test timed out when run on its own).
  await import('../src/error-mapping.ts');
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-06-01T00:00:00.000Z') });
  // Math.random() = 0 makes the jitter deterministic: each delay is half its backoff step.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retries', () => {
  it('retries a GET twice on 5xx with exponential backoff and jitter, then throws', async () => {
    const times = replies('/assistant', [503]);
    const start = Date.now();
    const error = await settle(vapi().assistants.list());
    expect(error).toBeInstanceOf(InternalServerError);
    expectGaps(times, start, [0, 250, 750]);
  });

  it('spreads delays between half and all of each step as Math.random varies', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const times = replies('/assistant', [500, 500, 200]);
    const start = Date.now();
    await settle(vapi().assistants.list());
    const gaps = times.map((t) => t - start);
    expect(gaps[1]).toBeGreaterThan(490);
    expect(gaps[1]).toBeLessThanOrEqual(500);
    expect((gaps[2] as number) - (gaps[1] as number)).toBeGreaterThan(990);
  });

  it('succeeds when a retry succeeds', async () => {
    const times = replies('/assistant', [429, 408, 200]);
    expect(await settle(vapi().assistants.list())).toEqual([{ id: 'a1' }]);
    expect(times).toHaveLength(3);
  });

  it('retries PUT and DELETE by default', async () => {
    const put = replies('/assistant/a1', [502, 200]);
    await settle(vapi().assistants.replace('a1', { name: 'x' }));
    expect(put).toHaveLength(2);
  });

  it('retries a 429 on every method: a POST with Retry-After succeeds on its retry (issue 27)', async () => {
    const post = replies('/assistant', [429, 200], { 'retry-after': '2' });
    const start = Date.now();
    const create = vapi().request({ method: 'POST', path: '/assistant', body: { name: 'x' } });
    expect(await settle(create)).toEqual([{ id: 'a1' }]);
    expectGaps(post, start, [0, 2000]);
    // Without Retry-After, the backoff; PATCH alike; the limit holds (2 retries by default).
    const patch = replies('/assistant/a1', [429]);
    expect(await settle(vapi().assistants.update('a1', { name: 'x' }))).toBeInstanceOf(RateLimitError);
    expect(patch).toHaveLength(3);
    // retry: 0 on the request turns it off.
    const none = replies('/assistant', [429, 200], { 'retry-after': '1' });
    expect(await settle(vapi().assistants.create({ name: 'x' }, { retry: 0 }))).toBeInstanceOf(
      RateLimitError,
    );
    expect(none).toHaveLength(1);
  });

  it('retries a 503 with Retry-After on a POST, but not a 503 without it, a 502 or a 500', async () => {
    const told = replies('/assistant', [503, 200], { 'retry-after': '1' });
    const create = vapi().request({ method: 'POST', path: '/assistant', body: { name: 'x' } });
    expect(await settle(create)).toEqual([{ id: 'a1' }]);
    expect(told).toHaveLength(2);
    for (const status of [503, 502, 500]) {
      const blind = replies('/assistant', [status, 200]);
      expect(await settle(vapi().assistants.create({ name: 'x' }))).toBeInstanceOf(InternalServerError);
      expect(blind).toHaveLength(1);
    }
    // A Retry-After that is not a delay or a date says nothing: still a blind retry, so not made.
    const nonsense = replies('/assistant', [503, 200], { 'retry-after': 'soon' });
    expect(await settle(vapi().assistants.create({ name: 'x' }))).toBeInstanceOf(InternalServerError);
    expect(nonsense).toHaveLength(1);
  });

  it('does not retry POST or PATCH unless the request opts in', async () => {
    const post = replies('/assistant', [503]);
    expect(await settle(vapi().assistants.create({ name: 'x' }))).toBeInstanceOf(InternalServerError);
    expect(post).toHaveLength(1);
    const patch = replies('/assistant/a1', [503]);
    expect(await settle(vapi().assistants.update('a1', { name: 'x' }))).toBeInstanceOf(InternalServerError);
    expect(patch).toHaveLength(1);
  });

  it('retries a POST when that request sets retry', async () => {
    const post = replies('/assistant', [503, 503, 503, 200]);
    await settle(vapi().assistants.create({ name: 'x' }, { retry: 3 }));
    expect(post).toHaveLength(4);
  });

  it('does not retry other 4xx', async () => {
    const times = replies('/assistant', [400]);
    const error = (await settle(vapi().assistants.list())) as BadRequestError;
    expect(error.status).toBe(400);
    expect(times).toHaveLength(1);
  });

  it('honours the retry limit from the client and from the request', async () => {
    const a = replies('/assistant', [500]);
    await settle(vapi({ retry: 0 }).assistants.list());
    expect(a).toHaveLength(1);
    const b = replies('/assistant', [500]);
    await settle(vapi({ retry: { limit: 4 } }).assistants.list());
    expect(b).toHaveLength(5);
    const c = replies('/assistant', [500]);
    await settle(vapi({ retry: 4 }).assistants.list(undefined, { retry: 1 }));
    expect(c).toHaveLength(2);
  });

  it('waits Retry-After seconds instead of the backoff', async () => {
    const times = replies('/assistant', [429, 200], { 'retry-after': '3' });
    const start = Date.now();
    await settle(vapi().assistants.list());
    expectGaps(times, start, [0, 3000]);
  });

  it('waits until a Retry-After HTTP date', async () => {
    const at = new Date(Date.now() + 7000).toUTCString();
    const times = replies('/assistant', [503, 200], { 'retry-after': at });
    const start = Date.now();
    await settle(vapi().assistants.list());
    expectGaps(times, start, [0, 7000]);
  });

  it('waits a Retry-After up to maxRetryAfter in full, and fails at once on a longer one (issue 27)', async () => {
    // Before: a 120 s Retry-After was cut to 60 s and retried early, twice, to the same 429.
    const times = replies('/assistant', [429, 200], { 'retry-after': '120' });
    const onRetry = vi.fn();
    const error = (await settle(vapi({ onRetry }).assistants.list())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(times).toHaveLength(1);
    expect(onRetry).not.toHaveBeenCalled();
    expect(error.retryAt).toEqual(new Date('2026-06-01T00:02:00.000Z'));
    expect(error.message).toBe(
      'GET /assistant → 429: status 429 (not retried: the server asks to wait 120 s, past the 60000 ms maxRetryAfter; try again after 2026-06-01T00:02:00.000Z)',
    );
    const fits = replies('/assistant', [429, 200], { 'retry-after': '60' });
    const start = Date.now();
    expect(await settle(vapi().assistants.list())).toEqual([{ id: 'a1' }]);
    expectGaps(fits, start, [0, 60_000]);
    // A lower bound of the caller's own: 2 s is waited, 3 s is not.
    const two = replies('/assistant', [429, 200], { 'retry-after': '2' });
    await settle(vapi({ retry: { maxRetryAfter: 2000 } }).assistants.list());
    expect(two).toHaveLength(2);
    const three = replies('/assistant', [429, 200], { 'retry-after': '3' });
    const refused = await settle(vapi({ retry: { maxRetryAfter: 2000 } }).assistants.list());
    expect(three).toHaveLength(1);
    expect((refused as Error).message).toContain('past the 2000 ms maxRetryAfter');
  });

  it('gives up with RateLimitError after the last 429', async () => {
    replies('/assistant', [429], { 'retry-after': '1' });
    const error = await settle(vapi().assistants.list());
    expect(error).toBeInstanceOf(RateLimitError);
  });

  it('retries connection errors for idempotent methods, then throws VapiConnectionError', async () => {
    const times = replies('/assistant', [0]);
    const error = await settle(vapi().assistants.list());
    expect(error).toBeInstanceOf(VapiConnectionError);
    expect(times).toHaveLength(3);
    const post = replies('/assistant', [0]);
    expect(await settle(vapi().assistants.create({ name: 'x' }))).toBeInstanceOf(VapiConnectionError);
    expect(post).toHaveLength(1);
  });
});

describe('onRetry and totalTimeout (issue 14, defect 4)', () => {
  it('onRetry hears each retry before its wait: attempt, delay, status, reason', async () => {
    const events: RetryEvent[] = [];
    const times = replies('/assistant', [429, 503, 200], { 'retry-after': '2' });
    const start = Date.now();
    const heardAt: number[] = [];
    const client = vapi({ onRetry: (event: RetryEvent) => (events.push(event), heardAt.push(Date.now())) });
    expect(await settle(client.assistants.list())).toEqual([{ id: 'a1' }]);
    expectGaps(times, start, [0, 2000, 4000]);
    expect(events).toEqual([
      {
        attempt: 2,
        maxAttempts: 3,
        delay: 2000,
        status: 429,
        reason: '429 Too Many Requests',
        retryAfter: 2000,
        method: 'GET',
        url: `${BASE}/assistant`,
      },
      expect.objectContaining({ attempt: 3, delay: 2000, status: 503, reason: '503 Service Unavailable' }),
    ]);
    // Announced before the wait, not after it.
    expect(heardAt[0]! - start).toBeLessThan(10);
  });

  it('onRetry names a connection error by its cause, and reports the jittered backoff', async () => {
    const events: RetryEvent[] = [];
    replies('/assistant', [0, 200]);
    await settle(vapi({ onRetry: (event: RetryEvent) => events.push(event) }).assistants.list());
    expect(events).toEqual([
      expect.objectContaining({ attempt: 2, delay: 250, status: 0, retryAfter: undefined }),
    ]);
    expect(events[0]!.reason).toMatch(/\S/);
  });

  it('a Retry-After date in the past retries at once, with no negative timer warning', async () => {
    vi.useRealTimers(); // Node's own timers are the ones that warn
    const warn = vi.spyOn(process, 'emitWarning');
    const past = new Date(Date.now() - 60_000).toUTCString();
    const times = replies('/assistant', [429, 200], { 'retry-after': past });
    const onRetry = vi.fn();
    expect(await vapi({ onRetry }).assistants.list()).toEqual([{ id: 'a1' }]);
    expect(times).toHaveLength(2);
    // "At once" as the SDK planned it, not as a loaded machine's clock saw it.
    expect(onRetry).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ attempt: 2, delay: 0 }));
    expect(warn).not.toHaveBeenCalled();
  });

  it('fails at once when Retry-After would end past totalTimeout, saying when to try again', async () => {
    const times = replies('/assistant', [429, 200], { 'retry-after': '120' });
    const onRetry = vi.fn();
    const error = (await settle(vapi({ totalTimeout: 30_000, onRetry }).assistants.list())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(times).toHaveLength(1);
    expect(onRetry).not.toHaveBeenCalled();
    expect(error.retryAt).toEqual(new Date('2026-06-01T00:02:00.000Z'));
    expect(error.message).toBe(
      'GET /assistant → 429: status 429 (not retried: the server asks to wait 120 s, past the 30000 ms totalTimeout; try again after 2026-06-01T00:02:00.000Z)',
    );
  });

  it('stops backing off when the next wait would pass totalTimeout (per request too)', async () => {
    const times = replies('/assistant', [503]);
    const error = (await settle(
      vapi({ retry: 4 }).assistants.list(undefined, { totalTimeout: 1000 }),
    )) as InternalServerError;
    // Waits of 250 and 500 ms fit; the third (1 s) would end at 1.75 s.
    expect(times).toHaveLength(3);
    expect(error.message).toBe(
      'GET /assistant → 503: status 503 (not retried: the next retry would wait 1 s, past the 1000 ms totalTimeout)',
    );
  });

  it('cuts an attempt in flight at totalTimeout', async () => {
    vi.useRealTimers();
    server.use(http.get(`${BASE}/assistant`, async () => (await delay(5000), HttpResponse.json([]))));
    const error = await vapi({ totalTimeout: 100 })
      .assistants.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiTimeoutError);
    expect((error as Error).message).toBe('GET /assistant timed out after 100 ms');
  });

  it('checks the new options', () => {
    expect(() => vapi({ totalTimeout: -1 })).toThrow('"totalTimeout" must be a whole number of milliseconds');
    expect(() => vapi({ onRetry: 'log' })).toThrow('"onRetry" must be a function');
  });
});
