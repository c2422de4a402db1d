import type { AttemptStore } from '@voxdesk/auth';

/** Attempts allowed per key within a fixed window. */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export interface LoginThrottleOptions {
  /** Per (account, address): blocks. The owner's own address is never blocked by others' guesses. */
  perPair?: ThrottleRule;
  /** Per address: blocks; stops one address spraying many accounts. */
  perIp?: ThrottleRule;
  /** Per account, from any address: never blocks, only slows (exponential delay past the limit). */
  perAccount?: ThrottleRule;
  /** Longest delay the per-account rule imposes. */
  maxDelayMs?: number;
  now?: () => number;
}

export const DEFAULT_PER_PAIR: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
export const DEFAULT_PER_IP: ThrottleRule = { limit: 50, windowMs: 15 * 60_000 };
export const DEFAULT_PER_ACCOUNT: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };
export const DEFAULT_MAX_DELAY_MS = 5_000;

const secondsUntil = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

/**
 * One fixed-window rule over the same atomic store counters, for routes other than login (the
 * lead form, Vapi's webhook): `hit` counts first, so N parallel posts from one address get at
 * most `limit` through.
 */
export class AttemptLimit {
  readonly #attempts: AttemptStore;
  readonly #rule: ThrottleRule;
  readonly #now: () => number;

  constructor(attempts: AttemptStore, rule: ThrottleRule, now: () => number = Date.now) {
    this.#attempts = attempts;
    this.#rule = rule;
    this.#now = now;
  }

  async hit(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    const now = this.#now();
    const { count, resetAt } = await this.#attempts.hitAttempt(key, this.#rule.windowMs, now);
    return count > this.#rule.limit
      ? { allowed: false, retryAfterSeconds: secondsUntil(resetAt, now) }
      : { allowed: true };
  }
}

export type Reservation =
  | { allowed: false; retryAfterSeconds: number }
  /** `delayMs`: wait before checking the password; `ipAttempts`: this address's count (hash-queue priority). */
  | { allowed: true; delayMs: number; ipAttempts: number };

/**
 * The login throttle, over the store's atomic counters: an attempt is reserved (counted)
 * before the password is checked, so N parallel guesses evaluate at most `perPair.limit`.
 * Counters live in the store: they survive a restart and are shared by instances on one store.
 */
export class LoginThrottle {
  readonly #attempts: AttemptStore;
  readonly #perPair: ThrottleRule;
  readonly #perIp: ThrottleRule;
  readonly #perAccount: ThrottleRule;
  readonly #maxDelayMs: number;
  readonly #now: () => number;

  constructor(attempts: AttemptStore, options: LoginThrottleOptions = {}) {
    this.#attempts = attempts;
    this.#perPair = options.perPair ?? DEFAULT_PER_PAIR;
    this.#perIp = options.perIp ?? DEFAULT_PER_IP;
    this.#perAccount = options.perAccount ?? DEFAULT_PER_ACCOUNT;
    this.#maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
    this.#now = options.now ?? Date.now;
  }

  async reserve(ip: string, email: string): Promise<Reservation> {
    const now = this.#now();
    const [pair, byIp, account] = await Promise.all([
      this.#attempts.hitAttempt(`pair:${email}|${ip}`, this.#perPair.windowMs, now),
      this.#attempts.hitAttempt(`ip:${ip}`, this.#perIp.windowMs, now),
      this.#attempts.hitAttempt(`account:${email}`, this.#perAccount.windowMs, now),
    ]);
    const blocked = [
      pair.count > this.#perPair.limit ? pair.resetAt : 0,
      byIp.count > this.#perIp.limit ? byIp.resetAt : 0,
    ];
    const until = Math.max(...blocked);
    if (until > 0) return { allowed: false, retryAfterSeconds: secondsUntil(until, now) };
    const over = account.count - this.#perAccount.limit;
    const delayMs = over > 0 ? Math.min(this.#maxDelayMs, 100 * 2 ** Math.min(over, 20)) : 0;
    return { allowed: true, delayMs, ipAttempts: byIp.count };
  }

  /** A correct password clears this address's count for the account. */
  async succeeded(ip: string, email: string): Promise<void> {
    await this.#attempts.clearAttempts(`pair:${email}|${ip}`);
  }
}
