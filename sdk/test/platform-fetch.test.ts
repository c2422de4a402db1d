import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Vapi, VapiAbortError, VapiClient, VapiTimeoutError } from '../src/index.ts';

/**
 * The SDK calls fetch as `fetch(url, init)`, the platform's and a custom one alike, without building
 * a Request of its own. These tests go through that
 * path against a real loopback server, no msw: what arrives on the wire, retries that send the
 * body again, and timeouts and aborts that reach the socket.
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const seen: Seen[] = [];
/** Requests whose connection the client dropped before an answer came. */
const dropped: string[] = [];
/** What the next requests get, in turn (the last repeats): a status, or 'hold' to never answer. */
let script: (number | 'hold')[] = [200];
const held: ServerResponse[] = [];

const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const step = script[Math.min(seen.length - 1, script.length - 1)]!;
    if (step === 'hold') {
      held.push(res);
      res.on('close', () => dropped.push(req.url ?? ''));
      return;
    }
    // Retry-After: 0 keeps a retry's wait at 0 ms.
    res.writeHead(step, { 'content-type': 'application/json', 'retry-after': '0' });
    res.end(step < 400 ? JSON.stringify({ id: 'a1' }) : JSON.stringify({ message: `status ${step}` }));
  });
});
let base: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  server.close();
});
afterEach(() => vi.restoreAllMocks());
beforeEach(() => {
  seen.length = 0;
  dropped.length = 0;
  script = [200];
});

/**
 * Polls until `done()` holds, failing after 15 s: a bound against hanging, not a timing (2 s
 * was within reach of a loaded 2-core machine; the file's test limit is 30 s).
 */
async function until(what: string, done: () => boolean) {
  const give = Date.now() + 15_000;
  while (!done()) {
    if (Date.now() > give) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the platform fetch, called as fetch(url, init)', () => {
  it('sends method, URL with query, headers and JSON body, and sends them all again on a retry', async () => {
    script = [503, 200];
    const vapi = new Vapi({ token: 'sk', baseUrl: `${base}/`, headers: { 'X-App': 'desk' } });
    const created = await vapi.assistants.update(
      'a 1',
      { name: 'Reception' },
      { retry: 1, query: { trace: 'x y' }, headers: { 'x-request': 'r1' } },
    );
    expect(created).toEqual({ id: 'a1' });
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request).toMatchObject({
        method: 'PATCH',
        url: '/assistant/a%201?trace=x+y',
        body: '{"name":"Reception"}',
        headers: {
          authorization: 'Bearer sk',
          accept: 'application/json',
          'content-type': 'application/json',
          'x-app': 'desk',
          'x-request': 'r1',
        },
      });
      expect(request.headers['user-agent']).toMatch(/^voxdesk-sdk\/\S+ node\//);
    }
  });

  it('sends a stream body again on a retry (each attempt tees it)', async () => {
    script = [503, 200];
    const client = new VapiClient({ token: null, baseUrl: base });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('name=Reception'));
        controller.close();
      },
    });
    await client.request({ method: 'PUT', path: '/assistant/a1', body: stream });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['PUT', '/assistant/a1', 'name=Reception'],
      ['PUT', '/assistant/a1', 'name=Reception'],
    ]);
  });

  it('sends form data again on a retry, each time with a content type naming its boundary', async () => {
    script = [503, 200];
    const client = new VapiClient({ token: null, baseUrl: base });
    const form = new FormData();
    form.append('file', new File(['Opening hours: 9-5'], 'faq.txt', { type: 'text/plain' }));
    await client.request({ method: 'POST', path: '/file', body: form, retry: 1 });
    expect(seen).toHaveLength(2);
    for (const { headers, body } of seen) {
      const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(headers['content-type'] ?? '')?.[1];
      expect(boundary).toBeDefined();
      expect(body).toContain(`--${boundary}\r\n`);
      expect(body).toContain('filename="faq.txt"');
      expect(body).toContain('Opening hours: 9-5');
    }
  });

  it('times an attempt out and drops its connection, without retrying it', async () => {
    script = ['hold'];
    const vapi = new Vapi({ token: null, baseUrl: base, timeout: 100 });
    const error = await vapi.assistants.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiTimeoutError);
    expect((error as Error).message).toBe('GET /assistant timed out after 100 ms');
    // The signal reached fetch: the socket is closed, not left waiting for an answer.
    await until('the client to drop the connection', () => dropped.length > 0);
    expect(dropped).toEqual(['/assistant']);
    expect(seen).toHaveLength(1);
  });

  it("ends a request in flight when the caller's signal aborts", async () => {
    script = ['hold'];
    const controller = new AbortController();
    const vapi = new Vapi({ token: null, baseUrl: base });
    const call = vapi.assistants.get('a1', { signal: controller.signal }).catch((e: unknown) => e);
    await until('the request to arrive', () => seen.length > 0);
    controller.abort();
    expect(await call).toBeInstanceOf(VapiAbortError);
    await until('the client to drop the connection', () => dropped.length > 0);
    expect(dropped).toEqual(['/assistant/a1']);
  });

  it('ends a request in flight when totalTimeout passes', async () => {
    script = ['hold'];
    const vapi = new Vapi({ token: null, baseUrl: base, totalTimeout: 100 });
    const error = await vapi.assistants.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiTimeoutError);
    expect((error as Error).message).toBe('GET /assistant timed out after 100 ms');
    await until('the client to drop the connection', () => dropped.length > 0);
    expect(seen).toHaveLength(1);
  });
});

