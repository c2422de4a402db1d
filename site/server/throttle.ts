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
    if (until > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
    const over = account.count - this.#perAccount.limit;
    const delayMs = over > 0 ? Math.min(this.#maxDelayMs, 100 * 2 ** Math.min(over, 20)) : 0;
    return { allowed: true, delayMs, ipAttempts: byIp.count };
  }

  /** A correct password clears this address's count for the account. */
  async succeeded(ip: string, email: string): Promise<void> {
    await this.#attempts.clearAttempts(`pair:${email}|${ip}`);
  }
}
