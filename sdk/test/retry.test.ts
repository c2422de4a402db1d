import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  InternalServerError,
  RateLimitError,
  Vapi,
  VapiConnectionError,
  type BadRequestError,
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

  it('caps Retry-After at maxRetryAfter (default 60 s)', async () => {
    const times = replies('/assistant', [429, 200], { 'retry-after': '3600' });
    const start = Date.now();
    await settle(vapi().assistants.list());
    expectGaps(times, start, [0, 60_000]);
    const capped = replies('/assistant', [429, 200], { 'retry-after': '3600' });
    const start2 = Date.now();
    await settle(vapi({ retry: { maxRetryAfter: 2000 } }).assistants.list());
    expectGaps(capped, start2, [0, 2000]);
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
