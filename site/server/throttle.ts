/** Failed logins allowed per key within the window before answering 429. */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export interface LoginThrottleOptions {
  /** Per account (email): the brute-force limit. */
  perEmail?: ThrottleRule;
  /** Per IP: looser, since offices share an address; stops spraying across many emails. */
  perIp?: ThrottleRule;
  now?: () => number;
  /** Keys kept at most; the oldest go first, so memory stays bounded under attack. */
  maxKeys?: number;
}

export const DEFAULT_PER_EMAIL: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
export const DEFAULT_PER_IP: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };

/**
 * Sliding-window counter of failed logins, in memory (per server instance; DESIGN.md
 * "Beyond one machine"). Success clears the email's failures.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();
  readonly #perEmail: ThrottleRule;
  readonly #perIp: ThrottleRule;
  readonly #now: () => number;
  readonly #maxKeys: number;

  constructor(options: LoginThrottleOptions = {}) {
    this.#perEmail = options.perEmail ?? DEFAULT_PER_EMAIL;
    this.#perIp = options.perIp ?? DEFAULT_PER_IP;
    this.#now = options.now ?? Date.now;
    this.#maxKeys = options.maxKeys ?? 10_000;
  }

  /** Seconds until the next attempt may be made, or 0 when it may be made now. */
  retryAfterSeconds(ip: string, email: string): number {
    const wait = Math.max(this.#wait(`ip:${ip}`, this.#perIp), this.#wait(`email:${email}`, this.#perEmail));
    return Math.ceil(wait / 1000);
  }

  recordFailure(ip: string, email: string): void {
    this.#push(`ip:${ip}`, this.#perIp);
    this.#push(`email:${email}`, this.#perEmail);
  }

  recordSuccess(email: string): void {
    this.#failures.delete(`email:${email}`);
  }

  #recent(key: string, rule: ThrottleRule): number[] {
    const since = this.#now() - rule.windowMs;
    const times = (this.#failures.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, times);
    return times;
  }

  #wait(key: string, rule: ThrottleRule): number {
    const times = this.#recent(key, rule);
    if (times.length < rule.limit) return 0;
    // Allowed again once enough of the oldest failures leave the window.
    return times[times.length - rule.limit]! + rule.windowMs - this.#now();
  }

  #push(key: string, rule: ThrottleRule): void {
    const times = this.#recent(key, rule);
    this.#failures.delete(key); // re-insert: Map order doubles as least-recently-failed order
    this.#failures.set(key, [...times, this.#now()].slice(-rule.limit));
    while (this.#failures.size > this.#maxKeys) {
      this.#failures.delete(this.#failures.keys().next().value!);
    }
  }
}
