/**
 * The CLI's fetch: requests over `node:http`/`node:https` instead of Node's global fetch, whose
 * first call loads undici (~45–80 ms of a one-request run; issue 29). It handles what the SDK and
 * the commands send — a string or URL, a string or bytes body, plain-object headers — and answers
 * with a Response-shaped object carrying what the SDK reads (status, statusText, ok, headers,
 * text/json/arrayBuffer, body as a web stream for streaming); it follows redirects as fetch
 * does. Anything else (a FormData or stream body, a `Request`, a proxy in the environment, a
 * redirect to another scheme) goes to the global fetch, loaded only then.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { headerOf, headerPairs, isPlain } from './headers.ts';

type Fetch = typeof globalThis.fetch;

/** Environment variables that make the global fetch (NODE_USE_ENV_PROXY) go through a proxy. */
const PROXY_VARS = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NODE_USE_ENV_PROXY'];

/** Statuses whose body is empty by definition. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);

/**
 * A fetch over `node:http`/`node:https`; `fallback` (default: the global fetch) takes every
 * request it does not handle itself. `env` decides whether a proxy is configured.
 */
export function nodeFetch(
  env: Record<string, string | undefined> = process.env,
  fallback: Fetch = (input, init) => globalThis.fetch(input, init),
): Fetch {
  const proxied = PROXY_VARS.some((name) => env[name]);
  const fetch: Fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
    const body = init?.body;
    const simpleBody =
      body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
    const headers = init?.headers;
    const simpleHeaders = headers === undefined || Array.isArray(headers) || isPlain(headers);
    if (url === undefined || proxied || !simpleBody || !simpleHeaders || !/^https?:/i.test(url))
      return fallback(input, init);
    return follow(new URL(url), init ?? {}, 0);
  };
  /** Sends, and follows redirects as fetch does (`redirect: 'follow'` is its default). */
  const follow = async (url: URL, init: RequestInit, hops: number): Promise<Response> => {
    const response = await send(url, init);
    const location = response.headers.get('location');
    if (!REDIRECT.has(response.status) || location === null || init.redirect === 'manual') return response;
    await response.body?.cancel();
    if (init.redirect === 'error' || hops >= 20)
      throw failed(new Error(init.redirect === 'error' ? 'unexpected redirect' : 'redirect count exceeded'));
    const next = new URL(location, url);
    const method = (init.method ?? 'GET').toUpperCase();
    // 303 (and 301/302 after a POST) turn into a body-less GET; a new origin gets no credentials.
    const toGet =
      (response.status === 303 && method !== 'HEAD') || (response.status < 303 && method === 'POST');
    const drop = new Set([
      ...(toGet
        ? ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']
        : []),
      ...(next.origin !== url.origin ? ['authorization', 'cookie', 'proxy-authorization'] : []),
    ]);
    const headers = headerPairs(init.headers).filter(([name]) => !drop.has(name));
    const nextInit: RequestInit = { ...init, headers, ...(toGet ? { method: 'GET', body: null } : {}) };
    return /^https?:$/.test(next.protocol) ? follow(next, nextInit, hops + 1) : fallback(next.href, nextInit);
  };
  return fetch;
}

/** One request; resolves at the response headers, as fetch does. */
function send(url: URL, init: RequestInit): Promise<Response> {
  const body = (init.body ?? undefined) as string | Uint8Array | undefined;
  const signal = init.signal ?? undefined;
  const method = (init.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  for (const [name, value] of headerPairs(init.headers))
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  // What fetch adds when the caller does not say (a string body is text unless named).
  headers.accept ??= '*/*';
  headers['accept-encoding'] ??= 'gzip, deflate, br';
  if (typeof body === 'string') headers['content-type'] ??= 'text/plain;charset=UTF-8';
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  if (payload) headers['content-length'] = String(payload.byteLength);
  else if (method === 'POST' || method === 'PUT') headers['content-length'] = '0';
  // Already loaded by Node's bootstrap for http; https only for an https URL.
  const transport = process.getBuiltinModule(url.protocol === 'https:' ? 'node:https' : 'node:http');
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const request = transport.request(url, { method, headers }, (message) => {
      // why: NodeResponse has every member of Response the SDK and the commands read (the
      // SDK's documented custom-fetch contract); building a real one would load undici.
      resolve(toResponse(message, url, method, signal) as unknown as Response);
    });
    const abort = () => {
      request.destroy(signal?.reason as Error);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', abort, { once: true });
    request.once('close', () => signal?.removeEventListener('abort', abort));
    // No response arrived: as fetch says it (the SDK maps "fetch failed" to its connection error).
    request.once('error', (error) => reject(signal?.aborted ? signal.reason : failed(error)));
    request.end(payload);
  });
}

