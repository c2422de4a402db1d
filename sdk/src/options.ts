import { VapiArgumentError } from './errors.ts';
import type { RequestEvent, ResponseEvent, RetryEvent } from './transport.ts';
/** A bearer token, or a function returning one (called before every request: rotation). */
export type TokenSource = string | (() => string | undefined | Promise<string | undefined>);

/**
 * How failed requests are retried: 429 (and 503 with `Retry-After`) on every method; 408, 5xx
 * and connection errors on idempotent methods, or any method whose request sets `retry`.
 */
export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  limit?: number;
  /** Upper bound of one computed backoff delay, in ms (default 10000). */
  backoffLimit?: number;
  /**
   * The longest server `Retry-After` the SDK waits out, in ms (default 60000). A longer one is
   * not retried early: the error is thrown at once, with `retryAt` saying when to try again.
   */
  maxRetryAfter?: number;
}

/** Options of `new Vapi(options)`; all optional, checked when the client is built. */
export interface VapiOptions {
  /**
   * API key (private key for server use, public key for `/call/web` in browsers). Unset, where
   * the platform has an environment (Node, Deno, Bun), `VAPI_TOKEN` is used with
   * `VAPI_BASE_URL` as a pair; with no token at all a request fails before sending. `null`
   * sends no Authorization header, on purpose.
   */
  token?: TokenSource | null | undefined;
  /**
   * Default `https://api.vapi.ai`; with no `token` option, `VAPI_BASE_URL` (it goes with
   * `VAPI_TOKEN`). A token given here is never sent to `VAPI_BASE_URL`.
   */
  baseUrl?: string | undefined;
  /** Per-attempt timeout in ms (default 60000). */
  timeout?: number | undefined;
  /**
   * Upper bound in ms of one call with all its retries and the waits between them (default:
   * none). A retry whose wait would end past it is not made: the last error is thrown at once.
   */
  totalTimeout?: number | undefined;
  /** Retries: a count or options (default 2). 429s are retried on every method; see `RetryOptions`. */
  retry?: number | RetryOptions | undefined;
  /** Called before each retry's wait: e.g. to tell a user "rate limited, retrying in 12 s". */
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /**
   * Called before each attempt (retries included) with its method, URL and own headers, which it
   * may add to (a trace id). For tracing; a hook that throws fails the request with its error.
   */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Called after each attempt (retries included) with the response (body unread) or the error, and its ms. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  /**
   * Logs each attempt through this logger (`console` by default), at `logLevel` (default
   * `info` when a logger is given) or the `VAPI_LOG` variable; the Authorization header is
   * redacted. Where there is an environment (Node, Deno, Bun); in a browser bundle, spread
   * `logHooks({ logger, logLevel })` from `@voxdesk/sdk/log` into the options instead.
   */
  logger?: Logger | undefined;
  /** `off`, `error` (no response, 5xx), `warn` (+ 4xx), `info` (+ every response), `debug` (+ each request's headers, redacted). */
  logLevel?: LogLevel | undefined;
  /**
   * Replacement `fetch` (tests, proxies, instrumentation), called as the platform's is:
   * `fetch(url, init)`, with `url` a string and `init` a fresh object per attempt carrying
   * `method`, `headers` (a plain object with lowercase names, Authorization included), `body`,
   * `signal` and the fetch settings. A wrapper such as
   * `(input, init) => fetch(input, { ...init, headers: { ...init?.headers, 'x-trace': id } })`
   * keeps them all. Only a network failure (a `TypeError` as fetch rejects with) is retried;
   * anything else it throws is the caller's and is thrown unchanged, at once. Of the Response
   * it resolves to, the SDK reads only `status`, `statusText`, `ok`, `headers.get()`,
   * `bodyUsed`, `text()` and, for streams and downloads, `body` (a web ReadableStream; it is
   * cancelled before a retry): a Response-shaped object that has these will do.
   */
  fetch?: typeof fetch | undefined;
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined;
}

/** Where `logger` writes: `console` fits. */
export interface Logger {
  /** Attempts with no response, or a 5xx. */
  error(message: string, ...details: unknown[]): void;
  /** Attempts answered 4xx. */
  warn(message: string, ...details: unknown[]): void;
  /** Every other response. */
  info(message: string, ...details: unknown[]): void;
  /** Each request before it is sent, with its headers redacted. */
  debug(message: string, ...details: unknown[]): void;
}

/** How much `logger` writes, from nothing to every request's headers (redacted). */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** Per-request overrides, accepted as every method's last argument. */
export interface RequestOptions {
  /** Aborts the request (and its retries); it then throws `VapiAbortError`. */
  signal?: AbortSignal | undefined;
  /** Per-attempt timeout in ms for this request, instead of the client's. */
  timeout?: number | undefined;
  /** `totalTimeout` for this request (all attempts and waits), instead of the client's. */
  totalTimeout?: number | undefined;
  /** Giving `retry` on a POST or PATCH opts that request in to retries. */
  retry?: number | RetryOptions | undefined;
  /** Headers for this request, on top of (and overriding) the client's. */
  headers?: Record<string, string> | undefined;
  /** Extra query parameters. */
  query?: QueryParams | undefined;
}

