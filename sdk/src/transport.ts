/**
 * The SDK's one send loop: each attempt is one `fetch(url, init)` with its own timeout, and
 * between attempts the retry policy decides whether to try again (429 and a 503 with
 * `Retry-After` on every method; 408, 5xx and connection errors when blind retries are safe), how
 * long to wait (backoff with jitter, or the server's `Retry-After` in full), whether the wait
 * fits `maxRetryAfter` and `totalTimeout`, and tells `onRetry` before it waits. A few dozen lines of
 * fetch instead of an HTTP library keep a one-call bundle small (see docs/browser-and-edge.md).
 */
import type { HeaderRecord } from './headers.ts';
import type { RetryOptions } from './options.ts';

/** What `onRetry` hears before each wait. */
export interface RetryEvent {
  /** The attempt about to be made: 2 for the first retry. */
  attempt: number;
  /** Attempts in all if every retry is needed (the retry limit + 1). */
  maxAttempts: number;
  /** The wait before that attempt, in ms. */
  delay: number;
  /** The failed attempt's HTTP status; 0 when no response arrived. */
  status: number;
  /** Why it failed: `429 Too Many Requests`, or the connection error's message. */
  reason: string;
  /** The server's `Retry-After` in ms, when it sent one (then it is also `delay`). */
  retryAfter: number | undefined;
  method: string;
  url: string;
}

/** What `onRequest` hears before each attempt, retries included. */
export interface RequestEvent {
  /** 1 for the first attempt, 2 for the first retry. */
  attempt: number;
  method: string;
  url: string;
  /**
   * The attempt's own headers (lowercase names, Authorization included): a hook may add one,
   * e.g. a trace id, and it is sent. Log them redacted (`@voxdesk/sdk/log` does).
   */
  headers: Record<string, string>;
}

/** What `onResponse` hears after each attempt, retries included. */
export interface ResponseEvent extends RequestEvent {
  /** The response, body unread (read a `clone()` if you must); undefined when none arrived. */
  response: Response | undefined;
  /** What the attempt failed with when no response arrived (a lost connection, a timeout). */
  error: unknown;
  /** ms from sending to the response headers or the failure. */
  ms: number;
}

/**
 * Whether a failed attempt may be tried again. 429 says the request was not processed, and a 503
 * with `Retry-After` says when to come back, so both are retried on every method. A timeout, a
 * 502 or a dropped connection leaves a POST's fate unknown: those (and 408, other 5xx) are
 * retried only when the method is idempotent or the request opted in (`blind`). Anything a
 * custom fetch throws that is not a network failure is the caller's own code failing: never retried.
 */
function worthRetrying(response: Response | undefined, error: unknown, blind: boolean): boolean {
  if (response) {
    const status = response.status;
    if (status === 429 || (status === 503 && retryAfterOf(response) !== undefined)) return true;
    return blind && (status === 408 || (status >= 500 && status < 600));
  }
  return blind && isNetworkError(error);
}

// What fetch implementations say when no response arrived (undici, Chromium, Firefox, Safari).
const NETWORK_MESSAGE = /fetch failed|failed to fetch|networkerror|load failed|network connection/i;

/** A failure to reach the server (no response), as opposed to any other exception. */
export const isNetworkError = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'NetworkError' || (error instanceof TypeError && NETWORK_MESSAGE.test(error.message)));

/** `Retry-After` (seconds or an HTTP date) in ms from `now`; a past date is 0, nonsense undefined. */
export function retryAfterOf(response: Response | undefined, now = Date.now()): number | undefined {
  const value = response?.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isNaN(ms) ? undefined : Math.max(0, Math.ceil(ms));
}

/** Why a retry was not made (the error's message says it). */
export interface Refusal {
  /** The wait the retry needed, in ms. */
  wait: number;
  /** The server's `Retry-After` in ms, when it sent one. */
  retryAfter: number | undefined;
  /** Which bound it broke: the server asked for more than `maxRetryAfter`, or it ends past `totalTimeout`. */
  bound: 'maxRetryAfter' | 'totalTimeout';
  /** That bound, in ms. */
  limit: number;
}

/** One request as the loop sends it, and what its retries need to know. */
export interface Attempts {
  fetch: typeof fetch;
  /**
   * Whether `fetch` is the caller's own (the `fetch` option). Both are called as
   * `fetch(url, init)`; a custom one may ignore its signal, so its attempt races the signal.
   */
  custom: boolean;
  url: string;
  /**
   * Method, headers (a plain object), body and settings; each attempt adds its own signal. The
   * body is sent again as it is on a retry, so it must not be a stream (see `stream`).
   */
  init: Omit<RequestInit, 'headers'> & { headers: HeaderRecord };
  /**
   * For a stream body, which can be read once: a Request holding it, so that each attempt sends
   * its own copy (a tee) as the body of `init`.
   */
  stream: Request | undefined;
  /** Per-attempt timeout in ms. */
  timeout: number;
  retry: RetryOptions;
  /**
   * Whether a failure that may have been processed (a timeout aside: 408, 5xx, a lost connection)
   * may be retried: the method is idempotent, or the request opted in. 429 is retried regardless.
   */
  retries: boolean;
  /** `totalTimeout`: ms within which the whole call, retries included, must be done. */
  total: number | undefined;
  /** The caller's signal and the `totalTimeout` expiry: they end attempts and waits. */
  signal: AbortSignal | undefined;
  onRetry: ((event: RetryEvent) => void) | undefined;
  onRequest?: ((event: RequestEvent) => void) | undefined;
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  /**
   * The error the call ends with: from the last response (not ok) or what the last attempt threw,
   * and the retry not made, if one was refused (the server's wait is too long, or it would end
   * past the deadline). The loop throws what it answers.
   */
  fail: (response: Response | undefined, error: unknown, refusal?: Refusal) => Promise<unknown>;
}

