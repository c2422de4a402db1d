export interface BackoffOptions {
  /** Retries after the first attempt (so `retries + 1` attempts in all). */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Injectable for tests; defaults to `setTimeout`. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Airtable allows 5 requests/s per base: four retries over ~3 s ride out a burst. */
export const DEFAULT_BACKOFF: BackoffOptions = { retries: 4, baseDelayMs: 200, maxDelayMs: 2_000 };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Where a wait falls, as fractions of its exponential ceiling: `low` + random * (`high` - `low`). */
export interface Jitter {
  low: number;
  high: number;
}

/**
 * Equal jitter: between half and all of the ceiling. Half is fixed so that a retry never fires
 * at once (full jitter can wait ~0 ms, and Airtable answers a burst back to back with 429s); the
 * random half spreads instances that were refused together.
 */
export const EQUAL_JITTER: Jitter = { low: 0.5, high: 1 };

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  jitter: Jitter;
}

/**
 * The one back-off calculation of @voxdesk/auth (Airtable retries, the outbox): the wait after
 * `failures` failed attempts, `baseMs * 2^(failures - 1)` capped at `maxMs`, spread by `jitter`.
 */
export function backoffDelay(
  failures: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  const { low, high } = policy.jitter;
  return Math.round(ceiling * (low + (high - low) * random()));
}

/**
 * Runs `task`, retrying while `shouldRetry(error)` holds, at most `retries` times; then
 * rethrows the last error. The wait is `backoffDelay` with equal jitter: between half and all
 * of `min(maxDelayMs, baseDelayMs * 2^attempt)`.
 */
export async function withBackoff<T>(
  task: () => Promise<T>,
  shouldRetry: (error: unknown) => boolean,
  options: BackoffOptions = DEFAULT_BACKOFF,
): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  const policy = { baseMs: options.baseDelayMs, maxMs: options.maxDelayMs, jitter: EQUAL_JITTER };
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= options.retries || !shouldRetry(error)) throw error;
      await sleep(backoffDelay(attempt + 1, policy, options.random));
    }
  }
}
