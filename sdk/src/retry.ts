/**
 * The retry policy the client hands to ky's one retry loop: which failures are retried, how
 * long to wait (backoff with jitter, or the server's `Retry-After`), the `totalTimeout`
 * deadline, and the `onRetry` hook called before each wait.
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

/** 408, 429 and every 5xx; `Retry-After` is honoured on all of them. */
export const RETRY_STATUS = [408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

/** `Retry-After` (seconds or an HTTP date) in ms from `now`; a past date is 0, nonsense undefined. */
export function retryAfterOf(response: Response | undefined, now = Date.now()): number | undefined {
  const value = response?.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isNaN(ms) ? undefined : Math.max(0, Math.ceil(ms));
}

/** ky's HTTPError carries the response; anything else had none. */
const responseOf = (error: Error): Response | undefined =>
  error.name === 'HTTPError' && 'response' in error && error.response instanceof Response
    ? error.response
    : undefined;

/** What one request's retries need to know besides the policy. */
export interface RetryContext {
  method: string;
  url: string;
  /** Epoch ms by which the whole call, retries included, must be done. */
  deadline: number | undefined;
  signal: AbortSignal | undefined;
  onRetry: ((event: RetryEvent) => void) | undefined;
  /** Called when a retry is not made because its wait would end past the deadline. */
  refuse: (wait: number, retryAfter: number | undefined) => void;
}

/**
 * ky's retry options for one request. ky asks `shouldRetry` first; we decide there and
 * compute the wait (so `onRetry` can announce it), and `delay` hands that wait back to ky.
 */
export function kyRetry(policy: RetryOptions, methods: string[], ctx: RetryContext) {
  const limit = policy.limit ?? 2;
  let wait = 0;
  return {
    limit,
    methods,
    statusCodes: RETRY_STATUS,
    shouldRetry({ error, retryCount }: { error: Error; retryCount: number }): boolean {
      if (ctx.signal?.aborted) return false;
      const response = responseOf(error);
      // Other 4xx would fail the same way; a timed-out attempt means a slow server.
      if (response ? !RETRY_STATUS.includes(response.status) : error.name === 'TimeoutError') return false;
      const retryAfter = retryAfterOf(response);
      wait =
        retryAfter !== undefined
          ? Math.min(retryAfter, policy.maxRetryAfter ?? 60_000)
          : // 0.5 s, 1 s, 2 s … with "equal jitter": half fixed, half random, so clients spread out.
            Math.min(policy.backoffLimit ?? 10_000, 250 * 2 ** (retryCount - 1) * (1 + Math.random()));
      if (ctx.deadline !== undefined && Date.now() + wait >= ctx.deadline) {
        ctx.refuse(wait, retryAfter);
        return false;
      }
      ctx.onRetry?.({
        attempt: retryCount + 1,
        maxAttempts: limit + 1,
        delay: wait,
        status: response?.status ?? 0,
        // fetch says "fetch failed"; its cause's code (ECONNREFUSED…) says why.
        reason: response
          ? `${response.status} ${response.statusText}`.trim()
          : String((error.cause as { code?: unknown } | undefined)?.code ?? error.message),
        retryAfter,
        method: ctx.method,
        url: ctx.url,
      });
      return true;
    },
    delay: () => wait,
  };
}
