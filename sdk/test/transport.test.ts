import { afterEach, describe, expect, it, vi } from 'vitest';
import { Vapi, VapiAbortError, VapiClient, VapiConnectionError, VapiTimeoutError } from '../src/index.ts';

const BASE = 'https://api.vapi.test';

/** A fetch answering each status in turn (the last repeats), recording what each attempt sent. */
function answering(statuses: number[], headers: Record<string, string> = {}) {
  const seen: { request: Request; body: string }[] = [];
  const fetch = async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ request, body: await request.text() });
    const status = statuses[Math.min(seen.length - 1, statuses.length - 1)]!;
    return status < 400
      ? Response.json([{ id: 'a1' }])
      : Response.json({ message: `status ${status}` }, { status, headers });
  };
  return { fetch, seen };
}

describe('the send loop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('calls a custom fetch as a plain function, as a browser fetch requires', async () => {
    // A browser's fetch throws "Illegal invocation" when called as a method of another object.
    const strictFetch = function (this: unknown) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return Promise.resolve(Response.json([{ id: 'a1' }]));
    };
    const vapi = new Vapi({ token: 'sk', baseUrl: BASE, fetch: strictFetch as typeof fetch, retry: 0 });
    expect(await vapi.assistants.list()).toEqual([{ id: 'a1' }]);
  });

  it('sends a fresh copy of the request on each attempt: a stream body goes again, settings kept', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { fetch, seen } = answering([503, 200]);
    const client = new VapiClient({ token: 'sk', baseUrl: BASE, fetch });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('name=Reception'));
        controller.close();
      },
    });
    await client.request({ method: 'PUT', path: '/assistant/a1', body: stream });
    expect(seen.map((s) => [s.request.method, s.request.url, s.body])).toEqual([
      ['PUT', `${BASE}/assistant/a1`, 'name=Reception'],
      ['PUT', `${BASE}/assistant/a1`, 'name=Reception'],
    ]);
    for (const { request } of seen) {
      expect([request.referrerPolicy, request.credentials, request.redirect]).toEqual([
        'no-referrer',
        'same-origin',
        'follow',
      ]);
      expect(request.headers.get('authorization')).toBe('Bearer sk');
    }
    // Each attempt gets its own signal, so one attempt's timeout cannot end the next.
    expect(seen[0]!.request.signal).not.toBe(seen[1]!.request.signal);
  });

  it('times out an attempt even when a custom fetch ignores its signal, and does not retry it', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    const vapi = new Vapi({ token: null, baseUrl: BASE, fetch, timeout: 50 });
    const error = (await vapi.assistants.list().catch((e: unknown) => e)) as VapiTimeoutError;
    expect(error).toBeInstanceOf(VapiTimeoutError);
    expect(error.message).toBe('GET /assistant timed out after 50 ms');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("aborting during a retry's wait ends the call at once, with no further attempt", async () => {
    const { fetch, seen } = answering([503], { 'retry-after': '30' });
    const controller = new AbortController();
    const vapi = new Vapi({
      token: null,
      baseUrl: BASE,
      fetch,
      onRetry: () => setTimeout(() => controller.abort(), 20),
    });
    const started = Date.now();
    const error = await vapi.assistants
      .list(undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiAbortError);
    expect(seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(10_000); // a guard against waiting out the 30 s, not a timing
  });

  it('calls a custom fetch as fetch(url, init): a string URL and a fresh init per attempt (issue 27)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const calls: [unknown, RequestInit | undefined][] = [];
    const headersSeen: Record<string, string>[] = [];
    const fetch = (input: unknown, init?: RequestInit) => {
      calls.push([input, init]);
      headersSeen.push({ ...(init!.headers as Record<string, string>) });
      // A wrapper may change what it was given; the next attempt must not see it.
      (init!.headers as Record<string, string>)['x-changed'] = 'yes';
      return Promise.resolve(
        calls.length === 1 ? Response.json({}, { status: 503 }) : Response.json({ id: 'a1' }),
      );
    };
    const vapi = new Vapi({ token: 'sk', baseUrl: BASE, fetch: fetch as typeof globalThis.fetch });
    await vapi.assistants.replace('a1', { name: 'Reception' });
    expect(calls).toHaveLength(2);
    const [[url, init]] = calls as [[string, RequestInit]];
    expect(url).toBe(`${BASE}/assistant/a1`);
    expect(init).toMatchObject({
      method: 'PUT',
      body: '{"name":"Reception"}',
      referrerPolicy: 'no-referrer',
    });
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(init.headers).toMatchObject({
      authorization: 'Bearer sk',
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(calls[1]![1]).not.toBe(init);
    expect(calls[1]![1]!.headers).not.toBe(init.headers);
    expect(headersSeen[1]).toEqual(headersSeen[0]);
    expect(headersSeen[1]).not.toHaveProperty('x-changed');
  });

  it('never retries what user code throws: it is thrown as it is, after one call (issue 27)', async () => {
    const mistake = new TypeError("Cannot read properties of undefined (reading 'method')");
    for (const fetch of [
      vi.fn(() => Promise.reject(mistake)),
      vi.fn(() => {
        throw mistake;
      }),
    ]) {
      const vapi = new Vapi({ token: null, baseUrl: BASE, fetch: fetch as typeof globalThis.fetch });
      await expect(vapi.assistants.list()).rejects.toBe(mistake);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it("retries a custom fetch's network failure on a GET, and names it a connection error", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const fetch = vi.fn(() =>
      Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } })),
    );
    const vapi = new Vapi({ token: null, baseUrl: BASE, fetch: fetch as typeof globalThis.fetch, retry: 1 });
    await expect(vapi.assistants.list()).rejects.toBeInstanceOf(VapiConnectionError);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a custom fetch that ignores its signal leaves no abort listener behind once it settles', async () => {
    const controller = new AbortController();
    const added = vi.spyOn(AbortSignal.prototype, 'addEventListener');
    const removed = vi.spyOn(AbortSignal.prototype, 'removeEventListener');
    const fetch = () => Promise.resolve(Response.json([]));
    const vapi = new Vapi({ token: null, baseUrl: BASE, fetch });
    await vapi.assistants.list(undefined, { signal: controller.signal });
    const abortAdded = added.mock.calls.filter(([type]) => type === 'abort').length;
    const abortRemoved = removed.mock.calls.filter(([type]) => type === 'abort').length;
    expect(abortAdded).toBeGreaterThan(0);
    expect(abortRemoved).toBe(abortAdded);
  });

  it('refuses at once a custom fetch attempt whose signal is already aborted, without calling it', async () => {
    const controller = new AbortController();
    controller.abort(new Error('user left'));
    const fetch = vi.fn(() => Promise.resolve(Response.json([])));
    const vapi = new Vapi({ token: null, baseUrl: BASE, fetch });
    const error = await vapi.assistants
      .list(undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiAbortError);
    expect(fetch).not.toHaveBeenCalled();
  });
});