/** fetch's network error: a TypeError whose cause is the system error (ECONNREFUSED…). */
const failed = (error: Error) => new TypeError('fetch failed', { cause: error });

function toResponse(message: IncomingMessage, url: URL, method: string, signal: AbortSignal | undefined) {
  const status = message.statusCode ?? 0;
  const empty = method === 'HEAD' || NULL_BODY.has(status);
  // An abort after the headers ends the body with the abort's reason, as fetch does.
  const abort = () => message.destroy(signal?.reason as Error);
  signal?.addEventListener('abort', abort, { once: true });
  message.once('close', () => signal?.removeEventListener('abort', abort));
  let source: Readable = message;
  const encoding = (message.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (
    !empty &&
    (encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate' || encoding === 'br')
  ) {
    // Loaded only when a server compresses.
    const zlib = process.getBuiltinModule('node:zlib');
    const decoder =
      encoding === 'br'
        ? zlib.createBrotliDecompress()
        : encoding === 'deflate'
          ? zlib.createInflate()
          : zlib.createGunzip({
              flush: zlib.constants.Z_SYNC_FLUSH,
              finishFlush: zlib.constants.Z_SYNC_FLUSH,
            });
    message.once('error', (error) => decoder.destroy(error));
    source = message.pipe(decoder);
  }
  if (empty) message.resume();
  // A body nobody reads may still be cut off (an abort, a reset): its error belongs to the
  // reader, if any, never to the process as an uncaught 'error' event.
  message.on('error', () => undefined);
  if (source !== message) source.on('error', () => undefined);
  const headers = new NodeHeaders(message.rawHeaders);
  return new NodeResponse(
    status,
    message.statusMessage ?? '',
    headers,
    url.href,
    empty ? null : source,
    signal,
  );
}

/** A response's headers, read as `Headers` reads them. */
class NodeHeaders {
  readonly #pairs: [string, string][] = [];

  constructor(raw: string[]) {
    for (let i = 0; i < raw.length; i += 2) this.#pairs.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
  }

  get(name: string): string | null {
    return headerOf(this.#pairs, name) ?? null;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  getSetCookie(): string[] {
    return this.#pairs.filter(([key]) => key === 'set-cookie').map(([, value]) => value);
  }

  /** Sorted by name, repeats joined, as `Headers` iterates. */
  *entries(): IterableIterator<[string, string]> {
    const names = [...new Set(this.#pairs.map(([key]) => key))].sort();
    for (const name of names) {
      if (name === 'set-cookie') for (const cookie of this.getSetCookie()) yield [name, cookie];
      else yield [name, this.get(name)!];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: string, name: string, headers: this) => void): void {
    for (const [name, value] of this.entries()) callback(value, name, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/** The parts of `Response` a caller reads; the body streams from the Node response. */
class NodeResponse {
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = 'basic';
  readonly status: number;
  readonly statusText: string;
  readonly headers: NodeHeaders;
  readonly url: string;
  #source: Readable | null;
  #stream: ReadableStream<Uint8Array> | null | undefined;
  #used = false;
  readonly #signal: AbortSignal | undefined;

  constructor(
    status: number,
    statusText: string,
    headers: NodeHeaders,
    url: string,
    source: Readable | null,
    signal?: AbortSignal,
  ) {
    this.status = status;
    this.statusText = statusText;
    this.headers = headers;
    this.url = url;
    this.ok = status >= 200 && status < 300;
    this.#source = source;
    this.#signal = signal;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  /** The body as a web stream, made on first use (streaming commands, a retry's cancel). */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#stream === undefined) {
      const { Readable } = process.getBuiltinModule('node:stream');
      this.#stream = this.#source ? (Readable.toWeb(this.#source) as ReadableStream<Uint8Array>) : null;
    }
    return this.#stream;
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    const chunks: Uint8Array[] = [];
    try {
      for await (const chunk of (this.#stream ?? this.#source ?? []) as AsyncIterable<Uint8Array>)
        chunks.push(chunk);
    } catch (error) {
      // A body cut off midway: as fetch says it ("terminated", the socket error as the cause).
      throw this.#signal?.aborted ? this.#signal.reason : new TypeError('terminated', { cause: error });
    }
    const all = Buffer.concat(chunks);
    return new Uint8Array(all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength));
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.bytes()], { type: this.headers.get('content-type') ?? '' });
  }

  /** A second reader: both get the whole body (a tee). */
  clone(): NodeResponse {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    const body = this.body;
    if (!body) return new NodeResponse(this.status, this.statusText, this.headers, this.url, null);
    const [mine, theirs] = body.tee();
    this.#stream = mine;
    const copy = new NodeResponse(this.status, this.statusText, this.headers, this.url, null);
    copy.#stream = theirs;
    return copy;
  }
}