describe('a custom fetch, called as fetch(url, init) too (issue 27)', () => {
  it('a standard (input, init) wrapper keeps Authorization, Content-Type and the body, on a retry too', async () => {
    script = [503, 200];
    const logged: string[] = [];
    // The wrapper every fetch-based SDK documents: it reads init and adds a header.
    const traced: typeof fetch = (input, init) => {
      logged.push(`${init?.method} ${String(input)}`);
      return fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'x-trace': 't1' },
      });
    };
    const vapi = new Vapi({ token: 'sk', baseUrl: base, fetch: traced });
    await vapi.assistants.replace('a1', { name: 'Reception' });
    expect(logged).toEqual([`PUT ${base}/assistant/a1`, `PUT ${base}/assistant/a1`]);
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request).toMatchObject({
        method: 'PUT',
        body: '{"name":"Reception"}',
        headers: { authorization: 'Bearer sk', 'content-type': 'application/json', 'x-trace': 't1' },
      });
    }
  });

  it('hands a wrapper a stream body it can send again on a retry', async () => {
    script = [503, 200];
    const client = new VapiClient({ token: null, baseUrl: base, fetch: (input, init) => fetch(input, init) });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('name=Reception'));
        controller.close();
      },
    });
    await client.request({ method: 'PUT', path: '/assistant/a1', body: stream });
    expect(seen.map((s) => [s.method, s.body])).toEqual([
      ['PUT', 'name=Reception'],
      ['PUT', 'name=Reception'],
    ]);
  });
});

describe('headers, built as a plain object for fetch', () => {
  it('merge names in any case as Headers would: request over client, a caller user agent kept, values trimmed', async () => {
    const vapi = new Vapi({
      token: 'sk',
      baseUrl: base,
      headers: { 'User-Agent': 'mine/1', 'X-Trace': 'client', Accept: 'text/plain', 'x-pad': '\t padded ' },
    });
    await vapi.assistants.get('a1', { headers: { 'X-TRACE': 'request', Authorization: 'Bearer other' } });
    expect(seen[0]!.headers).toMatchObject({
      'user-agent': 'mine/1',
      'x-trace': 'request',
      accept: 'application/json',
      authorization: 'Bearer other',
      'x-pad': 'padded',
    });
    expect(Object.keys(seen[0]!.headers).filter((name) => name === 'x-trace')).toHaveLength(1);
  });

  it.each([
    ['a request header value with a newline', { headers: { 'x-trace': 'a\nb' } }, {}],
    ['a request header value past U+00FF', { headers: { 'x-trace': 'ключ' } }, {}],
    ['a request header name with a space', { headers: { 'x trace': 'a' } }, {}],
    ['a client header name with a colon', {}, { headers: { 'x:trace': 'a' } }],
    ['a token function returning a newline', {}, { token: () => 'sk\nx' }],
    ['a token with a NUL', {}, { token: 'sk\u0000x' }],
  ])('refuses %s with Headers’ TypeError before calling fetch', async (_, options, client) => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const onRetry = vi.fn();
    const vapi = new Vapi({ token: null, baseUrl: base, onRetry, ...client });
    const error = await vapi.assistants.list(undefined, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toMatch(/header|ByteString/i);
    // Refused inside fetch instead, it would pass for a network failure and be retried.
    expect(fetch).not.toHaveBeenCalled();
    expect(onRetry).not.toHaveBeenCalled();
    expect(seen).toHaveLength(0);
  });
});
