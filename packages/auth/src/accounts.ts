import { randomBytes } from 'node:crypto';
import { normalizeEmail } from './email.ts';
import { DuplicateEmailError, UserNotFoundError, UserStoreError, WeakPasswordError } from './errors.ts';
import { passwordProblem } from './password-policy.ts';
import {
  DEFAULT_SCRYPT_PARAMS,
  hashPassword,
  isPasswordHash,
  isTemporary,
  markTemporary,
  verifyPassword,
  withoutMarker,
  type ScryptParams,
} from './password.ts';
import type { PublicUser, Store, UserRecord } from './types.ts';

/** The spec's login messages (§5), kept word for word. */
export const USER_NOT_FOUND = 'User not found';
export const INVALID_PASSWORD = 'Invalid password';
export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';

/** A signed-in user as the server sees it: `mustChangePassword` while a temporary password is in use. */
export interface AccountUser extends PublicUser {
  mustChangePassword?: true;
}

export type AuthResult =
  { ok: true; user: AccountUser } | { ok: false; error: typeof USER_NOT_FOUND | typeof INVALID_PASSWORD };

export interface FirstAdmin {
  email: string;
  /** When absent a password is generated and returned, so the caller can print it once. */
  password?: string;
  name?: string;
}

export type FirstAdminResult =
  { created: false } | { created: true; user: PublicUser; generatedPassword?: string };

export const toAccountUser = ({ id, name, email, role, password }: UserRecord): AccountUser =>
  isTemporary(password) ? { id, name, email, role, mustChangePassword: true } : { id, name, email, role };

/**
 * Accounts on top of a `Store`: hashing, authentication, the password lifecycle, client
 * management, bootstrap. Every change of password and every deletion ends the user's sessions.
 */
export class Accounts {
  readonly store: Store;
  readonly #scrypt: ScryptParams;
  #decoy: Promise<string> | undefined;

  readonly #onRehashError: (error: unknown) => void;
  readonly #sessionsEnded = new Set<(userId: string) => void>();
  readonly #passwordChanged = new Set<(user: PublicUser) => void>();

  constructor(
    store: Store,
    options: { scrypt?: ScryptParams; onRehashError?: (error: unknown) => void } = {},
  ) {
    this.store = store;
    this.#scrypt = options.scrypt ?? DEFAULT_SCRYPT_PARAMS;
    this.#onRehashError = options.onRehashError ?? (() => {});
  }

  /**
   * Calls `listener` after every user's sessions were deleted (password change, deletion), so
   * a per-instance cache (`Sessions.forgetUser`) drops them at once. Returns an unsubscribe.
   */
  onSessionsEnded(listener: (userId: string) => void): () => void {
    this.#sessionsEnded.add(listener);
    return () => this.#sessionsEnded.delete(listener);
  }

  /**
   * Calls `listener` after every password change (own, by an Admin, through a one-time link),
   * so the user can be told ("your password was changed"). Returns an unsubscribe.
   */
  onPasswordChanged(listener: (user: PublicUser) => void): () => void {
    this.#passwordChanged.add(listener);
    return () => this.#passwordChanged.delete(listener);
  }

  #passwordWasChanged({ id, name, email, role }: UserRecord): void {
    for (const listener of this.#passwordChanged) listener({ id, name, email, role });
  }

  async #endSessions(userId: string): Promise<void> {
    await this.store.sessions.deleteUserSessions(userId);
    for (const listener of this.#sessionsEnded) listener(userId);
  }

