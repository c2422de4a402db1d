import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  invoke,
  NotFoundError,
  operations,
  Vapi,
  VapiArgumentError,
  type TestSuiteRun,
} from '../src/index.ts';
import { BASE, useMsw } from './msw.ts';

const server = useMsw();

/** Records the headers of every request to BASE and answers `[]`. */
function recordHeaders() {
  const seen: Headers[] = [];
  server.use(
    http.all(`${BASE}/*`, ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json([]);
    }),
  );
  return seen;
}

describe('auth', () => {
  it('sends no Authorization header with token: null, or a token function giving none', async () => {
    const seen = recordHeaders();
    await new Vapi({ token: null, baseUrl: BASE }).assistants.list();
    await new Vapi({ baseUrl: BASE, token: () => undefined }).assistants.list();
    expect(seen.map((h) => h.get('authorization'))).toEqual([null, null]);
  });

  it('calls a token function before every request (rotation)', async () => {
    const seen = recordHeaders();
    let n = 0;
    const vapi = new Vapi({ baseUrl: BASE, token: async () => `key-${++n}` });
    await vapi.assistants.list();
    await vapi.calls.list();
    expect(seen.map((h) => h.get('authorization'))).toEqual(['Bearer key-1', 'Bearer key-2']);
  });

  it('says what is wrong when a token function returns something else, and passes its errors through', async () => {
    recordHeaders();
    const bad = new Vapi({ baseUrl: BASE, token: (() => 42) as never });
    await expect(bad.assistants.list()).rejects.toThrow(
      'GET /assistant: the token function must return a string or undefined (got number).',
    );
    const vaultDown = new Error('vault unreachable');
    const failing = new Vapi({
      baseUrl: BASE,
      token: async () => {
        throw vaultDown;
      },
    });
    await expect(failing.assistants.list()).rejects.toBe(vaultDown);
  });

  it('never sends a token to POST /credential/webhook, by method or by request()', async () => {
    const seen = recordHeaders();
    const vapi = new Vapi({ baseUrl: BASE, token: 'sk' });
    await vapi.credentials.webhook({ type: 'auth' } as never);
    await vapi.request({ method: 'POST', path: '/credential/webhook', body: {} });
    await vapi.request({ method: 'POST', path: '/credential', body: {} });
    expect(seen.map((h) => h.get('authorization'))).toEqual([null, null, 'Bearer sk']);
  });

  it('merges client and request headers, request last', async () => {
    const seen = recordHeaders();
    const vapi = new Vapi({
      token: null,
      baseUrl: BASE,
      headers: { 'x-app': 'voxdesk', 'x-trace': 'client' },
    });
    await vapi.assistants.list(undefined, { headers: { 'x-trace': 'request' } });
    expect([seen[0]?.get('x-app'), seen[0]?.get('x-trace')]).toEqual(['voxdesk', 'request']);
  });
});

describe('fetch settings', () => {
  it("uses credentials 'same-origin', redirect 'follow', referrerPolicy 'no-referrer' and a custom fetch", async () => {
    const requests: Request[] = [];
    const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      requests.push(input instanceof Request ? input : new Request(input, init));
      return Response.json([{ id: 'a1' }]);
    });
    const vapi = new Vapi({ token: 'sk', fetch: fetch as typeof globalThis.fetch });
    expect(await vapi.assistants.list({ limit: 2, createdAtGt: '2026-01-01T00:00:00.000Z' })).toEqual([
      { id: 'a1' },
    ]);
    const [request] = requests as [Request];
    expect(request.url).toBe(
      'https://api.vapi.ai/assistant?limit=2&createdAtGt=2026-01-01T00%3A00%3A00.000Z',
    );
    expect([request.credentials, request.redirect, request.referrerPolicy]).toEqual([
      'same-origin',
      'follow',
      'no-referrer',
    ]);
  });
});

describe('calls.createWeb', () => {
  it("refuses a body with neither assistant nor squad before sending: 'Assistant or Squad must be provided.'", async () => {
    const sent = vi.fn(() => HttpResponse.json({ id: 'c1' }));
    server.use(http.post(`${BASE}/call/web`, sent));
    const vapi = new Vapi({ token: 'pk', baseUrl: BASE });
    await expect(vapi.calls.createWeb({})).rejects.toThrow(
      new VapiArgumentError('Assistant or Squad must be provided.'),
    );
    await expect(vapi.calls.createWeb({ assistantOverrides: {} } as never)).rejects.toThrow(
      'Assistant or Squad must be provided.',
    );
    expect(sent).not.toHaveBeenCalled();
    for (const body of [{ assistantId: 'a' }, { assistant: {} }, { squadId: 's' }, { squad: {} }]) {
      await expect(vapi.calls.createWeb(body as never)).resolves.toEqual({ id: 'c1' });
    }
    expect(sent).toHaveBeenCalledTimes(4);
  });
});

