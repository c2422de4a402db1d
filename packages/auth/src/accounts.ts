import { randomBytes } from 'node:crypto';
import { normalizeEmail } from './email.ts';
import { DuplicateEmailError, UserNotFoundError, UserStoreError, WeakPasswordError } from './errors.ts';
import { passwordProblem, type PasswordContext } from './password-policy.ts';
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

/**
 * One answer for an unknown email and a wrong password, so the login does not tell anyone
 * which emails have accounts: a deliberate departure from the spec's two messages (§5),
 * recorded in docs/security.md.
 */
export const LOGIN_FAILED = 'Invalid email or password';
export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';

/** A signed-in user as the server sees it: `mustChangePassword` while a temporary password is in use. */
export interface AccountUser extends PublicUser {
  mustChangePassword?: true;
}

export type AuthResult = { ok: true; user: AccountUser } | { ok: false; error: typeof LOGIN_FAILED };

/** Runs a password check, e.g. through the server's hashing queue. */
export type HashRunner = <T>(check: () => Promise<T>) => Promise<T>;
const direct: HashRunner = (check) => check();

/** Real checks whose durations set the cost an unknown email is answered at. */
const CHECKS_REMEMBERED = 15;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  #calibration: Promise<void> | undefined;
  /** Durations (ms) of the latest real checks, queueing included. */
  readonly #checkMs: number[] = [];

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
   * Looks the user up by normalised email and checks the password through `runHash`. An
   * unknown email is not hashed at all (a flood of made-up emails costs no CPU): it is
   * answered after the median time of recent real checks, so timing does not tell them apart.
   * A legacy plain-text password that matches is replaced by a hash on this login.
   */
  async authenticate(email: string, password: string, runHash: HashRunner = direct): Promise<AuthResult> {
    const record = await this.store.users.findByEmail(normalizeEmail(email));
    if (!record) {
      await this.#asLongAsACheck();
      return { ok: false, error: LOGIN_FAILED };
    }
    const started = performance.now();
    const matches = await runHash(() => verifyPassword(password, record.password));
    this.#remember(performance.now() - started);
    if (!matches) return { ok: false, error: LOGIN_FAILED };
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

  #remember(ms: number): void {
    this.#checkMs.push(ms);
    if (this.#checkMs.length > CHECKS_REMEMBERED) this.#checkMs.shift();
  }

  async #asLongAsACheck(): Promise<void> {
    if (this.#checkMs.length === 0) {
      // Before any real check: time one decoy check once, not one per request.
      this.#calibration ??= (async () => {
        const decoy = await hashPassword(randomBytes(16).toString('hex'), this.#scrypt);
        const started = performance.now();
        await verifyPassword('decoy', decoy);
        this.#remember(performance.now() - started);
      })();
      await this.#calibration;
    }
    const sorted = [...this.#checkMs].sort((a, b) => a - b);
    await sleep(sorted[Math.floor(sorted.length / 2)]!);
  }

  /** Accepts `next` for this user (their email and name are context words) or throws `WeakPasswordError` saying why not. */
  #check(next: string, user: PasswordContext): void {
    const problem = passwordProblem(next, user);
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
    this.#check(next, record);
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
    const record = await this.store.users.findById(userId);
    if (!record) throw new UserNotFoundError(userId);
    this.#check(next, record);
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

  /**
   * An Admin sets a new password for a Client; the client's sessions end. The password is
   * temporary: the client must choose their own at the next login (ASVS 2.1.5; issue 26 L4).
   */
  async setClientPassword(clientId: string, next: string): Promise<void> {
    const record = await this.store.users.findById(clientId);
    if (!record) throw new UserNotFoundError(clientId);
    if (record.role !== 'Client') {
      throw new UserStoreError('Only client passwords can be set here; an Admin changes their own.', 403);
    }
    this.#check(next, record);
    await this.store.users.setPassword(clientId, markTemporary(await hashPassword(next, this.#scrypt)));
    await this.#endSessions(clientId);
    this.#passwordWasChanged(record);
  }

  /**
   * Always Role `Client`. The password is the Admin's choice, so it is temporary like
   * `setClientPassword`'s: the client must choose their own at the first login (issue 26 L4).
   * Throws `DuplicateEmailError` when the email is taken, `WeakPasswordError` for a weak password.
   */
  async addClient(input: { name: string; email: string; password: string }): Promise<PublicUser> {
    this.#check(input.password, input);
    const password = markTemporary(await hashPassword(input.password, this.#scrypt));
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
