/** A bearer token, or a function returning one (called before every request: rotation). */
export type TokenSource = string | (() => string | undefined | Promise<string | undefined>);

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  limit?: number;
  /** Upper bound of one computed backoff delay, in ms (default 10000). */
  backoffLimit?: number;
  /** Upper bound of a server `Retry-After` delay, in ms (default 60000). */
  maxRetryAfter?: number;
}

export interface VapiOptions {
  /** API key (private key for server use, public key for `/call/web` in browsers). No token: no Authorization header. */
  token?: TokenSource | undefined;
  /** Default `https://api.vapi.ai`. */
  baseUrl?: string | undefined;
  /** Per-attempt timeout in ms (default 60000). */
  timeout?: number | undefined;
  /** Retries for GET/PUT/DELETE/HEAD: a count or options (default 2). */
  retry?: number | RetryOptions | undefined;
  /** Replacement `fetch` (tests, proxies, instrumentation). */
  fetch?: typeof fetch | undefined;
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined;
}

/** Per-request overrides, accepted as every method's last argument. */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
  timeout?: number | undefined;
  /** Giving `retry` on a POST or PATCH opts that request in to retries. */
  retry?: number | RetryOptions | undefined;
  headers?: Record<string, string> | undefined;
  /** Extra query parameters. */
  query?: QueryParams | undefined;
}

export type QueryValue = string | number | boolean | Date | null | undefined | object;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export const DEFAULT_BASE_URL = 'https://api.vapi.ai';
export const DEFAULT_TIMEOUT = 60_000;
// ky and fetch cannot wait longer than a 32-bit timer.
const MAX_MS = 2_147_483_647;

const KNOWN_OPTIONS = ['token', 'baseUrl', 'timeout', 'retry', 'fetch', 'headers'];
const KNOWN_RETRY = ['limit', 'backoffLimit', 'maxRetryAfter'];

function fail(where: string, problem: string, fix: string): never {
  throw new TypeError(`${where}: ${problem}. ${fix}`);
}

const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

function checkMs(where: string, name: string, value: unknown, allowZero: boolean): void {
  if (value === undefined) return;
  const ok = typeof value === 'number' && Number.isInteger(value) && value <= MAX_MS;
  if (!ok || value < (allowZero ? 0 : 1)) {
    fail(
      where,
      `"${name}" must be a whole number of milliseconds (got ${show(value)})`,
      `Use e.g. ${name}: 30000.`,
    );
  }
}

function checkUnknown(where: string, value: object, known: string[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) fail(where, `unknown option "${key}"`, `Known options: ${known.join(', ')}.`);
  }
}

function checkCount(where: string, name: string, value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10) {
    fail(where, `"${name}" must be a whole number from 0 to 10 (got ${show(value)})`, `Use e.g. ${name}: 2.`);
  }
}

export function checkRetry(where: string, retry: unknown): void {
  if (retry === undefined || typeof retry === 'number') return checkCount(where, 'retry', retry);
  if (typeof retry !== 'object' || retry === null || Array.isArray(retry)) {
    fail(
      where,
      `"retry" must be a number or { limit, backoffLimit, maxRetryAfter } (got ${show(retry)})`,
      'Use e.g. retry: 2.',
    );
  }
  checkUnknown(`${where} retry`, retry, KNOWN_RETRY);
  const r = retry as RetryOptions;
  checkCount(where, 'retry.limit', r.limit);
  checkMs(where, 'retry.backoffLimit', r.backoffLimit, true);
  checkMs(where, 'retry.maxRetryAfter', r.maxRetryAfter, true);
}

export function checkHeaders(where: string, headers: unknown): void {
  if (headers === undefined) return;
  const isPlain = typeof headers === 'object' && headers !== null && !Array.isArray(headers);
  if (!isPlain)
    fail(
      where,
      `"headers" must be an object of strings (got ${show(headers)})`,
      "Use e.g. headers: { 'x-trace': 'abc' }.",
    );
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') {
      fail(where, `header "${name}" must be a string (got ${show(value)})`, 'Convert it with String(value).');
    }
  }
}

/** Checks the constructor options up front, so mistakes surface where they are made. */
export function checkOptions(options: unknown): VapiOptions {
  const where = 'new Vapi(options)';
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    fail(where, `options must be an object (got ${show(options)})`, "Use e.g. new Vapi({ token: 'sk-…' }).");
  }
  checkUnknown(where, options, KNOWN_OPTIONS);
  const o = options as VapiOptions;
  if (typeof o.token === 'string' && /\s/.test(o.token)) {
    fail(where, '"token" contains whitespace', 'Trim the key (a trailing newline from a file is common).');
  }
  if (o.token !== undefined && typeof o.token !== 'string' && typeof o.token !== 'function') {
    fail(
      where,
      `"token" must be a string or a function returning one (got ${show(o.token)})`,
      'Pass your Vapi API key.',
    );
  }
  if (o.baseUrl !== undefined) {
    const url = typeof o.baseUrl === 'string' && URL.canParse(o.baseUrl) ? new URL(o.baseUrl) : undefined;
    if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
      fail(
        where,
        `"baseUrl" must be an http(s) URL without query or hash (got ${show(o.baseUrl)})`,
        `Use e.g. baseUrl: '${DEFAULT_BASE_URL}'.`,
      );
    }
  }
  checkMs(where, 'timeout', o.timeout, false);
  checkRetry(where, o.retry);
  if (o.fetch !== undefined && typeof o.fetch !== 'function') {
    fail(
      where,
      `"fetch" must be a function (got ${show(o.fetch)})`,
      'Pass a fetch implementation or leave it out.',
    );
  }
  checkHeaders(where, o.headers);
  return o;
}

/** Checks per-request overrides (the last argument of every method). */
export function checkRequestOptions(where: string, options: unknown): RequestOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    fail(
      where,
      `request options must be an object (got ${show(options)})`,
      'Use e.g. { timeout: 5000, signal }.',
    );
  }
  checkUnknown(where, options, ['signal', 'timeout', 'retry', 'headers', 'query']);
  const o = options as RequestOptions;
  checkMs(where, 'timeout', o.timeout, false);
  checkRetry(where, o.retry);
  checkHeaders(where, o.headers);
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal)) {
    fail(where, '"signal" must be an AbortSignal', 'Pass controller.signal or AbortSignal.timeout(ms).');
  }
  return o;
}
