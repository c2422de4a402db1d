import { randomBytes } from 'node:crypto';
import {
  DEFAULT_SCRYPT_PARAMS,
  hashPassword,
  isPasswordHash,
  verifyPassword,
  type ScryptParams,
} from './password.ts';
import type { PublicUser, UserRecord, UserStore } from './types.ts';

/** The spec's login messages (§5), kept word for word. */
export const USER_NOT_FOUND = 'User not found';
export const INVALID_PASSWORD = 'Invalid password';

export type AuthResult =
  { ok: true; user: PublicUser } | { ok: false; error: typeof USER_NOT_FOUND | typeof INVALID_PASSWORD };

export interface FirstAdmin {
  email: string;
  /** When absent a password is generated and returned, so the caller can print it once. */
  password?: string;
  name?: string;
}

export type FirstAdminResult =
  { created: false } | { created: true; user: PublicUser; generatedPassword?: string };

const toPublic = ({ id, name, email, role }: UserRecord | PublicUser): PublicUser => ({
  id,
  name,
  email,
  role,
});

/** Accounts on top of a `UserStore`: hashing, authentication, client management, bootstrap. */
export class Accounts {
  readonly store: UserStore;
  readonly #scrypt: ScryptParams;
  #decoy: Promise<string> | undefined;

  readonly #onRehashError: (error: unknown) => void;

  constructor(
    store: UserStore,
    options: { scrypt?: ScryptParams; onRehashError?: (error: unknown) => void } = {},
  ) {
    this.store = store;
    this.#scrypt = options.scrypt ?? DEFAULT_SCRYPT_PARAMS;
    this.#onRehashError = options.onRehashError ?? (() => {});
  }

  /**
   * Looks the user up by exact email and checks the password. A legacy plain-text password
   * that matches is replaced by a hash on this login.
   */
  async authenticate(email: string, password: string): Promise<AuthResult> {
    const record = await this.store.findByEmail(email);
    if (!record) {
      // Spend the same work as a real check, so timing does not tell which step failed.
      this.#decoy ??= hashPassword(randomBytes(16).toString('hex'), this.#scrypt);
      await verifyPassword(password, await this.#decoy);
      return { ok: false, error: USER_NOT_FOUND };
    }
    if (!(await verifyPassword(password, record.password))) return { ok: false, error: INVALID_PASSWORD };
    if (!isPasswordHash(record.password)) {
      // Best effort: a failed re-hash must not fail a correct login; the next login retries.
      try {
        await this.store.setPassword(record.id, await hashPassword(password, this.#scrypt));
      } catch (error) {
        this.#onRehashError(error);
      }
    }
    return { ok: true, user: toPublic(record) };
  }

  /** The current state of a signed-in user, or `undefined` when the record is gone. */
  async refresh(user: Pick<PublicUser, 'id' | 'email'>): Promise<PublicUser | undefined> {
    const record = await this.store.findByEmail(user.email);
    return record && record.id === user.id ? toPublic(record) : undefined;
  }

  list(): Promise<PublicUser[]> {
    return this.store.list();
  }

  /** Always Role `Client`. Throws `DuplicateEmailError` when the email is taken. */
  async addClient(input: { name: string; email: string; password: string }): Promise<PublicUser> {
    const password = await hashPassword(input.password, this.#scrypt);
    return this.store.create({ name: input.name, email: input.email, password });
  }

  remove(id: string): Promise<void> {
    return this.store.remove(id);
  }

  /** On an empty store, creates the first Admin; otherwise does nothing. */
  async ensureFirstAdmin(admin: FirstAdmin): Promise<FirstAdminResult> {
    if ((await this.store.list()).length > 0) return { created: false };
    const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
    const plain = admin.password ?? generatedPassword!;
    const user = await this.store.createAdmin({
      name: admin.name ?? 'Administrator',
      email: admin.email,
      password: await hashPassword(plain, this.#scrypt),
    });
    return generatedPassword ? { created: true, user, generatedPassword } : { created: true, user };
  }
}
