import { UserStoreError } from './errors.ts';

export interface RateLimiterOptions {
  /** Request starts allowed per second. */
  perSecond: number;
  /** Requests that may wait; one more is refused at once (503) rather than queued forever. */
  maxQueue: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spaces request starts at least `1000 / perSecond` ms apart, first come first served, and
 * holds every start back after a 429 (`pause`). One instance per Airtable base: the limit
 * is Airtable's, per base, whatever table or store instance asks.
 */
export class RateLimiter {
  readonly #interval: number;
  readonly #maxQueue: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  #nextStart = 0;
  #waiting = 0;

  constructor(options: RateLimiterOptions) {
    this.#interval = 1000 / options.perSecond;
    this.#maxQueue = options.maxQueue;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? defaultSleep;
  }

  get waiting(): number {
    return this.#waiting;
  }

  /** Waits for a start slot, then runs `task`. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const now = this.#now();
    const start = Math.max(now, this.#nextStart);
    if (start > now) {
      if (this.#waiting >= this.#maxQueue) {
        throw new UserStoreError('The user table is busy. Please try again in a few seconds.', 503);
      }
      this.#nextStart = start + this.#interval;
      this.#waiting++;
      try {
        await this.#sleep(start - now);
      } finally {
        this.#waiting--;
      }
    } else {
      this.#nextStart = now + this.#interval;
    }
    return task();
  }

  /** After a 429: no request starts for `ms`. */
  pause(ms: number): void {
    this.#nextStart = Math.max(this.#nextStart, this.#now() + ms);
  }
}

const limiters = new Map<string, RateLimiter>();

/** Airtable allows 5 requests/s per base; 4 leaves room for clock skew and other clients. */
export const AIRTABLE_RATE: RateLimiterOptions = { perSecond: 4, maxQueue: 40 };

/** The one limiter of a base (keyed by endpoint and base id), shared by every store on it. */
export function limiterFor(key: string, options: RateLimiterOptions = AIRTABLE_RATE): RateLimiter {
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new RateLimiter(options);
    limiters.set(key, limiter);
  }
  return limiter;
}
