import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Vapi, VapiConnectionError } from '@voxdesk/sdk';
import { startFakeVapiServer } from '@voxdesk/vapi-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFetch } from '../src/http/node-fetch.ts';
import { harness } from './harness.ts';
import { authed, TOKEN, useFakeVapi } from './fake-api.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A real loopback server whose next answers the test chooses (faults included). */
let server: Server;
let base: string;
const routes = new Map<string, Handler>();
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const handler = routes.get(req.url!.split('?')[0]!);
      if (handler) handler(req, res, body);
      else res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no route"}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fetch = nodeFetch({});
const fallbackCalls: string[] = [];
const withFallback = nodeFetch({}, async (input) => {
  fallbackCalls.push(String(input instanceof Request ? input.url : input));
  return new Response('fallback');
});

describe('nodeFetch answers as fetch does', () => {
  it('sends the method, headers and a string body; reads status, headers and JSON', async () => {
    routes.set('/echo', (_req, res) =>
      res
        .writeHead(201, 'Made', [
          ['content-type', 'application/json'],
          ['x-request-id', 'r1'],
          ['vary', 'a'],
          ['vary', 'b'],
        ])
        .end('{"ok":true}'),
    );
    seen.length = 0;
    const response = await fetch(`${base}/echo?x=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk', 'content-type': 'application/json' },
      body: '{"name":"A"}',
    });
    expect([response.status, response.statusText, response.ok]).toEqual([201, 'Made', true]);
    expect(response.headers.get('X-Request-Id')).toBe('r1');
    expect(response.headers.get('vary')).toBe('a, b');
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await response.json()).toEqual({ ok: true });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/echo?x=1',
      body: '{"name":"A"}',
      headers: {
        authorization: 'Bearer sk',
        'content-type': 'application/json',
        'content-length': '12',
        accept: '*/*',
      },
    });
  });

  it('a string body without a content type is text, as fetch sends it', async () => {
    routes.set('/text', (_req, res) => res.end('plain'));
    seen.length = 0;
    const response = await fetch(`${base}/text`, { method: 'PUT', body: 'hi' });
    expect(await response.text()).toBe('plain');
    expect(seen[0]!.headers['content-type']).toBe('text/plain;charset=UTF-8');
  });

  it('a 429 carries its Retry-After; a non-JSON body reads as text and fails json()', async () => {
    routes.set('/busy', (_req, res) =>
      res.writeHead(429, { 'retry-after': '7', 'content-type': 'text/html' }).end('<h1>slow down</h1>'),
    );
    const busy = await fetch(`${base}/busy`);
    expect([busy.status, busy.ok, busy.headers.get('Retry-After')]).toEqual([429, false, '7']);
    expect(await busy.text()).toBe('<h1>slow down</h1>');
    const again = await fetch(`${base}/busy`);
    await expect(again.json()).rejects.toThrow(SyntaxError);
  });

  it('a 204 has no body', async () => {
    routes.set('/empty', (_req, res) => res.writeHead(204).end());
    const response = await fetch(`${base}/empty`, { method: 'DELETE' });
    expect(response.body).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('decodes a gzip body', async () => {
    routes.set('/gzip', (_req, res) =>
      res
        .writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' })
        .end(gzipSync('{"zipped":true}')),
    );
    seen.length = 0;
    expect(await (await fetch(`${base}/gzip`)).json()).toEqual({ zipped: true });
    expect(seen[0]!.headers['accept-encoding']).toMatch(/gzip/);
  });

  it('streams a chunked body as it arrives', async () => {
    let second: () => void = () => undefined;
    routes.set('/chunked', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
      second = () => res.end('data: two\n\n');
    });
    const response = await fetch(`${base}/chunked`);
    const reader = response.body!.getReader();
    // The first event arrives while the server still holds the second.
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: one\n\n');
    second();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: two\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('follows a redirect; a 303 after a POST becomes a GET; another origin gets no token', async () => {
    // Its own target: with --sequence.shuffle this may run before the test that set /echo.
    routes.set('/echo', (_req, res) => res.writeHead(201, { 'content-type': 'application/json' }).end('{}'));
    routes.set('/moved', (_req, res) => res.writeHead(302, { location: '/echo' }).end());
    routes.set('/made', (_req, res) => res.writeHead(303, { location: '/echo' }).end());
    routes.set('/away', (_req, res) =>
      res.writeHead(307, { location: `${base.replace('127.0.0.1', 'localhost')}/echo` }).end(),
    );
    seen.length = 0;
    expect((await fetch(`${base}/moved`)).status).toBe(201);
    const made = await fetch(`${base}/made`, { method: 'POST', body: 'x', headers: { authorization: 'a' } });
    expect(made.status).toBe(201);
    await fetch(`${base}/away`, { headers: { authorization: 'Bearer sk' } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /moved',
      'GET /echo',
      'POST /made',
      'GET /echo',
      'GET /away',
      'GET /echo',
    ]);
    expect(seen[3]!.body).toBe('');
    expect(seen[3]!.headers.authorization).toBe('a');
    expect(seen[5]!.headers.authorization).toBeUndefined();
    expect((await fetch(`${base}/moved`, { redirect: 'manual' })).status).toBe(302);
  });

  it('leaves what it does not handle to the global fetch: FormData, a Request, a proxy', async () => {
    fallbackCalls.length = 0;
    const form = new FormData();
    form.set('file', new Blob(['x']), 'x.txt');
    await withFallback(`${base}/echo`, { method: 'POST', body: form });
    await withFallback(new Request(`${base}/echo`));
    const proxied = nodeFetch({ HTTPS_PROXY: 'http://proxy.test:3128' }, async (input) => {
      fallbackCalls.push(`proxy ${String(input)}`);
      return new Response('');
    });
    await proxied(`${base}/echo`);
    expect(fallbackCalls).toEqual([`${base}/echo`, `${base}/echo`, `proxy ${base}/echo`]);
  });
});

describe('nodeFetch fails as fetch does', () => {
  it('connection refused: a TypeError "fetch failed" whose cause says ECONNREFUSED', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });

  it('a reset before the answer is "fetch failed"; one midway through the body is "terminated"', async () => {
    routes.set('/reset', (req) => req.socket.destroy());
    routes.set('/cut', (req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
      setImmediate(() => req.socket.destroy());
    });
    await expect(fetch(`${base}/reset`)).rejects.toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
      cause: { code: 'ECONNRESET' },
    });
    const cut = await fetch(`${base}/cut`);
    await expect(cut.text()).rejects.toMatchObject({ name: 'TypeError', message: 'terminated' });
  });

  it('a hang ends with the signal: its reason, before the answer and midway through the body', async () => {
    routes.set('/hang', () => undefined);
    routes.set('/slow-body', (_req, res) => res.writeHead(200).write('start'));
    const before = new AbortController();
    const pending = fetch(`${base}/hang`, { signal: before.signal });
    setImmediate(() => before.abort(new DOMException('timed out after 5 ms', 'TimeoutError')));
    await expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
    const midway = new AbortController();
    const response = await fetch(`${base}/slow-body`, { signal: midway.signal });
    const text = response.text();
    midway.abort();
    await expect(text).rejects.toMatchObject({ name: 'AbortError' });
    // Aborted with the body unread, then cut off: nothing is left to crash the process.
    routes.set('/slow-gzip', (_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).write(gzipSync('x'.repeat(1000)).subarray(0, 10)),
    );
    const unread = new AbortController();
    await fetch(`${base}/slow-gzip`, { signal: unread.signal });
    unread.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(fetch(`${base}/hang`, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('the SDK maps its failures: a refused connection is VapiConnectionError', async () => {
    const vapi = new Vapi({ token: 'sk', baseUrl: 'http://127.0.0.1:9', fetch, retry: 0 });
    const error = await vapi.assistants.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiConnectionError);
    expect((error as Error).message).toMatch(/could not reach http:\/\/127\.0\.0\.1:9: connect ECONNREFUSED/);
  });
});

describe('the CLI sends through it', () => {
  const fake = useFakeVapi({ assistants: [{ name: 'Reception' }] });

  it('is the default fetch: a list, a 429 retried after Retry-After', async () => {
    fake.failNext(1, { status: 429, headers: { 'retry-after': '0' } });
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toEqual([expect.objectContaining({ name: 'Reception' })]);
    expect(cli.stderr.text).toMatch(/Rate limited by Vapi \(429\); retrying now/);
  });

  it('a list in a fresh process never loads undici (the cost issue 29 cuts)', async () => {
    // A real server: the child has no msw.
    const real = await startFakeVapiServer({ token: TOKEN, seed: { assistants: [{ name: 'Reception' }] } });
    const script = [
      "import { createFactory, run } from './src/index.ts';",
      "process.exitCode = await run(['assistants', 'list', '--json'], createFactory({ env: process.env }));",
      "process.on('exit', () => process.stderr.write('\\nundici:' + process.moduleLoadList.some((m) => m.includes('undici'))));",
    ].join('\n');
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--conditions=source', '--input-type=module', '-e', script],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { ...process.env, ...authed, VAPI_BASE_URL: real.url, NO_COLOR: '1' },
      },
    ).finally(() => real.close());
    expect(JSON.parse(stdout)).toEqual([expect.objectContaining({ name: 'Reception' })]);
    expect(stderr).toMatch(/undici:false$/);
  }, 60_000);
});
