import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withEnvCredentials as browserOptions } from '../src/env-credentials.browser.ts';
import {
  APIPromise,
  Vapi,
  VapiArgumentError,
  VapiCore,
  type Logger,
  type RequestEvent,
} from '../src/index.ts';
import { getAssistants } from '../src/fn.ts';
import { logHooks } from '../src/log.ts';

const TOKEN = 'sk-live-0123456789-secret';

/** A loopback server: each request answers from `plan` (503 with Retry-After: 0 while `failFirst` lasts). */
let server: Server;
let base = '';
const seen: IncomingMessage['headers'][] = [];
let failFirst = 0;
let count = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    const id = `req_${++count}`;
    if (failFirst > 0) {
      failFirst--;
      res.writeHead(503, { 'retry-after': '0', 'x-request-id': id, 'content-type': 'application/json' });
      res.end('{"message":"busy"}');
      return;
    }
    res.writeHead(200, { 'x-request-id': id, 'content-type': 'application/json' });
    res.end(req.url?.startsWith('/assistant/') ? '{"id":"a1","name":"Reception"}' : '[{"id":"a1"}]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  seen.length = 0;
  failFirst = 0;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A logger that keeps every call, to search for what it must never print. */
function recordingLogger() {
  const lines: { level: string; args: unknown[] }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push({ level, args });
  const logger: Logger = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
  return { logger, lines, text: () => JSON.stringify(lines) };
}

describe('response metadata', () => {
  it('.withResponse() gives the data, the Response and the request id', async () => {
    const vapi = new Vapi({ token: TOKEN, baseUrl: base });
    const promise = vapi.assistants.get('a1');
    expect(promise).toBeInstanceOf(APIPromise);
    expect(promise).toBeInstanceOf(Promise);
    const { data, response, requestId } = await promise.withResponse();
    expect(data).toEqual({ id: 'a1', name: 'Reception' });
    expect(response.status).toBe(200);
    expect(requestId).toMatch(/^req_\d+$/);
    expect(requestId).toBe(response.headers.get('x-request-id'));
    // Asking twice sends once.
    expect((await promise).id).toBe('a1');
    expect(seen).toHaveLength(1);
  });

  it('.asResponse() gives the Response with its body unread', async () => {
    const vapi = new Vapi({ token: TOKEN, baseUrl: base });
    const response = await vapi.assistants.list().asResponse();
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual([{ id: 'a1' }]);
  });

  it('a result carries its request id, non-enumerable: JSON and equality do not see it', async () => {
    const vapi = new Vapi({ token: TOKEN, baseUrl: base });
    const assistant = await vapi.assistants.get('a1');
    const list = await vapi.assistants.list();
    expect((assistant as { requestId?: string }).requestId).toMatch(/^req_\d+$/);
    expect((list as { requestId?: string }).requestId).toMatch(/^req_\d+$/);
    expect(Object.keys(assistant)).toEqual(['id', 'name']);
    expect(JSON.stringify(assistant)).toBe('{"id":"a1","name":"Reception"}');
  });

  it('a result kept does not keep its Response alive (the request id is copied out)', async () => {
    // A cached list would otherwise pin its Response, headers and all, for as long as it lives.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let sent: WeakRef<Response> | undefined;
    const vapi = new Vapi({
      token: TOKEN,
      baseUrl: base,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        sent = new WeakRef(response);
        return response;
      },
    });
    // Called in a frame of its own, so that no register of this one still holds the promise.
    const listOnce = async () => (await vapi.assistants.list()) as { requestId?: string };
    const list = await listOnce();
    // A WeakRef's target lives to the end of the job that made it: collect in a later one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(list.requestId).toMatch(/^req_\d+$/);
    expect(sent?.deref()).toBeUndefined();
  });

  it('the functional entry returns the same promise', async () => {
    const { requestId } = await getAssistants(
      new VapiCore({ token: TOKEN, baseUrl: base }),
      'a1',
    ).withResponse();
    expect(requestId).toMatch(/^req_\d+$/);
  });

  it('a bad path parameter rejects the promise (nothing thrown synchronously, nothing sent)', async () => {
    const vapi = new Vapi({ token: TOKEN, baseUrl: base });
    const promise = vapi.assistants.get('..');
    await expect(promise.withResponse()).rejects.toThrow(VapiArgumentError);
    await expect(promise).rejects.toThrow(/dot segment/);
    expect(seen).toHaveLength(0);
  });

  it('finally, Promise.all and then chains build plain promises', async () => {
    const vapi = new Vapi({ token: TOKEN, baseUrl: base });
    const chained = vapi.assistants.get('a1').finally(() => undefined);
    expect(chained).not.toBeInstanceOf(APIPromise);
    expect((await chained).id).toBe('a1');
    const [a, b] = await Promise.all([vapi.assistants.get('a1'), vapi.assistants.list()]);
    expect([a.id, b.length]).toEqual(['a1', 1]);
  });
});