/** One query value: dates are sent as ISO strings, objects as JSON, null and undefined not at all. */
export type QueryValue = string | number | boolean | Date | null | undefined | object;
/** Query parameters; an array value repeats the parameter. */
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** Vapi's API origin, used when `baseUrl` is not given. */
export const DEFAULT_BASE_URL = 'https://api.vapi.ai';
/** Per-attempt timeout in ms (60 s) when `timeout` is not given. */
export const DEFAULT_TIMEOUT = 60_000;

/** A rule: the test, what the value must be, and an example value (printed after `key: `). */
type Check = [test: (value: unknown) => boolean, expected: string, example: string];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
// Timers (the timeout, a retry's wait) cannot wait longer than a 32-bit count of ms.
const isMs = (v: unknown, min = 1) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= 2_147_483_647;
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 10;
const hasUserInfo = (url: string) => new URL(url).username !== '' || new URL(url).password !== '';
const RETRY_KEYS = ['limit', 'backoffLimit', 'maxRetryAfter'];
// onRetry, onRequest, onResponse: one rule (bytes count in every bundle).
const HOOK: Check = [(v) => typeof v === 'function', 'a function', '(event) => console.log(event)'];

const RULES: Record<string, Check> = {
  token: [
    // `null` is a choice: no Authorization header.
    (v) => v === null || typeof v === 'function' || (typeof v === 'string' && !/\s/.test(v)),
    'an API key without whitespace, or a function returning one',
    'process.env.VAPI_TOKEN?.trim()',
  ],
  baseUrl: [
    // fetch refuses a URL with credentials in it, so it is refused here, before any request.
    (v) => typeof v === 'string' && /^https?:\/\/[^?#]+$/.test(v) && URL.canParse(v) && !hasUserInfo(v),
    'an http(s) URL without credentials, query or hash',
    `'${DEFAULT_BASE_URL}'`,
  ],
  timeout: [isMs, 'a whole number of milliseconds', '30000'],
  totalTimeout: [isMs, 'a whole number of milliseconds', '120000'],
  retry: [
    (v) =>
      isCount(v) ||
      (isObject(v) &&
        Object.keys(v).every((k) => RETRY_KEYS.includes(k)) &&
        (v.limit === undefined || isCount(v.limit)) &&
        [v.backoffLimit, v.maxRetryAfter].every((ms) => ms === undefined || isMs(ms, 0))),
    'a retry count from 0 to 10, or { limit, backoffLimit, maxRetryAfter } (ms)',
    '2',
  ],
  onRetry: HOOK,
  onRequest: HOOK,
  onResponse: HOOK,
  fetch: [(v) => typeof v === 'function', 'a fetch function', 'globalThis.fetch'],
  headers: [
    (v) => isObject(v) && Object.values(v).every((h) => typeof h === 'string'),
    'an object of string values',
    "{ 'x-trace': 'abc' }",
  ],
  signal: [(v) => v instanceof AbortSignal, 'an AbortSignal', 'controller.signal'],
  query: [isObject, 'an object', '{ limit: 10 }'],
};

/** A refused value as an error message shows it: strings quoted, anything else as `String` reads it. */
export const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

// What no options check to: one object for every call that passes none (never written to).
const NONE = Object.freeze({});

/** Checks an options object against the named rules; each mistake gets what, got and a fix. */
function check<T>(where: string, options: unknown, keys: string[]): T {
  if (options === undefined) return NONE as T;
  if (!isObject(options))
    throw new VapiArgumentError(`${where}: options must be an object (got ${show(options)}).`);
  for (const [key, value] of Object.entries(options)) {
    const rule = keys.includes(key) ? RULES[key] : undefined;
    if (!rule)
      throw new VapiArgumentError(`${where}: unknown option "${key}". Known options: ${keys.join(', ')}.`);
    if (value !== undefined && !rule[0](value)) {
      throw new VapiArgumentError(
        `${where}: "${key}" must be ${rule[1]} (got ${show(value)}). Use e.g. ${key}: ${rule[2]}.`,
      );
    }
  }
  return options as T;
}

/** Checks the constructor options up front, so mistakes surface where they are made. */
export const checkOptions = (options: unknown) =>
  check<VapiOptions>(
    'new Vapi(options)',
    options,
    // Every rule's key but the per-request ones, in RULES' order (the order of the error's list).
    Object.keys(RULES).filter((key) => key !== 'signal' && key !== 'query'),
  );

/** Checks per-request overrides (the last argument of every method). */
export const checkRequestOptions = (where: string, options: unknown) =>
  check<RequestOptions>(where, options, ['signal', 'timeout', 'totalTimeout', 'retry', 'headers', 'query']);
