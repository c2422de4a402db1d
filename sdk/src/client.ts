import { VapiArgumentError, VapiUnexpectedResponseError } from './errors.ts';
import { appendQuery, isFileData, jsonOf, mediaTypeOf, NOT_JSON, readBody, requestIdOf } from './http.ts';
import {
  DEFAULT_BASE_URL,
  DEFAULT_TIMEOUT,
  checkOptions,
  checkRequestOptions,
  type RequestOptions,
  type RetryOptions,
  type TokenSource,
  type VapiOptions,
} from './options.ts';
import type { UploadResolver } from './upload.ts';
import { NO_AUTH_PATHS } from './generated/meta.ts';
import { sdkHeaders } from './user-agent.ts';
import { hasHeader, setHeader, type HeaderRecord } from './headers.ts';
import { sendWithRetries, type Attempts, type RetryEvent } from './transport.ts';
import { APIPromise } from './api-promise.ts';
import { toVapiError } from './error-mapping.ts';
// A browser build takes env-credentials.browser.ts: no environment to read, fewer bytes.
import { withEnvCredentials } from '#env-credentials';

/** A request to any path, with the client's auth, retries, timeout and errors. */
export interface ApiRequest extends RequestOptions {
  /** GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS (any case). */
  method: string;
  /** Path below the base URL, starting with `/` (may carry its own `?query`). */
  path: string;
  /** JSON-encoded unless it is FormData, Blob, ArrayBuffer(View), ReadableStream or URLSearchParams. */
  body?: unknown;
}

type Body = RequestInit['body'];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const IDEMPOTENT = ['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'];

const isRawBody = (body: unknown) =>
  isFileData(body) || body instanceof FormData || body instanceof URLSearchParams;

const asRetry = (retry: number | RetryOptions | undefined): RetryOptions =>
  typeof retry === 'number' ? { limit: retry } : (retry ?? {});

/** Turns an upload (a file, form data or an object of fields) into the multipart body. */
export type FormEncoder = (where: string, body: unknown, resolve?: UploadResolver) => Promise<FormData>;

/** One operation call, as the generated methods describe it to `send`. */
export interface SendRequest {
  /** Default GET. */
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Built by the `path` tag, so each parameter is checked and encoded; as a function (the
   * generated methods) it is built inside `send`, so a bad parameter rejects the promise.
   */
  path: string | (() => string);
  /**
   * An absolute URL on another host, sent to instead of the base URL + `path` (a call's control
   * URL); `path` then only names the request in errors. Give `auth: false` with it.
   */
  url?: string;
  query?: object | undefined;
  body?: unknown;
  /**
   * Send `body` as multipart form data (an upload), encoded by this function: the generated
   * upload methods pass `multipart` from `multipart.ts`, so only programs that upload ship it.
   */
  multipart?: FormEncoder;
  /** Headers the operation requires, unless the caller sets them. */
  headers?: Record<string, string>;
  /** `false` for operations without auth (`/credential/webhook`). */
  auth?: false;
  /** What a 2xx answers: its JSON kind (default an object), or `file` for a download handed back as a Response. */
  returns?: 'array' | 'page' | 'file' | 'any';
  /** The answer may be an empty body, besides a DELETE's: resolve `undefined` for one (the method's type says so). */
  empty?: true;
  options?: RequestOptions | undefined;
  /** The row's check of the body (checks.ts), run before anything is sent; a failure rejects. */
  check?: (body: unknown) => void;
}

/** One request as `transport` sends it. */
export interface Send {
  where: string;
  method: string;
  path: string;
  /** Absolute URL instead of the base URL + `path`. */
  url?: string | undefined;
  query?: object | undefined;
  headers?: Record<string, string> | undefined;
  body?: Body | undefined;
  contentType?: string | undefined;
  auth: boolean;
  accept: string;
  options: RequestOptions;
}

/**
 * The core every request goes through: options, auth, retries, timeouts, errors, and
 * `send()` for the generated operations. The functional entry (`@voxdesk/sdk/fn`) takes any
 * client as its first argument, so `new VapiCore({ token })` is its smallest one; `VapiClient`
 * adds `request()` for any path and `Vapi` one resource per API area.
 */
