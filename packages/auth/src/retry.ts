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

/**
 * Runs `task`, retrying while `shouldRetry(error)` holds, at most `retries` times; then
 * rethrows the last error. The wait is exponential with equal jitter: between half and all of
 * `min(maxDelayMs, baseDelayMs * 2^attempt)`. Half is fixed so that a retry never fires at
 * once (full jitter can wait ~0 ms, and Airtable answers a burst back to back with 429s); the
 * random half spreads instances that were refused together.
 */
export async function withBackoff<T>(
  task: () => Promise<T>,
  shouldRetry: (error: unknown) => boolean,
  options: BackoffOptions = DEFAULT_BACKOFF,
): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= options.retries || !shouldRetry(error)) throw error;
      const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
      await sleep(Math.round(ceiling / 2 + (random() * ceiling) / 2));
    }
  }
}
