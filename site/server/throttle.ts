import type { AttemptStore } from '@voxdesk/auth';
import { addressBucket } from './address-bucket.ts';

/** Attempts allowed per key within a fixed window. */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export interface LoginThrottleOptions {
  /** Per (account, address) or (account, session): blocks. Others' guesses never block the owner's pair. */
  perPair?: ThrottleRule;
  /** Per address (IPv6: per /64): blocks; stops one address spraying many accounts. */
  perIp?: ThrottleRule;
  /** Per account, from any address: never blocks, only slows (exponential delay past the limit). */
  perAccount?: ThrottleRule;
  /** Longest delay the per-account rule imposes. */
  maxDelayMs?: number;
  /** How long an address that logged in to an account stays exempt from that account's delay. */
  knownForMs?: number;
  now?: () => number;
}

export const DEFAULT_PER_PAIR: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
export const DEFAULT_PER_IP: ThrottleRule = { limit: 50, windowMs: 15 * 60_000 };
export const DEFAULT_PER_ACCOUNT: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };
export const DEFAULT_MAX_DELAY_MS = 5_000;
export const DEFAULT_KNOWN_FOR_MS = 30 * 24 * 60 * 60_000;

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

  /**
   * Whether `key` is over its limit, without counting: for a rule that counts only failures
   * (`hit` after the failure). Blocked for at most a window.
   */
  async check(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    const count = await this.#attempts.peekAttempt(key, this.#now());
    return count >= this.#rule.limit
      ? { allowed: false, retryAfterSeconds: Math.ceil(this.#rule.windowMs / 1000) }
      : { allowed: true };
  }
}

/** The counters one reserved attempt holds, so its outcome can settle them. */
export interface AttemptTicket {
  pair: string;
  ip: string;
  account: string;
  known: string;
}

export type Reservation =
  | { allowed: false; retryAfterSeconds: number }
  /** `delayMs`: wait before checking the password; `ipAttempts`: this address's count (hash-queue priority). */
  | { allowed: true; delayMs: number; ipAttempts: number; ticket: AttemptTicket };

/**
 * The login throttle, over the store's atomic counters: an attempt is reserved (counted)
 * before the password is checked, so N parallel guesses evaluate at most `perPair.limit`.
 * Its outcome then settles the counters, so in the end they count only failed checks: a
 * success or a check that never ran (503, store error) is taken back. Counters live in the
 * store: they survive a restart and are shared by instances on one store.
 */
export class LoginThrottle {
  readonly #attempts: AttemptStore;
  readonly #perPair: ThrottleRule;
  readonly #perIp: ThrottleRule;
  readonly #perAccount: ThrottleRule;
  readonly #maxDelayMs: number;
  readonly #knownForMs: number;
  readonly #now: () => number;

  constructor(attempts: AttemptStore, options: LoginThrottleOptions = {}) {
    this.#attempts = attempts;
    this.#perPair = options.perPair ?? DEFAULT_PER_PAIR;
    this.#perIp = options.perIp ?? DEFAULT_PER_IP;
    this.#perAccount = options.perAccount ?? DEFAULT_PER_ACCOUNT;
    this.#maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
    this.#knownForMs = options.knownForMs ?? DEFAULT_KNOWN_FOR_MS;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Reserves one check of `email`'s password from `ip`. `session`: a signed-in session asking
   * (the password change), which then is the pair's second half instead of the address.
   */
  async reserve(ip: string, email: string, session?: string): Promise<Reservation> {
    const now = this.#now();
    const address = addressBucket(ip);
    const ticket: AttemptTicket = {
      pair: session === undefined ? `pair:${email}|${address}` : `pair:${email}|session:${session}`,
      ip: `ip:${address}`,
      account: `account:${email}`,
      // `known:` is one of the store's LASTING_ATTEMPT_PREFIXES: a full table evicts it last.
      known: `known:${email}|${address}`,
    };
    const [pair, byIp, account, known] = await Promise.all([
      this.#attempts.hitAttempt(ticket.pair, this.#perPair.windowMs, now),
      this.#attempts.hitAttempt(ticket.ip, this.#perIp.windowMs, now),
      this.#attempts.hitAttempt(ticket.account, this.#perAccount.windowMs, now),
      this.#attempts.peekAttempt(ticket.known, now),
    ]);
    const blocked = [
      pair.count > this.#perPair.limit ? pair.resetAt : 0,
      byIp.count > this.#perIp.limit ? byIp.resetAt : 0,
    ];
    const until = Math.max(...blocked);
    if (until > 0) {
      // Refused before any check: it must not slow the account for its owner.
      await this.#attempts.undoAttempt(ticket.account);
      return { allowed: false, retryAfterSeconds: secondsUntil(until, now) };
    }
    // An address this account logged in from recently is its owner's: never slowed by others.
    const over = known > 0 ? 0 : account.count - this.#perAccount.limit;
    const delayMs = over > 0 ? Math.min(this.#maxDelayMs, 100 * 2 ** Math.min(over, 20)) : 0;
    return { allowed: true, delayMs, ipAttempts: byIp.count, ticket };
  }

  /** A correct password: the attempt counts nowhere, the pair is cleared, the address is known. */
  async succeeded(ticket: AttemptTicket): Promise<void> {
    await Promise.all([
      this.#attempts.clearAttempts(ticket.pair),
      this.#attempts.undoAttempt(ticket.ip),
      this.#attempts.undoAttempt(ticket.account),
      this.#attempts.hitAttempt(ticket.known, this.#knownForMs, this.#now()),
    ]);
  }

  /**
   * The password was never checked: it counts against neither the account nor the (account,
   * address) pair. `busy` (the hash queue was full): the address did take a place in the queue,
   * so it keeps its count there; that count orders the queue, and a flooding address must not
   * stay "fresh" by collecting 503s.
   */
  async notChecked(ticket: AttemptTicket, why?: 'busy' | 'failed'): Promise<void> {
    const keys = why === 'busy' ? [ticket.pair, ticket.account] : [ticket.pair, ticket.account, ticket.ip];
    await Promise.all(keys.map((key) => this.#attempts.undoAttempt(key)));
  }
}