describe('onRequest / onResponse hooks', () => {
  it('see each attempt, retries included, and a header added by onRequest is sent', async () => {
    failFirst = 1;
    const requests: RequestEvent[] = [];
    const statuses: [number, number | undefined, string | null][] = [];
    const vapi = new Vapi({
      token: TOKEN,
      baseUrl: base,
      onRequest: (e) => {
        requests.push({ ...e, headers: { ...e.headers } });
        e.headers.traceparent = `00-trace-${e.attempt}`;
      },
      onResponse: (e) =>
        statuses.push([e.attempt, e.response?.status, e.response?.headers.get('x-request-id') ?? null]),
    });
    await vapi.assistants.list();
    expect(requests.map((r) => [r.attempt, r.method, r.url])).toEqual([
      [1, 'GET', `${base}/assistant`],
      [2, 'GET', `${base}/assistant`],
    ]);
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(statuses.map(([attempt, status]) => [attempt, status])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    expect(seen.map((h) => h.traceparent)).toEqual(['00-trace-1', '00-trace-2']);
  });

  it('onResponse hears a connection failure, with no response', async () => {
    const events: { response?: Response; error: unknown }[] = [];
    // A port nothing listens on: the server's, after it closes.
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((resolve) => dead.close(resolve));
    const vapi = new Vapi({
      token: TOKEN,
      baseUrl: `http://127.0.0.1:${port}`,
      retry: 0,
      onResponse: (e) => events.push(e),
    });
    await expect(vapi.assistants.list()).rejects.toThrow();
    expect(events).toHaveLength(1);
    expect(events[0]!.response).toBeUndefined();
    expect(events[0]!.error).toBeInstanceOf(Error);
  });

  it('refuses a hook that is not a function', () => {
    expect(() => new Vapi({ token: TOKEN, onRequest: 'log' as never })).toThrow(
      '"onRequest" must be a function (got "log")',
    );
  });
});

describe('logger', () => {
  it('logs every attempt and never prints the token', async () => {
    failFirst = 1;
    const { logger, lines, text } = recordingLogger();
    const vapi = new Vapi({ token: TOKEN, baseUrl: base, logger, logLevel: 'debug' });
    await vapi.assistants.list();
    expect(lines.map((l) => l.level)).toEqual(['debug', 'error', 'debug', 'info']);
    expect(String(lines[1]!.args[0])).toMatch(
      /GET .*\/assistant → 503 \(request id req_\d+\) in \d+ ms \(attempt 1\)/,
    );
    expect(lines[0]!.args[1]).toMatchObject({ headers: { authorization: '***' } });
    expect(text()).not.toContain(TOKEN);
    expect(text()).not.toContain('0123456789');
  });

  it('at info, logs responses but not request headers', async () => {
    const { logger, lines } = recordingLogger();
    await new Vapi({ token: TOKEN, baseUrl: base, logger }).assistants.list();
    expect(lines.map((l) => l.level)).toEqual(['info']);
  });

  it('VAPI_LOG sets the level, to stderr by default (never stdout), the token redacted', async () => {
    vi.stubEnv('VAPI_LOG', 'debug');
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stdout = [vi.spyOn(console, 'log'), vi.spyOn(console, 'info'), vi.spyOn(console, 'debug')];
    await new Vapi({ token: TOKEN, baseUrl: base }).assistants.list();
    expect(stderr).toHaveBeenCalledTimes(2);
    expect(String(stderr.mock.calls[1]![0])).toMatch(/→ 200/);
    for (const spy of stdout) expect(spy).not.toHaveBeenCalled();
    expect(JSON.stringify(stderr.mock.calls)).not.toContain(TOKEN);
  });

  it('logLevel off, or VAPI_LOG unset, logs nothing', async () => {
    const { logger, lines } = recordingLogger();
    await new Vapi({ token: TOKEN, baseUrl: base, logger, logLevel: 'off' }).assistants.list();
    const info = vi.spyOn(console, 'info');
    await new Vapi({ token: TOKEN, baseUrl: base }).assistants.list();
    expect(lines).toEqual([]);
    expect(info).not.toHaveBeenCalled();
  });

  it('keeps the caller hooks and runs the logger after them', async () => {
    const order: string[] = [];
    const logger: Logger = { ...recordingLogger().logger, info: () => order.push('logger') };
    await new Vapi({
      token: TOKEN,
      baseUrl: base,
      logger,
      onResponse: () => order.push('hook'),
    }).assistants.list();
    expect(order).toEqual(['hook', 'logger']);
  });

  it('names a bad VAPI_LOG, logLevel or logger', () => {
    vi.stubEnv('VAPI_LOG', 'verbose');
    expect(() => new Vapi({ token: TOKEN })).toThrow(
      'VAPI_LOG must be one of off, error, warn, info, debug (got "verbose")',
    );
    vi.unstubAllEnvs();
    expect(() => new Vapi({ token: TOKEN, logLevel: 'loud' as never })).toThrow(VapiArgumentError);
    expect(() => new Vapi({ token: TOKEN, logger: {} as never })).toThrow(
      'logger must have error, warn, info and debug functions',
    );
  });

  it('logHooks() (the browser way) logs the same, redacted', async () => {
    const { logger, text } = recordingLogger();
    await new Vapi({
      token: TOKEN,
      baseUrl: base,
      ...logHooks({ logger, logLevel: 'debug' }),
    }).assistants.list();
    expect(text()).toContain('***');
    expect(text()).not.toContain(TOKEN);
  });

  it('a browser bundle points logger/logLevel at logHooks instead of dropping them', () => {
    expect(() => browserOptions({ token: TOKEN, logLevel: 'debug' })).toThrow(
      "logHooks() from '@voxdesk/sdk/log'",
    );
    expect(browserOptions({ token: TOKEN })).toEqual({ token: TOKEN });
  });
});
