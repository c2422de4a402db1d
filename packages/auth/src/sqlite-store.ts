import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { DuplicateEmailError, UserNotFoundError, UserStoreError } from './errors.ts';
import { migrate } from './migrations.ts';
import type { NewUser, PublicUser, Role, UserRecord, UserStore } from './types.ts';

interface Row {
  id: string;
  name: string;
  email: string;
  password: string;
  role: Role;
}

const SQL = {
  findByEmail: 'SELECT id, name, email, password, role FROM users WHERE email = ?',
  list: 'SELECT id, name, email, role FROM users ORDER BY created_at, rowid',
  insert: 'INSERT INTO users (id, name, email, password, role) VALUES (?, ?, ?, ?, ?)',
  remove: 'DELETE FROM users WHERE id = ?',
  setPassword: 'UPDATE users SET password = ? WHERE id = ?',
} as const;

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message);

/** The embedded default: one SQLite file (`node:sqlite`), schema created on first use. */
export class SqliteUserStore implements UserStore {
  readonly #path: string;
  #db: DatabaseSync | undefined;
  /** Prepared once per connection: the lookup runs on every signed-in request. */
  readonly #statements = new Map<string, StatementSync>();

  /** `path` is a file path, or `:memory:`. The folder is created when missing. */
  constructor(path: string) {
    this.#path = path;
  }

  get #open(): DatabaseSync {
    if (this.#db) return this.#db;
    try {
      if (this.#path !== ':memory:') mkdirSync(dirname(this.#path), { recursive: true });
      const db = new DatabaseSync(this.#path);
      db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
      migrate(db);
      this.#db = db;
      return db;
    } catch (error) {
      throw new UserStoreError(
        `Could not open the user database at ${this.#path}: ${(error as Error).message}. Check VOXDESK_DB.`,
        500,
        { cause: error },
      );
    }
  }

  #prepare(sql: (typeof SQL)[keyof typeof SQL]): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#open.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const row = this.#prepare(SQL.findByEmail).get(email) as Row | undefined;
    return row ? { ...row } : undefined;
  }

  async list(): Promise<PublicUser[]> {
    // why: node:sqlite types rows as generic records; SQL.list selects exactly PublicUser's columns.
    const rows = this.#prepare(SQL.list).all() as unknown as PublicUser[];
    return rows.map((row) => ({ ...row }));
  }

  create(user: NewUser): Promise<PublicUser> {
    return this.#insert(user, 'Client');
  }

  createAdmin(user: NewUser): Promise<PublicUser> {
    return this.#insert(user, 'Admin');
  }

  async #insert(user: NewUser, role: Role): Promise<PublicUser> {
    const id = `usr_${randomUUID().replace(/-/g, '')}`;
    try {
      this.#prepare(SQL.insert).run(id, user.name, user.email, user.password, role);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateEmailError(user.email, { cause: error });
      throw error;
    }
    return { id, name: user.name, email: user.email, role };
  }

  async remove(id: string): Promise<void> {
    const result = this.#prepare(SQL.remove).run(id);
    if (result.changes === 0) throw new UserNotFoundError(id);
  }

  async setPassword(id: string, password: string): Promise<void> {
    const result = this.#prepare(SQL.setPassword).run(password, id);
    if (result.changes === 0) throw new UserNotFoundError(id);
  }

  async close(): Promise<void> {
    this.#statements.clear();
    this.#db?.close();
    this.#db = undefined;
  }
}
