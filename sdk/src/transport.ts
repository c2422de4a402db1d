/**
 * The SDK's one send loop: each attempt is one `fetch` with its own timeout, and between
 * attempts the retry policy decides whether to try again (408, 429, 5xx and connection
 * errors), how long to wait (backoff with jitter, or the server's `Retry-After`), whether the
 * wait still fits in `totalTimeout`, and tells `onRetry` before it waits. A few dozen lines of
 * fetch instead of an HTTP library keep a one-call bundle small (see docs/browser-and-edge.md).
 */
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
  /** The server's `Retry-After` in ms, when it sent one (before `maxRetryAfter` caps it). */
  retryAfter: number | undefined;
  method: string;
  url: string;
}

/** 408, 429 and every 5xx are worth retrying; other statuses would fail the same way again. */
const retriable = (status: number) => status === 408 || status === 429 || (status >= 500 && status < 600);

/** `Retry-After` (seconds or an HTTP date) in ms from `now`; a past date is 0, nonsense undefined. */
export function retryAfterOf(response: Response | undefined, now = Date.now()): number | undefined {
  const value = response?.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isNaN(ms) ? undefined : Math.max(0, Math.ceil(ms));
}

/** One request as the loop sends it, and what its retries need to know. */
export interface Attempts {
  fetch: typeof fetch;
  /**
   * Whether `fetch` is the caller's own (the `fetch` option): it is handed a `Request`, built
   * afresh per attempt. The platform fetch is called as `fetch(url, init)`: the same request,
   * without a second Request object per attempt.
   */
  custom: boolean;
  url: string;
  /**
   * Method, headers, body and settings; each attempt adds its own signal. The body is sent again
   * as it is on a retry, so it must not be a stream (see `stream`).
   */
  init: RequestInit;
  /**
   * For a stream body, which can be read once: the whole request, and each attempt sends its own
   * copy (a tee) of it, with `init` (settings only) on top.
   */
  stream: Request | undefined;
  /** Per-attempt timeout in ms. */
  timeout: number;
  retry: RetryOptions;
  /** Whether the method may be retried at all (idempotent, or the request opted in). */
  retries: boolean;
  /** Epoch ms by which the whole call, retries included, must be done. */
  deadline: number | undefined;
  /** The caller's signal and the `totalTimeout` expiry: they end attempts and waits. */
  signal: AbortSignal | undefined;
  onRetry: ((event: RetryEvent) => void) | undefined;
  /** Called when a retry is not made because its wait would end past the deadline. */
  refuse: (wait: number, retryAfter: number | undefined) => void;
}

/**
 * Sends until a response is final: a 2xx, a status not worth retrying, or the last try.
 * Returns that response (ok or not; the caller maps errors) or throws what fetch threw.
 */
export async function sendWithRetries(a: Attempts): Promise<Response> {
  const limit = a.retries ? (a.retry.limit ?? 2) : 0;
  // n: the attempt just made.
  for (let n = 1; ; n++) {
    let response: Response | undefined;
    let error: unknown;
    // Each attempt has its own timeout (a timer rather than `AbortSignal.timeout`, so fake
    // timers in tests govern it), cut short too when the call's signal aborts.
    const timer = new AbortController();
    const id = setTimeout(
      () => timer.abort(new DOMException(`timed out after ${a.timeout} ms`, 'TimeoutError')),
      a.timeout,
    );
    try {
      response = await attempt(a, a.signal ? AbortSignal.any([a.signal, timer.signal]) : timer.signal);
      if (response.ok) return response;
    } catch (e) {
      error = e;
    } finally {
      clearTimeout(id);
    }
    const name = (error as Error | undefined)?.name;
    // A timed-out attempt means a slow server; an aborted call is over.
    if (
      n > limit ||
      a.signal?.aborted ||
      (response ? !retriable(response.status) : name === 'TimeoutError')
    ) {
      if (response) return response;
      throw error;
    }
    const retryAfter = retryAfterOf(response);
    const wait =
      retryAfter !== undefined
        ? Math.min(retryAfter, a.retry.maxRetryAfter ?? 60_000)
        : // 0.5 s, 1 s, 2 s … with "equal jitter": half fixed, half random, so clients spread out.
          Math.min(a.retry.backoffLimit ?? 10_000, 250 * 2 ** (n - 1) * (1 + Math.random()));
    if (a.deadline !== undefined && Date.now() + wait >= a.deadline) {
      a.refuse(wait, retryAfter);
      if (response) return response;
      throw error;
    }
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
      method: a.init.method ?? a.stream?.method ?? 'GET',
      // As a Request would spell it (a default port dropped, the path normalised).
      url: new URL(a.url).href,
    });
    // Frees the connection; nobody reads a body that is about to be retried.
    response?.body?.cancel().catch(() => undefined);
    await sleep(wait, a.signal);
  }
}

/**
 * One fetch with the attempt's signal. It settles when the signal aborts even if a custom fetch
 * ignores it, rejecting with the signal's reason (`TimeoutError`, the caller's reason). Not
 * async: the loop's `await` is the only one between the caller and fetch.
 */
function attempt(a: Attempts, signal: AbortSignal): Promise<Response> {
  const init = { ...a.init, signal };
  const request = a.stream
    ? new Request(a.stream.clone(), init)
    : a.custom
      ? new Request(a.url, init)
      : undefined;
  // Called on its own, not as `a.fetch(…)`: a browser's fetch refuses any other `this`.
  const send = a.fetch;
  // The platform fetch rejects with the signal's reason itself; a custom one may ignore it.
  if (!a.custom) return request ? send(request) : send(a.url, init);
  return new Promise<Response>((resolve, reject) => {
    signal.throwIfAborted();
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    send(request!).then(resolve, reject);
  });
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
