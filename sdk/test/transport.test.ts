import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  InternalServerError,
  Vapi,
  VapiAbortError,
  VapiClient,
  VapiConnectionError,
  VapiTimeoutError,
  type RetryEvent,
} from '../src/index.ts';

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
    // The attempt's own reason, kept as the cause for whoever logs it.
    expect((error.cause as DOMException).message).toBe('timed out after 50 ms');
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

/** A custom fetch answering each reply in turn (the last repeats): a Response or an error to reject with. */
function scripted(replies: Array<() => Response | Error>) {
  const fetch = vi.fn((_url: unknown, _init?: RequestInit) => {
    const reply = replies[Math.min(fetch.mock.calls.length - 1, replies.length - 1)]!();
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  });
  return fetch;
}

/** Runs a call to completion while fake time advances; returns its result or error. */
async function settle<T>(promise: Promise<T>): Promise<T | unknown> {
  const outcome = promise.then(
    (value) => value,
    (error: unknown) => error,
  );
  await vi.advanceTimersByTimeAsync(120_000);
  return outcome;
}

describe('the send loop: decisions at the edges (mutation survivors, issue 27)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const fakeTime = () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T00:00:00.000Z') });
    vi.spyOn(Math, 'random').mockReturnValue(0);
  };
  const status =
    (code: number, headers: Record<string, string> = {}) =>
    () =>
      new Response(null, { status: code, headers });
  const ok = () => Response.json([{ id: 'a1' }]);
  const fetchFailed = (code?: string) => () =>
    new TypeError('fetch failed', code === undefined ? undefined : { cause: { code } });

  it('honours Retry-After on a POST only for 429 and 503: a 500 or 502 that sends one is not retried', async () => {
    fakeTime();
    for (const code of [500, 502]) {
      const fetch = scripted([status(code, { 'retry-after': '1' }), ok]);
      const vapi = new Vapi({ token: null, baseUrl: BASE, fetch });
      expect(await settle(vapi.assistants.create({ name: 'x' }))).toBeInstanceOf(InternalServerError);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('retries a GET whose custom fetch rejects with a NetworkError (Firefox, Safari)', async () => {
    fakeTime();
    const networkError = () =>
      Object.assign(new Error('A network error occurred.'), { name: 'NetworkError' });
    const fetch = scripted([networkError, ok]);
    expect(await settle(new Vapi({ token: null, baseUrl: BASE, fetch }).assistants.list())).toEqual([
      { id: 'a1' },
    ]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('reads Retry-After as delay-seconds only when it is digits: 1.25 waits 1250 ms; 5e2 and 0x10 are nonsense', async () => {
    fakeTime();
    const events: RetryEvent[] = [];
    const onRetry = (event: RetryEvent) => events.push(event);
    const fetch = scripted([status(429, { 'retry-after': '1.25' }), ok]);
    await settle(new Vapi({ token: null, baseUrl: BASE, fetch, onRetry }).assistants.list());
    // Unparsable values fall back to the backoff (250 ms with no jitter), not to 500 s or 16 s.
    for (const value of ['5e2', '0x10']) {
      const again = scripted([status(429, { 'retry-after': value }), ok]);
      await settle(new Vapi({ token: null, baseUrl: BASE, fetch: again, onRetry }).assistants.list());
    }
    expect(events.map((e) => [e.delay, e.retryAfter])).toEqual([
      [1250, 1250],
      [250, undefined],
      [250, undefined],
    ]);
  });

  it('refuses a retry whose wait ends exactly at totalTimeout', async () => {
    fakeTime();
    const fetch = scripted([status(503)]);
    const vapi = new Vapi({ token: null, baseUrl: BASE, fetch, retry: 4, totalTimeout: 750 });
    const error = (await settle(vapi.assistants.list())) as InternalServerError;
    // Waits of 250 ms (ending at 250) and then 500 ms would end at 750 = the deadline: not made.
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(error.message).toMatch(
      /\(not retried: the next retry would wait .*, past the 750 ms totalTimeout\)$/,
    );
  });

  it('a connection error whose retry would pass totalTimeout is thrown as a connection error, at once', async () => {
    fakeTime();
    const fetch = scripted([fetchFailed('ECONNREFUSED')]);
    const vapi = new Vapi({ token: null, baseUrl: BASE, fetch, totalTimeout: 100 });
    const error = (await settle(vapi.assistants.list())) as VapiConnectionError;
    expect(error).toBeInstanceOf(VapiConnectionError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("onRetry's reason: the cause's code, else the error's message; a status without a text is just the number", async () => {
    fakeTime();
    const events: RetryEvent[] = [];
    const onRetry = (event: RetryEvent) => events.push(event);
    // An empty body on the retried response (nothing to cancel) must not break the retry either.
    const replaced = () => Response.json({ id: 'a1' });
    const fetch = scripted([fetchFailed('ECONNRESET'), fetchFailed(), status(503), replaced]);
    const vapi = new Vapi({ token: null, baseUrl: BASE, fetch, onRetry, retry: 3 });
    expect(await settle(vapi.assistants.replace('a1', { name: 'x' }))).toEqual({ id: 'a1' });
    expect(events.map((e) => [e.attempt, e.status, e.reason, e.method])).toEqual([
      [2, 0, 'ECONNRESET', 'PUT'],
      [3, 0, 'fetch failed', 'PUT'],
      [4, 503, '503', 'PUT'],
    ]);
  });

  it("a retry's wait leaves no abort listener on the caller's signal", async () => {
    fakeTime();
    const controller = new AbortController();
    const added = vi.spyOn(AbortSignal.prototype, 'addEventListener');
    const removed = vi.spyOn(AbortSignal.prototype, 'removeEventListener');
    const fetch = scripted([status(503), ok]);
    const vapi = new Vapi({ token: null, baseUrl: BASE, fetch });
    await settle(vapi.assistants.list(undefined, { signal: controller.signal }));
    expect(fetch).toHaveBeenCalledTimes(2);
    const onCaller = (calls: unknown[][], self: unknown[]) =>
      calls.filter(([type], i) => type === 'abort' && self[i] === controller.signal).length;
    const addedOnCaller = onCaller(added.mock.calls, added.mock.contexts);
    expect(addedOnCaller).toBeGreaterThan(0);
    expect(onCaller(removed.mock.calls, removed.mock.contexts)).toBe(addedOnCaller);
  });

  it('the hooks hear every attempt: its method, URL, outcome and how long it took', async () => {
    fakeTime();
    // The second attempt's server takes 1.5 s (fake time, moved by the fetch itself).
    const slowOk = () => {
      vi.setSystemTime(Date.now() + 1500);
      return ok();
    };
    const fetch = scripted([status(503), slowOk]);
    const requests: unknown[] = [];
    const responses: unknown[] = [];
    const vapi = new Vapi({
      token: null,
      baseUrl: BASE,
      fetch,
      onRequest: (e) => requests.push([e.attempt, e.method, e.url]),
      onResponse: (e) => responses.push([e.attempt, e.method, e.response?.status, e.error, e.ms]),
    });
    await settle(vapi.assistants.list());
    expect(requests).toEqual([
      [1, 'GET', `${BASE}/assistant`],
      [2, 'GET', `${BASE}/assistant`],
    ]);
    expect(responses).toEqual([
      [1, 'GET', 503, undefined, 0],
      [2, 'GET', 200, undefined, 1500],
    ]);
  });

  it('one timer watches every attempt in flight: 50 calls at once set one, and it aborts none of them', async () => {
    fakeTime();
    const answers: (() => void)[] = [];
    const signals: AbortSignal[] = [];
    const fetch = vi.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          signals.push(init!.signal!);
          answers.push(() => resolve(Response.json([])));
        }),
    );
    const vapi = new Vapi({ token: null, baseUrl: BASE, fetch, timeout: 600_000 });
    const calls = Array.from({ length: 50 }, () => vapi.assistants.list());
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(50);
    expect(vi.getTimerCount()).toBe(1);
    for (const answer of answers) answer();
    await Promise.all(calls);
    // Idle, the timer stays set (holding no process open: see below); when it fires, it aborts
    // nothing and is gone.
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(signals.filter((signal) => signal.aborted)).toEqual([]);
  });

  it('each attempt ends at its own deadline, whatever the order its timeout was set in', async () => {
    fakeTime();
    const start = Date.now();
    const vapi = new Vapi({ token: null, baseUrl: BASE, fetch: () => new Promise<Response>(() => {}) });
    const ended = (timeout: number) =>
      vapi.assistants
        .list(undefined, { timeout })
        .catch((error: VapiTimeoutError) => [Date.now() - start, error.message]);
    const long = ended(10_000);
    await vi.advanceTimersByTimeAsync(1_000);
    // Set after a later deadline: an earlier one, then one in between.
    const short = ended(500);
    const middle = ended(3_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await Promise.all([short, middle, long])).toEqual([
      [1_500, 'GET /assistant timed out after 500 ms'],
      [4_000, 'GET /assistant timed out after 3000 ms'],
      [10_000, 'GET /assistant timed out after 10000 ms'],
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('where timers are numbers (browsers, Deno), the idle timer is cleared', async () => {
    fakeTime();
    const fake = globalThis.setTimeout;
    vi.stubGlobal('setTimeout', (...args: Parameters<typeof setTimeout>) => Number(fake(...args)));
    try {
      const fetch = scripted([ok]);
      await settle(new Vapi({ token: null, baseUrl: BASE, fetch, timeout: 600_000 }).assistants.list());
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the platform fetch and the attempt timer (fake time, a stubbed global fetch)', () => {
  afterEach(() => {
    // Spies first: `timerSet` spies on the fake setTimeout, and restoring that spy after the
    // real timers are back would put the fake one back in place for the next file's tests.
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A fetch each of whose calls waits until `answer(i)` (or answers at once with `now`). */
  function gated(now?: () => Response) {
    const calls: { url: unknown; init: RequestInit; answer: (r: Response) => void }[] = [];
    const fetch = vi.fn(
      (url: unknown, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          calls.push({ url, init: init!, answer: resolve });
          if (now) resolve(now());
        }),
    );
    return { fetch, calls };
  }

  /** The timer the SDK set last (fake timers' objects report hasRef()). */
  const timerSet = () => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    return () => set.mock.results.at(-1)!.value as { hasRef(): boolean };
  };

  it("hands the platform fetch the loop's own init on each attempt, its signal new each time", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let n = 0;
    const { fetch, calls } = gated(() =>
      ++n === 1 ? new Response(null, { status: 503 }) : Response.json([]),
    );
    vi.stubGlobal('fetch', fetch);
    const call = new Vapi({ token: 'sk', baseUrl: BASE }).assistants.list();
    await vi.advanceTimersByTimeAsync(1_000);
    await call;
    expect(calls).toHaveLength(2);
    const [first, second] = calls;
    // One init and one headers object for both attempts: nothing copied per request.
    expect(second!.init).toBe(first!.init);
    expect(second!.init.headers).toBe(first!.init.headers);
    expect(first!.init.headers).toMatchObject({ authorization: 'Bearer sk' });
    // Read by fetch when called: the second attempt's signal replaced the first's.
    expect(second!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends a stream body again on a retry through the platform fetch', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const bodies: string[] = [];
    let n = 0;
    vi.stubGlobal('fetch', async (_url: unknown, init?: RequestInit) => {
      bodies.push(await new Response(init!.body).text());
      return ++n === 1 ? new Response(null, { status: 503 }) : Response.json({ id: 'a1' });
    });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('name=Reception'));
        controller.close();
      },
    });
    const client = new VapiClient({ token: 'sk', baseUrl: BASE });
    const call = client.request({ method: 'PUT', path: '/assistant/a1', body: stream });
    await vi.advanceTimersByTimeAsync(1_000);
    await call;
    expect(bodies).toEqual(['name=Reception', 'name=Reception']);
  });

  it("adds no abort listener of its own to a platform fetch's signal: fetch honours it itself", async () => {
    const added = vi.spyOn(AbortSignal.prototype, 'addEventListener');
    vi.stubGlobal('fetch', async () => Response.json([]));
    await new Vapi({ token: 'sk', baseUrl: BASE }).assistants.list();
    // With a hook, each attempt gets a copy of the headers (and an init of its own): still none.
    await new Vapi({ token: 'sk', baseUrl: BASE, onRequest: () => {} }).assistants.list();
    expect(added.mock.calls.filter(([type]) => type === 'abort')).toEqual([]);
  });

  it("aborting during a retry's wait ends the call without another platform fetch", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { fetch } = gated(() => new Response(null, { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const controller = new AbortController();
    const call = new Vapi({ token: 'sk', baseUrl: BASE }).assistants
      .list(undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await call).toBeInstanceOf(VapiAbortError);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('either hook alone hears every attempt', async () => {
    const heard: string[] = [];
    vi.stubGlobal('fetch', async () => Response.json([]));
    await new Vapi({
      token: 'sk',
      baseUrl: BASE,
      onRequest: (e) => heard.push(`request ${e.attempt}`),
    }).assistants.list();
    await new Vapi({
      token: 'sk',
      baseUrl: BASE,
      onResponse: (e) => heard.push(`response ${e.response?.status}`),
    }).assistants.list();
    expect(heard).toEqual(['request 1', 'response 200']);
  });

  it("holds the process open while a custom fetch's attempt is in flight, and only then", async () => {
    vi.useFakeTimers();
    const current = timerSet();
    const platform = gated();
    vi.stubGlobal('fetch', platform.fetch);
    const custom = gated();
    /** A call with this timeout, through `fetch` (default: the platform fetch). */
    const list = (timeout: number, fetch?: typeof custom.fetch) =>
      new Vapi({ token: 'sk', baseUrl: BASE, timeout, fetch }).assistants.list();
    // The platform fetch's socket holds the process itself: the timer does not.
    const byPlatform = list(60_000);
    await vi.advanceTimersByTimeAsync(1);
    expect(current().hasRef()).toBe(false);
    // A custom fetch's attempt, due after the timer: the same timer, now holding.
    const viaCustom = list(120_000, custom.fetch);
    await vi.advanceTimersByTimeAsync(1);
    expect(current().hasRef()).toBe(true);
    custom.calls[0]!.answer(Response.json([]));
    await viaCustom;
    expect(current().hasRef()).toBe(false);
    // Another platform attempt, due after the timer: it joins it, still not holding.
    const later = list(180_000);
    await vi.advanceTimersByTimeAsync(1);
    expect(current().hasRef()).toBe(false);
    // A custom attempt in flight, then a platform one due sooner: the new timer holds too.
    const again = list(120_000, custom.fetch);
    await vi.advanceTimersByTimeAsync(1);
    const sooner = list(1_000);
    await vi.advanceTimersByTimeAsync(1);
    expect(current().hasRef()).toBe(true);
    custom.calls[1]!.answer(Response.json([]));
    await again;
    expect(current().hasRef()).toBe(false);
    for (const { answer } of platform.calls) answer(Response.json([]));
    await Promise.all([byPlatform, later, sooner]);
  });
});

describe('the attempt timer and the process (real timers, a child process)', () => {
  it('holds the process open while an attempt is in flight, and not once the calls are done', () => {
    const index = new URL('../src/index.ts', import.meta.url).href;
    // 1. A call that ends at once sets the timer for its 300 ms deadline; idle, the timer is
    //    left set but holds nothing. 2. A call whose fetch never answers (and holds nothing open
    //    itself) has a later deadline: the same timer must hold the process until it times out.
    // 3. A call with a 60 s timeout ends at once: the process must then exit, not wait 60 s.
    const script = `
      import { Vapi } from ${JSON.stringify(index)};
      const client = (fetch, timeout) => new Vapi({ token: null, baseUrl: 'https://api.vapi.test', fetch, timeout });
      const answered = async () => Response.json([]);
      await client(answered, 300).assistants.list();
      const error = await client(() => new Promise(() => {}), 1000).assistants.list().catch((e) => e);
      await client(answered, 60000).assistants.list();
      console.log(error.name + ': ' + error.message);
    `;
    const started = performance.now();
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    const elapsed = performance.now() - started;
    expect([child.status, child.stdout.trim(), child.stderr]).toEqual([
      0,
      'VapiTimeoutError: GET /assistant timed out after 1000 ms',
      '',
    ]);
    expect(elapsed).toBeGreaterThan(1_000);
    expect(elapsed).toBeLessThan(30_000);
  });
});