export class VapiCore {
  readonly #base: string;
  readonly #token: TokenSource | undefined;
  readonly #timeout: number;
  readonly #totalTimeout: number | undefined;
  readonly #retry: RetryOptions;
  readonly #onRetry: ((event: RetryEvent) => void) | undefined;
  readonly #onRequest: VapiOptions['onRequest'];
  readonly #onResponse: VapiOptions['onResponse'];
  readonly #headers: Record<string, string>;
  /** The client's headers and the SDK's user agent, as every request starts (see #baseHeaders). */
  #common: HeaderRecord | undefined;
  /** The last token sent, and its Authorization value (see #bearer). */
  #bearerToken = '';
  #bearerValue = '';
  readonly #fetch: typeof fetch | undefined;
  /** Lets the Node entry accept file paths for uploads. */
  protected resolveUpload: UploadResolver | undefined;

  constructor(options?: VapiOptions) {
    const o = checkOptions(withEnvCredentials(options));
    this.#base = (o.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.#token = o.token || undefined;
    this.#timeout = o.timeout ?? DEFAULT_TIMEOUT;
    this.#totalTimeout = o.totalTimeout;
    this.#retry = asRetry(o.retry);
    this.#onRetry = o.onRetry;
    this.#onRequest = o.onRequest;
    this.#onResponse = o.onResponse;
    this.#headers = { ...o.headers };
    this.#fetch = o.fetch;
  }

  /**
   * Sends one operation: what every generated method calls. `path` comes from the `path`
   * tag; the answer is checked against the row's promise (`returns`) before it is handed back,
   * carrying the request id as a non-enumerable `requestId`.
   */
  send<T>(r: SendRequest): APIPromise<T> {
    let path = '';
    let exchange: Promise<Response>;
    // A bad parameter or option rejects the promise rather than throwing at the call.
    try {
      path = typeof r.path === 'string' ? r.path : r.path();
      exchange = this.#exchange(r, path);
    } catch (error) {
      exchange = Promise.reject(error);
    }
    return new APIPromise<T>(exchange, async (answer) => {
      const response = await answer;
      if (r.returns === 'file') return response as T;
      const value = checkedBody(response, await response.text(), r, path);
      // A value, not a getter closing over the Response: a closure per result gave each result a
      // map of its own in old space, which kept its Response alive until a full GC (3-5x the GC
      // time per call). The three header lookups cost less than a second defineProperty.
      if (typeof value === 'object' && value && !('requestId' in value))
        Object.defineProperty(value, 'requestId', { value: requestIdOf(response) });
      // why: the row promises this shape, and checkedBody checked the top-level kind.
      return value as T;
    });
  }

