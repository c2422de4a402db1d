import { createHash, randomBytes } from 'node:crypto';
import { toAccountUser, type AccountUser } from './accounts.ts';
import type { SessionRecord, Store } from './types.ts';

export interface SessionPolicy {
  /** Absolute lifetime from login. */
  absoluteMs: number;
  /** Ends a session unused for this long. */
  idleMs: number;
  /**
   * How long one instance trusts what it read (session and user). A session ended on
   * another instance keeps working here for at most this long (the revocation delay).
   */
  cacheMs: number;
  /** Cache entries kept at most (oldest dropped first). */
  cacheSize: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  absoluteMs: 8 * 60 * 60_000,
  idleMs: 60 * 60_000,
  cacheMs: 5_000,
  cacheSize: 10_000,
};

export interface ActiveSession {
  session: SessionRecord;
  user: AccountUser;
}

/** The store keeps only this digest: a copy of the database holds no usable cookie. */
export const sessionIdOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Server-side sessions over a `Store`: a random 256-bit token in the cookie, its digest in
 * the store; absolute and idle expiry; a short per-instance cache so most signed-in requests
 * read neither the store nor the user table.
 */
export class Sessions {
  readonly #store: Store;
  readonly #policy: SessionPolicy;
  readonly #now: () => number;
  readonly #cache = new Map<string, { value: ActiveSession; until: number }>();

  constructor(store: Store, options: { policy?: Partial<SessionPolicy>; now?: () => number } = {}) {
    this.#store = store;
    this.#policy = { ...DEFAULT_SESSION_POLICY, ...options.policy };
    this.#now = options.now ?? Date.now;
  }

  get policy(): SessionPolicy {
    return this.#policy;
  }

  /**
   * Creates a session for `userId`; returns the token for the cookie. With the `user` just
   * read (at login), the cache starts warm, so the next request reads no user table.
   */
  async start(userId: string, user?: AccountUser): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.#now();
    const session = {
      id: sessionIdOf(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + this.#policy.absoluteMs,
    };
    await this.#store.sessions.createSession(session);
    if (user?.id === userId) this.#remember(session.id, { session, user }, now);
    return { token, expiresAt: session.expiresAt };
  }

  /** The live session and its user for a cookie token, or `undefined` (unknown, expired, idle, user gone). */
  async resolve(token: string): Promise<ActiveSession | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const id = sessionIdOf(token);
    const now = this.#now();
    const cached = this.#cache.get(id);
    if (cached && cached.until > now && this.#live(cached.value.session, now)) return cached.value;
    this.#cache.delete(id);

    const session = await this.#store.sessions.findSession(id);
    if (!session) return undefined;
    if (!this.#live(session, now)) {
      await this.#store.sessions.deleteSession(id);
      return undefined;
    }
    const record = await this.#store.users.findById(session.userId);
    if (!record) {
      await this.#store.sessions.deleteUserSessions(session.userId);
      return undefined;
    }
    await this.#store.sessions.touchSession(id, now);
    const value = { session: { ...session, lastSeenAt: now }, user: toAccountUser(record) };
    this.#remember(id, value, now);
    return value;
  }

  async end(token: string): Promise<void> {
    if (!TOKEN_PATTERN.test(token)) return;
    const id = sessionIdOf(token);
    this.#cache.delete(id);
    await this.#store.sessions.deleteSession(id);
  }

  /** Forgets this instance's cached sessions of a user (after the store's were deleted). */
  forgetUser(userId: string): void {
    for (const [id, entry] of this.#cache) if (entry.value.user.id === userId) this.#cache.delete(id);
  }

  /** Housekeeping for the store: removes expired and idle sessions. */
  sweep(): Promise<number> {
    const now = this.#now();
    return this.#store.sessions.deleteExpiredSessions(now, now - this.#policy.idleMs);
  }

  #live(session: SessionRecord, now: number): boolean {
    return session.expiresAt > now && now - session.lastSeenAt < this.#policy.idleMs;
  }

  #remember(id: string, value: ActiveSession, now: number): void {
    this.#cache.delete(id);
    this.#cache.set(id, { value, until: now + this.#policy.cacheMs });
    while (this.#cache.size > this.#policy.cacheSize) this.#cache.delete(this.#cache.keys().next().value!);
  }
}
