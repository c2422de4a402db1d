import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeVapi, DEFAULT_ORG_ID, startFakeVapiServer } from '../src/index.ts';

const BASE = 'https://proxy.example/vapi';
const fake = createFakeVapi({ baseUrl: `${BASE}/`, orgId: 'org-1' });
const server = setupServer(...fake.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe('options', () => {
  it('answers under a base URL with a path, and hands out URLs under it', async () => {
    const created = await fetch(`${BASE}/assistant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Proxied' }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'Proxied', orgId: 'org-1' });
    expect(fake.state.requests.at(-1)?.path).toBe('/assistant');

    fake.state.calls.set('c1', {
      id: 'c1',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const redirect = await fetch(`${BASE}/call/c1/call-logs`, { redirect: 'manual' });
    expect(redirect.headers.get('location')?.startsWith(`${BASE}/__storage/call/c1/call-logs?`)).toBe(true);
    const logs = await fetch(`${BASE}/call/c1/call-logs`);
    expect(
      (await logs.text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).callId),
    ).toEqual(['c1', 'c1', 'c1']);

    expect(await (await fetch(`${BASE}/xyz`)).json()).toEqual({
      message: 'Cannot GET /xyz',
      error: 'Not Found',
      statusCode: 404,
    });
  });

  it('carries a cf-ray request id on every answer', async () => {
    const answer = await fetch(`${BASE}/nope`);
    expect(answer.headers.get('cf-ray')).toMatch(/^[0-9a-f]{16}-SJC$/);
  });

  it('refuses bad options with a message saying how to fix them', async () => {
    expect(() => createFakeVapi({ baseUrl: 'api.vapi.ai' })).toThrow(
      'baseUrl must be an absolute URL like https://api.vapi.ai, got "api.vapi.ai"',
    );
    expect(() => createFakeVapi({ token: '' })).toThrow('token must be a non-empty string');
    expect(() => createFakeVapi({ rateLimit: { requests: 5, windowMs: 0 } })).toThrow('rateLimit needs');
    await expect(startFakeVapiServer({ port: 70000 })).rejects.toThrow(
      'port must be an integer from 0 to 65535',
    );
    expect(() => createFakeVapi({ sameMillisecond: 0 })).toThrow(
      'createFakeVapi: sameMillisecond must be an integer ≥ 1 (records stamped per millisecond), got 0.',
    );
    expect(() => createFakeVapi({ tokn: 'x' } as never)).toThrow(
      'createFakeVapi options: unknown "tokn". Known: baseUrl, token, seed, rateLimit, orgId, now, operations, sameMillisecond, latencyMs, callPace.',
    );
    await expect(startFakeVapiServer({ baseUrl: 'http://x' } as never)).rejects.toThrow('unknown "baseUrl"');
    expect(() => createFakeVapi({ seed: { assistant: [] } as never })).toThrow(
      'createFakeVapi seed: unknown "assistant"',
    );
    expect(() => createFakeVapi({ seed: { assistants: [{ name: 'A' }, 'B'] } as never })).toThrow(
      'seed.assistants must be an array of objects',
    );
    expect(() => createFakeVapi({ seed: { collections: { squad: [] } } })).toThrow(
      'keys are paths starting with "/"',
    );
    const fake = createFakeVapi();
    expect(() => fake.failNext(1, { staus: 500 } as never)).toThrow('failNext fault: unknown "staus"');
    expect(() => fake.failNext(1, {})).toThrow('give a status, networkError: true, or delayMs');
  });

  it('stamps the default org id when none is given', () => {
    expect(createFakeVapi().state.orgId).toBe(DEFAULT_ORG_ID);
  });
});