  /**
   * Looks the user up by normalised email and checks the password. A legacy plain-text
   * password that matches is replaced by a hash on this login.
   */
  async authenticate(email: string, password: string): Promise<AuthResult> {
    const record = await this.store.users.findByEmail(normalizeEmail(email));
    if (!record) {
      // Spend the same work as a real check, so timing does not tell which step failed.
      this.#decoy ??= hashPassword(randomBytes(16).toString('hex'), this.#scrypt);
      await verifyPassword(password, await this.#decoy);
      return { ok: false, error: USER_NOT_FOUND };
    }
    if (!(await verifyPassword(password, record.password))) return { ok: false, error: INVALID_PASSWORD };
    if (!isPasswordHash(withoutMarker(record.password))) {
      // Best effort: a failed re-hash must not fail a correct login; the next login retries.
      try {
        await this.store.users.setPassword(record.id, await hashPassword(password, this.#scrypt));
      } catch (error) {
        this.#onRehashError(error);
      }
    }
    return { ok: true, user: toAccountUser(record) };
  }

  /** Accepts `next` or throws `WeakPasswordError` saying why not. */
  #check(next: string): void {
    const problem = passwordProblem(next);
    if (problem) throw new WeakPasswordError(problem);
  }

  /**
   * A signed-in user's own change: the current password is required. Ends every session of
   * the user (the caller starts a fresh one for the browser that asked).
   */
  async changePassword(
    userId: string,
    current: string,
    next: string,
  ): Promise<{ ok: true } | { ok: false; error: typeof WRONG_CURRENT_PASSWORD }> {
    const record = await this.store.users.findById(userId);
    if (!record || !(await verifyPassword(current, record.password))) {
      return { ok: false, error: WRONG_CURRENT_PASSWORD };
    }
    this.#check(next);
    if (await verifyPassword(next, record.password)) {
      throw new WeakPasswordError('The new password must differ from the current one.');
    }
    await this.store.users.setPassword(userId, await hashPassword(next, this.#scrypt));
    await this.#endSessions(userId);
    this.#passwordWasChanged(record);
    return { ok: true };
  }

  /**
   * The password chosen through a one-time link (invitation, reset) already used by the
   * caller: checked against the policy, every session ended. Returns the user to sign in.
   */
  async setPasswordFromLink(userId: string, next: string): Promise<AccountUser> {
    this.#check(next);
    const record = await this.store.users.findById(userId);
    if (!record) throw new UserNotFoundError(userId);
    const password = await hashPassword(next, this.#scrypt);
    await this.store.users.setPassword(userId, password);
    await this.#endSessions(userId);
    this.#passwordWasChanged(record);
    return toAccountUser({ ...record, password });
  }

  /**
   * A Client who has no password yet (an invited lead): the stored hash is of 32 random bytes
   * nobody knows, so the account cannot sign in until a link sets a password. An existing
   * Client with the email is returned as it is (a re-sent invitation).
   */
  async inviteClient(input: { name: string; email: string }): Promise<PublicUser> {
    const existing = await this.store.users.findByEmail(input.email);
    if (existing) {
      if (existing.role !== 'Client') {
        throw new UserStoreError('That email belongs to an Admin account; Admins are not invited.', 409);
      }
      const { id, name, email, role } = existing;
      return { id, name, email, role };
    }
    const password = await hashPassword(randomBytes(32).toString('base64url'), this.#scrypt);
    return this.store.users.create({ name: input.name, email: input.email, password });
  }

  /** An Admin sets a new password for a Client; the client's sessions end. */
  async setClientPassword(clientId: string, next: string): Promise<void> {
    const record = await this.store.users.findById(clientId);
    if (!record) throw new UserNotFoundError(clientId);
    if (record.role !== 'Client') {
      throw new UserStoreError('Only client passwords can be set here; an Admin changes their own.', 403);
    }
    this.#check(next);
    await this.store.users.setPassword(clientId, await hashPassword(next, this.#scrypt));
    await this.#endSessions(clientId);
    this.#passwordWasChanged(record);
  }

  /** Always Role `Client`. Throws `DuplicateEmailError` when the email is taken, `WeakPasswordError` for a weak password. */
  async addClient(input: { name: string; email: string; password: string }): Promise<PublicUser> {
    this.#check(input.password);
    const password = await hashPassword(input.password, this.#scrypt);
    return this.store.users.create({ name: input.name, email: input.email, password });
  }

  /** Deletes a user and ends their sessions (`LastAdminError` for the only Admin). */
  async remove(id: string): Promise<void> {
    await this.store.users.remove(id);
    await this.#endSessions(id);
  }

  /**
   * On an empty store, creates the first Admin; otherwise does nothing. A generated
   * password is temporary: the Admin must change it at first login.
   */
  async ensureFirstAdmin(admin: FirstAdmin): Promise<FirstAdminResult> {
    if ((await this.store.users.listPage({ limit: 1 })).users.length > 0) return { created: false };
    const generatedPassword = admin.password ? undefined : randomBytes(15).toString('base64url');
    const hash = await hashPassword(admin.password ?? generatedPassword!, this.#scrypt);
    let user: PublicUser;
    try {
      user = await this.store.users.createAdmin({
        name: admin.name ?? 'Administrator',
        email: admin.email,
        password: generatedPassword ? markTemporary(hash) : hash,
      });
    } catch (error) {
      // Instances starting together on one database: another one created it first.
      if (error instanceof DuplicateEmailError) return { created: false };
      throw error;
    }
    return generatedPassword ? { created: true, user, generatedPassword } : { created: true, user };
  }
}