describe('request() and requestResponse()', () => {
  it('reaches any path with query, JSON body, auth and error mapping', async () => {
    server.use(
      http.post(`${BASE}/future/thing`, async ({ request }) =>
        HttpResponse.json({
          q: new URL(request.url).search,
          body: await request.json(),
          auth: request.headers.get('authorization'),
        }),
      ),
      http.get(`${BASE}/future/missing`, () => HttpResponse.json({ message: 'nope' }, { status: 404 })),
    );
    const vapi = new Vapi({ token: 'sk', baseUrl: BASE });
    expect(
      await vapi.request({ method: 'post', path: '/future/thing?a=1', query: { b: [2, 3] }, body: { x: 1 } }),
    ).toEqual({ q: '?a=1&b=2&b=3', body: { x: 1 }, auth: 'Bearer sk' });
    const missing = vapi.request({ method: 'GET', path: '/future/missing' });
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toThrow('GET /future/missing → 404: nope');
  });

  it('returns the raw Response with status and headers', async () => {
    server.use(
      http.get(`${BASE}/assistant`, () =>
        HttpResponse.json([], { status: 200, headers: { 'x-total': '0' } }),
      ),
    );
    const response = await new Vapi({ token: null, baseUrl: BASE }).requestResponse({
      method: 'GET',
      path: '/assistant',
    });
    expect([response.status, response.headers.get('x-total'), await response.json()]).toEqual([200, '0', []]);
  });

  it('rejects a bad method or a path that leaves the API host', async () => {
    const vapi = new Vapi({ token: null, baseUrl: BASE });
    await expect(vapi.request({ method: 'FETCH', path: '/x' })).rejects.toThrow(
      'vapi.request(): "method" must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS (got FETCH).',
    );
    await expect(vapi.request({ method: 'GET', path: 'https://evil.test/x' })).rejects.toThrow(
      'must start with "/"',
    );
    await expect(vapi.request({ method: 'GET', path: '//evil.test/x' })).rejects.toThrow(
      'stay on the API host',
    );
  });

  it('invoke() calls an operation by id, typed by the id', async () => {
    server.use(http.get(`${BASE}/test-suite/s1/run/r1`, () => HttpResponse.json({ id: 'r1' })));
    const vapi = new Vapi({ token: null, baseUrl: BASE });
    const run: TestSuiteRun = await invoke(vapi, 'testSuites.runs.get', 's1', 'r1');
    expect(run).toEqual({ id: 'r1' });
    // @ts-expect-error: not an operation id (the literal union catches it at compile time)
    await expect(invoke(vapi, 'nope.list')).rejects.toThrow('unknown operation "nope.list"');
    // @ts-expect-error: testSuites.runs.get takes (testSuiteId, id, options?)
    await expect(invoke(vapi, 'testSuites.runs.get', 's1')).rejects.toThrow(VapiArgumentError);
    // @ts-expect-error: an id from outside TypeScript (JSON, a CLI argument) may be anything
    await expect(invoke(vapi, 'toString')).rejects.toThrow('unknown operation "toString"');
  });

  it('invoke() reaches every operation as the method its id names, on its resource', async () => {
    const vapi = new Vapi({ token: null, baseUrl: BASE });
    // Every id with the same two arguments: the types of each are pinned by the test above.
    const byId = invoke as (vapi: Vapi, id: string, ...args: unknown[]) => Promise<unknown>;
    for (const { id } of operations) {
      const names = id.split('.');
      const method = names.pop()!;
      const resource = names.reduce<Record<string, unknown>>(
        (r, name) => r[name] as Record<string, unknown>,
        vapi as unknown as Record<string, unknown>,
      );
      const seen: { self: unknown; args: unknown[] }[] = [];
      resource[method] = function (this: unknown, ...args: unknown[]) {
        seen.push({ self: this, args });
        return Promise.resolve(id);
      };
      await expect(byId(vapi, id, 'a', 'b')).resolves.toBe(id);
      expect(seen, id).toEqual([{ self: resource, args: ['a', 'b'] }]);
    }
    // A resource or a prototype's key is no operation, even where the walk would find something.
    for (const id of ['calls', 'calls.constructor', '__proto__.toString', 'assistants.paginate'])
      await expect(byId(vapi, id)).rejects.toThrow(`unknown operation "${id}"`);
  });
});

describe('programming errors are not network errors', () => {
  it('passes a fetch TypeError that is not about the network through unchanged', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'headers')");
    const vapi = new Vapi({ token: null, fetch: async () => Promise.reject(bug), retry: 0 });
    await expect(vapi.assistants.list()).rejects.toBe(bug);
  });
});

describe('downloads', () => {
  it('follows the 302 to the presigned URL without leaking the token and returns the body unparsed', async () => {
    const presigned = 'https://storage.vapi-files.test/rec/c1.wav?sig=abc';
    let storageAuth: string | null = 'unset';
    server.use(
      http.get(
        `${BASE}/call/c1/mono-recording`,
        () => new HttpResponse(null, { status: 302, headers: { location: presigned } }),
      ),
      http.get('https://storage.vapi-files.test/rec/c1.wav', ({ request }) => {
        storageAuth = request.headers.get('authorization');
        return new HttpResponse(new Uint8Array([82, 73, 70, 70]), {
          headers: { 'content-type': 'audio/wav' },
        });
      }),
    );
    const response = await new Vapi({ token: 'sk', baseUrl: BASE }).calls.monoRecording('c1');
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([82, 73, 70, 70]));
    expect(storageAuth).toBeNull();
  });
});