/**
 * Sends until a response is final: a 2xx is returned, anything else thrown as `fail` makes it
 * (a status not worth retrying, the last try, a retry refused). The caller's one async step.
 */
export async function sendWithRetries(a: Attempts): Promise<Response> {
  const limit = a.retry.limit ?? 2;
  // When the first attempt started (its timer's start: Date.now() is not read twice).
  let started: number | undefined;
  // Hooks and a custom fetch get a copy of the headers each attempt; see below.
  const hooked = a.onRequest || a.onResponse;
  // n: the attempt just made.
  for (let n = 1; ; n++) {
    let response: Response | undefined;
    let error: unknown;
    // Each attempt has its own timeout, cut short too when the call's signal aborts.
    const timer = new AbortController();
    const watched = watch(timer, a.timeout, a.custom);
    const sent = watched.deadline - a.timeout;
    started ??= sent;
    // Each attempt sends its own headers object, so a wrapper or a hook may change it freely;
    // the platform fetch only reads it, so with neither the loop's own object is sent.
    const headers: HeaderRecord = a.custom || hooked ? { ...a.init.headers } : a.init.headers;
    const event: RequestEvent | undefined = hooked && {
      attempt: n,
      method: a.init.method!,
      url: a.url,
      headers,
    };
    try {
      // With either hook there is an event.
      a.onRequest?.(event!);
      response = await attempt(
        a,
        headers,
        a.signal ? AbortSignal.any([a.signal, timer.signal]) : timer.signal,
      );
    } catch (e) {
      error = e;
    } finally {
      unwatch(watched);
    }
    a.onResponse?.({ ...event!, response, error, ms: Date.now() - sent });
    if (response?.ok) return response;
    // An aborted call is over; a timed-out attempt (a slow server) is never network-shaped.
    if (n > limit || a.signal?.aborted || !worthRetrying(response, error, a.retries))
      throw await a.fail(response, error);
    const retryAfter = retryAfterOf(response);
    // A server that names its wait is waited for in full or not at all: retrying sooner only
    // earns another refusal. Longer than `maxRetryAfter`, or ending past the deadline: fail now
    // (the error's `retryAt` says when).
    const maxRetryAfter = a.retry.maxRetryAfter ?? 60_000;
    const wait =
      retryAfter ??
      // 0.5 s, 1 s, 2 s … with "equal jitter": half fixed, half random, so clients spread out.
      Math.min(a.retry.backoffLimit ?? 10_000, 250 * 2 ** (n - 1) * (1 + Math.random()));
    const refusal: Refusal | undefined =
      Date.now() + wait >= started + (a.total ?? Infinity)
        ? { wait, retryAfter, bound: 'totalTimeout', limit: a.total! }
        : (retryAfter ?? 0) > maxRetryAfter
          ? { wait, retryAfter, bound: 'maxRetryAfter', limit: maxRetryAfter }
          : undefined;
    if (refusal) throw await a.fail(response, error, refusal);
    a.onRetry?.({
      attempt: n + 1,
      maxAttempts: limit + 1,
      delay: wait,
      status: response?.status ?? 0,
      // fetch says "fetch failed"; its cause's code (ECONNREFUSED…) says why.
      reason: response
        ? `${response.status} ${response.statusText}`.trim()
        : String(
            ((error as Error).cause as { code?: unknown } | undefined)?.code ?? (error as Error).message,
          ),
      retryAfter,
      method: a.init.method!,
      // As a Request would spell it (a default port dropped, the path normalised).
      url: new URL(a.url).href,
    });
    // Frees the connection; nobody reads a body that is about to be retried.
    response?.body?.cancel().catch(() => undefined);
    // Aborted while waiting (the caller's signal, `totalTimeout`): the call ends with that.
    await sleep(wait, a.signal).catch(async (e: unknown) => {
      throw await a.fail(undefined, e);
    });
  }
}

/**
 * One `fetch(url, init)` with the attempt's headers and signal, as every fetch-based SDK calls
 * it: each attempt gets its own `init` (and headers object), so a wrapper may change them freely, and a
 * stream body its own copy (a tee). A custom fetch that ignores the signal still settles when it
 * aborts, rejecting with its reason (`TimeoutError`, the caller's reason). Not async: the loop's
 * `await` is the only one between the caller and fetch.
 */