  /**
   * The request of `send` to `path`, up to the 2xx Response (a failure rejects). Not async: a bad
   * option, query or body throws to `send`, and the transport's own promise is handed back
   * as it is, a step and a promise fewer per call than an async function's `return await`.
   */
  #exchange(r: SendRequest, path: string): Promise<Response> {
    const method = r.method ?? 'GET';
    const where = `${method} ${path}`;
    const options = checkRequestOptions(where, r.options);
    r.check?.(r.body);
    if (
      r.query !== undefined &&
      (typeof r.query !== 'object' || r.query === null || Array.isArray(r.query))
    ) {
      throw new VapiArgumentError(
        `${where}: the query must be an object (got ${String(r.query)}). Use e.g. { limit: 10 }.`,
      );
    }
    const send = (body: Body | undefined) =>
      this.transport({
        where,
        method,
        path,
        url: r.url,
        query: r.query,
        body,
        // A JSON body is a string; an upload's is FormData, whose fetch sets the type and boundary.
        contentType: typeof body === 'string' ? 'application/json' : undefined,
        headers: r.headers,
        auth: r.auth !== false,
        accept: r.returns === 'file' ? '*/*' : 'application/json',
        options,
      });
    return r.multipart
      ? r.multipart(where, r.body, this.resolveUpload).then(send)
      : // JSON.stringify(undefined) is undefined: no body.
        send(JSON.stringify(r.body));
  }

  /**
   * The client's headers (as `new Headers()` merges and checks them: a bad one throws its
   * TypeError at each request, as it did when each request built its own) and the SDK's user
   * agent unless the client sets one; built once.
   */
  #baseHeaders(): HeaderRecord {
    if (this.#common) return this.#common;
    // None given: skip Headers, whose first use loads undici in Node (~45 ms for a CLI run).
    const base: HeaderRecord = Object.keys(this.#headers).length
      ? Object.fromEntries(new Headers(this.#headers))
      : {};
    // The SDK names itself unless the caller set its own user agent.
    for (const [name, value] of Object.entries(sdkHeaders)) if (!hasHeader(base, name)) base[name] = value;
    return (this.#common = base);
  }

  /** `Bearer <token>`, checked as a header value once per token rather than once per request. */
  #bearer(token: string): string {
    if (token !== this.#bearerToken) {
      const value = `Bearer ${token}`;
      setHeader({}, 'authorization', value);
      this.#bearerToken = token;
      this.#bearerValue = value;
    }
    return this.#bearerValue;
  }

  /**
   * The one request mechanism: headers, auth, the send loop's retries and timeouts, errors mapped.
   * Not async: the send loop's promise is handed back as it is (one promise and a step fewer per
   * call), so a bad header or token throws here, to callers that turn it into a rejection.
   */
  protected transport(s: Send): Promise<Response> {
    const token = s.auth ? this.#token : undefined;
    // A token function's answer may be a promise: only then is there something to wait for.
    return typeof token === 'function'
      ? (async () => this.#sendWithToken(s, await token()))()
      : this.#sendWithToken(s, token);
  }

  #sendWithToken(s: Send, token: unknown): Promise<Response> {
    // A URL object only to add a query; the base was checked up front, and `path` starts with `/`.
    let url = s.url ?? this.#base + s.path;
    if (s.query !== undefined || s.options.query !== undefined) {
      const withQuery = new URL(url);
      appendQuery(withQuery, s.query);
      appendQuery(withQuery, s.options.query);
      url = withQuery.href;
    }
    const headers: HeaderRecord = { ...this.#baseHeaders(), accept: s.accept };
    if (s.contentType) headers['content-type'] = s.contentType;
    if (s.headers)
      for (const [name, value] of Object.entries(s.headers))
        if (!hasHeader(headers, name)) setHeader(headers, name, value);
    if (token !== undefined && typeof token !== 'string') {
      throw new VapiArgumentError(
        `${s.where}: the token function must return a string or undefined (got ${typeof token}).`,
      );
    }
    if (token) headers.authorization = this.#bearer(token);
    if (s.options.headers)
      for (const [name, value] of Object.entries(s.options.headers)) setHeader(headers, name, value);
    const timeout = s.options.timeout ?? this.#timeout;
    // The total bound cuts an attempt in flight too, and a retry's wait that would pass it.
    const total = s.options.totalTimeout ?? this.#totalTimeout;
    const expiry = total === undefined ? undefined : AbortSignal.timeout(total);
    const callerSignal = s.options.signal;
    const signal =
      callerSignal && expiry ? AbortSignal.any([callerSignal, expiry]) : (callerSignal ?? expiry);
    // credentials 'same-origin' and redirect 'follow' are the defaults.
    const init: Attempts['init'] = { referrerPolicy: 'no-referrer', method: s.method, headers };
    let stream: Request | undefined;
    // A string (JSON) body first: ReadableStream is loaded on first touch in Node.
    if (
      typeof s.body === 'object' &&
      typeof ReadableStream !== 'undefined' &&
      s.body instanceof ReadableStream
    ) {
      // A stream is read once: a Request holds it, each attempt tees it (Node needs `duplex`,
      // which the DOM lib's RequestInit does not declare yet).
      const streamInit: RequestInit & { duplex: 'half' } = { method: s.method, body: s.body, duplex: 'half' };
      stream = new Request(url, streamInit);
    } else if (s.body !== undefined) init.body = s.body;
    const custom = this.#fetch;
    return sendWithRetries({
      fetch: custom ?? fetch,
      custom: custom !== undefined,
      url,
      init,
      stream,
      timeout,
      // Blind retries (5xx, a lost connection) for idempotent methods, and for any method whose
      // request sets `retry`; on a POST without it, only 429 and 503 with Retry-After are retried.
      retry: s.options.retry === undefined ? this.#retry : { ...this.#retry, ...asRetry(s.options.retry) },
      retries: s.options.retry !== undefined || IDEMPOTENT.includes(s.method),
      total,
      signal,
      onRetry: this.#onRetry,
      onRequest: this.#onRequest,
      onResponse: this.#onResponse,
      // One static import: a lazy one cost more bytes (module wrappers) than it saved.
      fail: (response, failure, refused) =>
        toVapiError(failure, {
          method: s.method,
          path: s.path,
          url: new URL(url),
          timeout,
          signal: callerSignal,
          // expiry exists exactly when total does.
          total: expiry && { ms: total!, expired: expiry.aborted },
          refused,
          response,
        }),
    });
  }
}

/** The core plus `request()` / `requestResponse()` for any path below the base URL. */
export class VapiClient extends VapiCore {
  /** Sends a request and returns the parsed body (JSON, text, or undefined when empty). */
  async request<T = unknown>(request: ApiRequest): Promise<T> {
    return (await readBody(await this.requestResponse(request))) as T;
  }

  /** Like `request()` but returns the raw `Response` (still throws a `VapiError` on non-2xx). */
  async requestResponse(request: ApiRequest): Promise<Response> {
    const where = 'vapi.request()';
    if (typeof request !== 'object' || request === null) {
      throw new VapiArgumentError(
        `${where}: expected { method, path, query?, body? }. Use e.g. { method: 'GET', path: '/assistant' }.`,
      );
    }
    const { method: rawMethod, path, body, ...options } = request;
    const method = typeof rawMethod === 'string' ? rawMethod.toUpperCase() : '';
    if (!METHODS.includes(method)) {
      throw new VapiArgumentError(
        `${where}: "method" must be one of ${METHODS.join(', ')} (got ${String(rawMethod)}).`,
      );
    }
    if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) {
      throw new VapiArgumentError(
        `${where}: "path" must start with "/" and stay on the API host (got ${String(path)}). Use e.g. '/assistant'.`,
      );
    }
    const opts = checkRequestOptions(where, options);
    if (body !== undefined && (method === 'GET' || method === 'HEAD')) {
      throw new VapiArgumentError(
        `${where}: a ${method} request cannot have a body. Send the fields as query instead.`,
      );
    }
    const json = body !== undefined && !isRawBody(body);
    return this.transport({
      where,
      method,
      path,
      body: json ? JSON.stringify(body) : (body as Body | undefined),
      contentType: json ? 'application/json' : undefined,
      auth: !NO_AUTH_PATHS.includes(path.split('?')[0] ?? ''),
      accept: 'application/json, */*;q=0.5',
      options: opts,
    });
  }
}

const KIND_LABEL = {
  object: 'a JSON object',
  array: 'a JSON array',
  page: 'a JSON page { results, metadata }',
  any: 'JSON',
};

/**
 * What came back, in a few words: `text/html "<html>…"`, `invalid application/json "{…"`,
 * `a JSON array`. A body that is not JSON is named by its content type.
 */
function described(text: string, value: unknown, mediaType: string): string {
  if (value === NOT_JSON) {
    const flat = text.replace(/\s+/g, ' ').trim();
    const type = /[/+]json$/.test(mediaType) ? `invalid ${mediaType}` : mediaType || 'text (no content type)';
    return `${type} "${flat.length > 60 ? `${flat.slice(0, 60)}…` : flat}"`;
  }
  if (Array.isArray(value)) return 'a JSON array';
  return value === null ? 'JSON null' : `a JSON ${typeof value}`;
}

/**
 * The body of a 2xx (its `text`), checked against what the operation promises (its row's
 * `returns`): JSON of that top-level kind. An empty body passes only where the operation's type
 * allows one (scripts/client-source.ts `mayBeEmpty`: a DELETE, `empty`, undescribed answers);
 * anywhere else it is an error naming the status, not an `undefined` typed as the resource.
 */
function checkedBody(response: Response, text: string, r: SendRequest, path: string): unknown {
  const method = r.method ?? 'GET';
  const expected = r.returns === 'file' ? 'any' : (r.returns ?? 'object');
  if (!text && (method === 'DELETE' || r.empty || expected === 'any')) return undefined;
  const mediaType = mediaTypeOf(response);
  const value = !text ? undefined : jsonOf(text, mediaType);
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  const ok =
    value !== NOT_JSON &&
    value !== undefined &&
    (expected === 'any' ||
      (expected === 'array' && Array.isArray(value)) ||
      (expected === 'object' && isObject) ||
      (expected === 'page' && isObject && Array.isArray(Reflect.get(value, 'results'))));
  if (!ok) {
    const got = text ? described(text, value, mediaType) : `an empty body (status ${response.status})`;
    throw new VapiUnexpectedResponseError(
      `unexpected response from ${method} ${path}: expected ${KIND_LABEL[expected]}, got ${got}`,
      {
        status: response.status,
        body: text,
        method,
        url: response.url,
        requestId: requestIdOf(response),
        response,
      },
    );
  }
  return value;
}
