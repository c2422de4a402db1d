import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeVapi } from '../src/index.ts';
import { api, TOKEN, useFakeVapi } from './helpers.ts';

const fake = useFakeVapi();

describe('fault injection', () => {
  it('fails the next n requests with 429 and Retry-After, then answers normally', async () => {
    fake.failNext(2, { status: 429, headers: { 'retry-after': '3' } });
    for (let i = 0; i < 2; i += 1) {
      const answer = await api('GET', '/assistant');
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('3');
      expect(answer.body).toEqual({
        message: 'Too Many Requests',
        error: 'Too Many Requests',
        statusCode: 429,
      });
    }
    expect((await api('GET', '/assistant')).status).toBe(200);
  });

  it('fails only matching requests, with a custom body', async () => {
    fake.failNext(1, { status: 500, method: 'POST', path: '/assistant', body: { message: 'boom' } });
    expect((await api('GET', '/assistant')).status).toBe(200);
    const failed = await api('POST', '/assistant', { body: { name: 'A' } });
    expect(failed).toMatchObject({ status: 500, body: { message: 'boom' } });
    expect(fake.state.assistants.size).toBe(0);
    expect((await api('POST', '/assistant', { body: { name: 'A' } })).status).toBe(201);
  });

  it('lets `after` matching requests through first, then fails (the third write of an apply)', async () => {
    fake.failNext(1, { status: 500, method: 'POST', after: 2 });
    expect((await api('GET', '/assistant')).status).toBe(200);
    expect((await api('POST', '/assistant', { body: { name: 'A' } })).status).toBe(201);
    expect((await api('POST', '/assistant', { body: { name: 'B' } })).status).toBe(201);
    expect((await api('POST', '/assistant', { body: { name: 'C' } })).status).toBe(500);
    expect((await api('POST', '/assistant', { body: { name: 'C' } })).status).toBe(201);
    expect([...fake.state.assistants.values()].map((a) => a.name).sort()).toEqual(['A', 'B', 'C']);
    expect(() => fake.failNext(1, { status: 500, after: -1 })).toThrow('after must be a whole number');
  });

  it('matches paths by RegExp and can drop the connection', async () => {
    fake.failNext(1, { networkError: true, path: /^\/call/ });
    await expect(fetch('https://api.vapi.ai/call')).rejects.toThrow(TypeError);
    expect((await api('GET', '/call')).status).toBe(200);
  });

  it('clears pending faults on reset and refuses nonsense', () => {
    fake.failNext(3, { status: 503 });
    fake.reset();
    expect(() => fake.failNext(0, { status: 500 })).toThrow('times must be a positive integer');
    expect(() => fake.failNext(1, { status: 42 })).toThrow('status must be an HTTP status');
  });

  it('delays an answer without failing it', async () => {
    vi.useFakeTimers();
    try {
      fake.failNext(1, { delayMs: 30_000 });
      let settled = false;
      const request = new Request('https://api.vapi.ai/assistant', {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const pending = fake.fetch(request).then((r) => {
        settled = true;
        return r;
      });
      await vi.advanceTimersByTimeAsync(29_000);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      expect((await pending).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('rate limit', () => {
  afterEach(() => vi.useRealTimers());

  it('answers 429 with Retry-After past the limit until the window passes', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T09:00:00.000Z') });
    const limited = createFakeVapi({ rateLimit: { requests: 2, windowMs: 10_000 } });
    const get = () => limited.fetch(new Request('https://api.vapi.ai/assistant'));
    expect((await get()).status).toBe(200);
    await vi.advanceTimersByTimeAsync(2_500);
    expect((await get()).status).toBe(200);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('8');
    expect(await refused.json()).toEqual({
      message: 'Too Many Requests',
      error: 'Too Many Requests',
      statusCode: 429,
    });
    await vi.advanceTimersByTimeAsync(7_500);
    expect((await get()).status).toBe(200);
  });
});