function attempt(a: Attempts, headers: HeaderRecord, signal: AbortSignal): Promise<Response> {
  // Called on its own, not as `a.fetch(…)`: a browser's fetch refuses any other `this`.
  const send = a.fetch;
  // The platform fetch reads `init` before it returns (its Request is built then), so the loop's
  // own object serves each attempt, its signal swapped: no copy per request. (Its own headers
  // object means neither a custom fetch nor a hook: both get a copy.)
  if (headers === a.init.headers && !a.stream) {
    a.init.signal = signal;
    return send(a.url, a.init);
  }
  const init: RequestInit = { ...a.init, headers, signal };
  if (a.stream) Object.assign(init, { body: a.stream.clone().body, duplex: 'half' });
  // The platform fetch rejects with the signal's reason itself; a custom one may ignore it.
  if (!a.custom) return send(a.url, init);
  return new Promise<Response>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    const settle = () => signal.removeEventListener('abort', stop);
    signal.throwIfAborted();
    signal.addEventListener('abort', stop, { once: true });
    // A custom fetch that throws instead of rejecting is caught here as a rejection.
    new Promise<Response>((r) => r(send(a.url, init))).then(
      (response) => (settle(), resolve(response)),
      (error: unknown) => (settle(), reject(error as Error)),
    );
  });
}

/** An attempt in flight: its controller, aborted at `deadline` (ms since the epoch). */
interface Watched {
  controller: AbortController;
  deadline: number;
  timeout: number;
  /** Its place in `watched`, until its attempt ends (timed out or not). */
  at: number;
  /** Whether the timer must hold the process open for it (see `watch`). */
  hold: boolean;
}

// One timer for every attempt in flight, set for the earliest deadline, rather than a timer
// each: setting and clearing one per request cost ~3 % of a loopback GET (Node builds and drops
// its timer list each time). `clear` is the clearTimeout of whoever set it: tests switch
// between real and fake timers, and each must clear its own. An array, each entry knowing its
// place: a Set rehashed every few requests (its table filling with deleted slots).
const watched: Watched[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Infinity;
let clear = clearTimeout;
let holds = 0;

/**
 * Aborts `controller` with a `TimeoutError` after `timeout` ms, unless `unwatch`ed first. With
 * `hold` (a custom fetch, which may hold nothing open itself) the timer keeps a Node process
 * alive until the attempt ends; the platform fetch's socket does that for its own attempts, so
 * the timer stays unref'd for them (ref'ing and unref'ing it per request cost ~1 %).
 */
function watch(controller: AbortController, timeout: number, hold: boolean): Watched {
  const now = Date.now();
  const w = { controller, deadline: now + timeout, timeout, at: watched.length, hold };
  watched.push(w);
  if (hold) holds++;
  // A timer set by other timer functions (a test that switched to fake ones) counts as none.
  if (w.deadline < timerAt || clear !== clearTimeout) setTimer(w.deadline, now);
  else if (hold) holdOpen(true);
  return w;
}

/** Refs the timer (a Node or Bun one) to hold the process open, or unrefs it. */
function holdOpen(on: boolean): void {
  (timer as { ref?: () => void; unref?: () => void } | undefined)?.[on ? 'ref' : 'unref']?.();
}

/** The attempt is over (answered or failed): its deadline no longer matters. */
function unwatch(w: Watched): void {
  // The last entry takes its place (w itself, when it is the last).
  const last = watched.pop()!;
  if (last !== w) watched[(last.at = w.at)] = last;
  if (w.hold && !--holds) holdOpen(false);
  // Idle: a Node or Bun timer stays set, holding nothing open, and fires at most once more;
  // elsewhere (a number for an id) it is cleared.
  if (!watched.length && typeof timer !== 'object') setTimer(Infinity, 0);
}

/** Sets the one timer for `at` (cleared for Infinity). */
function setTimer(at: number, now: number): void {
  clear(timer);
  clear = clearTimeout;
  timerAt = at;
  timer = at < Infinity ? setTimeout(expire, at - now) : undefined;
  holdOpen(holds > 0);
}

/** Aborts every attempt past its deadline, and sets the timer for the next. */
function expire(): void {
  // The timer's own clock says its time has come; the wall clock may have been set meanwhile.
  const now = timerAt;
  let next = Infinity;
  // An aborted attempt ends (fetch rejects, or the race in `attempt` does) and unwatches itself.
  for (const w of watched) {
    if (w.deadline <= now)
      w.controller.abort(new DOMException(`timed out after ${w.timeout} ms`, 'TimeoutError'));
    else next = Math.min(next, w.deadline);
  }
  timer = undefined;
  setTimer(next, now);
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const done = () => (signal?.removeEventListener('abort', stop), resolve());
    const stop = () => (clearTimeout(id), reject(signal?.reason as Error));
    const id = setTimeout(done, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
