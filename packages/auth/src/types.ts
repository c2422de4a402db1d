/** The two roles a user record can hold; new records default to `Client` (spec §3). */
export type Role = 'Admin' | 'Client';

/** What the server and the browser may see of a user: never the password. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** A stored record. `password` is a scrypt hash, or plain text in bases made by the old site. */
export interface UserRecord extends PublicUser {
  password: string;
}

export interface NewUser {
  name: string;
  email: string;
  /** Already hashed (see `hashPassword`); stores never hash. */
  password: string;
}

/**
 * Where users live. Implementations: `AirtableUserStore` (hosted table, spec §7) and
 * `SqliteUserStore` (embedded default). Methods throw `UserStoreError` subclasses only.
 */
export interface UserStore {
  /** Exact-match lookup; `undefined` when no record has this email. */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  list(): Promise<PublicUser[]>;
  /** Creates a record with Role `Client`, always. Throws `DuplicateEmailError` when the email is taken. */
  create(user: NewUser): Promise<PublicUser>;
  /** Creates the first Admin (server bootstrap only; the API never creates Admins). */
  createAdmin(user: NewUser): Promise<PublicUser>;
  /** Throws `UserNotFoundError` when no record has this id. */
  remove(id: string): Promise<void>;
  /** Replaces the stored password value (used to re-hash a legacy plain-text password). */
  setPassword(id: string, password: string): Promise<void>;
  close(): Promise<void>;
}
