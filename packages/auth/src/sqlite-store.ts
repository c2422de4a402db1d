import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  ATTEMPT_PRUNE_EVERY,
  ATTEMPT_SWEEP_EVERY,
  attemptEvictionOrder,
  attemptRowsToEvict,
  checkMaxAttemptRows,
  DEFAULT_MAX_ATTEMPT_ROWS,
} from './attempt-cap.ts';
import { normalizeEmail } from './email.ts';
import {
  BadCursorError,
  DuplicateEmailError,
  LastAdminError,
  STORE_FAILED,
  UserNotFoundError,
  UserStoreError,
} from './errors.ts';
import { migrate } from './migrations.ts';
import type { OutboxStore } from './outbox.ts';
import { SqliteOutbox } from './sqlite-outbox.ts';
import type { LinkTokenStore } from './link-tokens.ts';
import { SqliteLinkTokens } from './sqlite-link-tokens.ts';
import { SqliteCallReports } from './sqlite-call-reports.ts';
import { SqliteLeads } from './sqlite-leads.ts';
import { SqlitePublishedSamples } from './sqlite-published-samples.ts';
import type {
  AttemptCount,
  AttemptStore,
  CallReportStore,
  LeadNoteStore,
  LeadStore,
  LeadVisitStore,
  NewUser,
  PublicUser,
  PublishedSampleStore,
  Role,
  SessionRecord,
  SessionStore,
  Store,
  UserPage,
  UserRecord,
  UserStore,
} from './types.ts';

const SQL = {
  findByEmail: 'SELECT id, name, email, password, role FROM users WHERE email = ?',
  findById: 'SELECT id, name, email, password, role FROM users WHERE id = ?',
  list: 'SELECT id, name, email, role FROM users ORDER BY rowid',
  page: 'SELECT rowid AS seq, id, name, email, role FROM users WHERE rowid > ? ORDER BY rowid LIMIT ?',
  insert: 'INSERT INTO users (id, name, email, password, role) VALUES (?, ?, ?, ?, ?)',
  // One statement, so two Admins deleting each other at once cannot both succeed.
  remove: `DELETE FROM users WHERE id = ?
             AND (role <> 'Admin' OR (SELECT count(*) FROM users WHERE role = 'Admin') > 1)`,
  exists: 'SELECT 1 AS found FROM users WHERE id = ?',
  setPassword: 'UPDATE users SET password = ? WHERE id = ?',
  createSession:
    'INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  findSession: `SELECT id, user_id AS userId, created_at AS createdAt, last_seen_at AS lastSeenAt,
                       expires_at AS expiresAt FROM sessions WHERE id = ?`,
  touchSession: 'UPDATE sessions SET last_seen_at = max(last_seen_at, ?) WHERE id = ?',
  deleteSession: 'DELETE FROM sessions WHERE id = ?',
  deleteUserSessions: 'DELETE FROM sessions WHERE user_id = ?',
  deleteExpiredSessions: 'DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at < ?',
  // Atomic count-and-return: the reservation happens in the same statement as the read.
  hitAttempt: `INSERT INTO attempts (key, count, reset_at) VALUES (?1, 1, ?2 + ?3)
               ON CONFLICT (key) DO UPDATE SET
                 count = CASE WHEN reset_at <= ?2 THEN 1 ELSE count + 1 END,
                 reset_at = CASE WHEN reset_at <= ?2 THEN ?2 + ?3 ELSE reset_at END
               RETURNING count, reset_at AS resetAt`,
  undoAttempt: 'UPDATE attempts SET count = max(count - 1, 0) WHERE key = ?',
  peekAttempt: 'SELECT count FROM attempts WHERE key = ? AND reset_at > ?',
  clearAttempts: 'DELETE FROM attempts WHERE key = ?',
  pruneAttempts: 'DELETE FROM attempts WHERE reset_at <= ?',
  countAttempts: 'SELECT count(*) AS n FROM attempts',
  evictAttempts: `DELETE FROM attempts WHERE key IN (
                    SELECT key FROM attempts ORDER BY ${attemptEvictionOrder('?1')} LIMIT ?2)`,
} as const;

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message);

/**
 * The embedded default: one SQLite file (`node:sqlite`) holding every table, schema created
 * on first use. The folder it creates is 0700 and the file 0600 (SQLite gives its -wal and
 * -shm files the database file's mode).
 */
export class SqliteStore implements Store, UserStore, SessionStore, AttemptStore {
  readonly #path: string;
  #db: DatabaseSync | undefined;
  /** Prepared once per connection: the lookups run on every signed-in request. */
  readonly #statements = new Map<string, StatementSync>();
  #hits = 0;
  readonly #maxAttemptRows: number;
  readonly #outbox = new SqliteOutbox(() => this.#open);
  readonly #linkTokens = new SqliteLinkTokens(() => this.#open, this.#outbox);
  readonly #publishedSamples = new SqlitePublishedSamples(() => this.#open);
  readonly #callReports = new SqliteCallReports((sql) => this.#prepare(sql));
  readonly #leads = new SqliteLeads(
    (sql) => this.#prepare(sql),
    () => this.#open,
    this.#outbox,
  );

  /**
   * `path` is a file path, or `:memory:`. The folder is created when missing. `maxAttemptRows`:
   * the throttle counters' capacity (`attempt-cap.ts`).
   */
  constructor(path: string, options: { maxAttemptRows?: number } = {}) {
    this.#path = path;
    this.#maxAttemptRows = checkMaxAttemptRows(options.maxAttemptRows ?? DEFAULT_MAX_ATTEMPT_ROWS);
  }

  get users(): UserStore {
    return this;
  }
  get sessions(): SessionStore {
    return this;
  }
  get attempts(): AttemptStore {
    return this;
  }
  get callReports(): CallReportStore {
    return this.#callReports;
  }
  get leads(): LeadStore {
    return this.#leads;
  }
  get leadVisits(): LeadVisitStore {
    return this.#leads;
  }
  get leadNotes(): LeadNoteStore {
    return this.#leads;
  }
  get outbox(): OutboxStore {
    return this.#outbox;
  }
  get linkTokens(): LinkTokenStore {
    return this.#linkTokens;
  }
  get publishedSamples(): PublishedSampleStore {
    return this.#publishedSamples;
  }

  get #open(): DatabaseSync {
    if (this.#db) return this.#db;
    try {
      if (this.#path !== ':memory:') {
        mkdirSync(dirname(this.#path), { recursive: true, mode: 0o700 });
        closeSync(openSync(this.#path, 'a', 0o600));
        chmodSync(this.#path, 0o600);
      }
      const db = new DatabaseSync(this.#path);
      db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
      migrate(db);
      this.#db = db;
      return db;
    } catch (error) {
      throw new UserStoreError(
        `Could not open the user database at ${this.#path}: ${(error as Error).message}. Check VOXDESK_DB.`,
        500,
        { cause: error, publicMessage: STORE_FAILED },
      );
    }
  }

  /** A statement from `SQL`, or one built from fixed fragments (a lead filter's). */
  #prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#open.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * Runs a write with `RETURNING` and gives back its rows. Never `.get()` here: node:sqlite's
   * `get()` steps once, returns the row and ignores the commit's failure (a full disk loses the
   * write silently); `all()` steps to the end, so a failed commit throws.
   */
  #returning(sql: (typeof SQL)[keyof typeof SQL], ...params: (string | number | null)[]): unknown[] {
    return this.#prepare(sql).all(...params);
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const row = this.#prepare(SQL.findByEmail).get(normalizeEmail(email)) as UserRecord | undefined;
    return row ? { ...row } : undefined;
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    const row = this.#prepare(SQL.findById).get(id) as UserRecord | undefined;
    return row ? { ...row } : undefined;
  }

  async list(): Promise<PublicUser[]> {
    // why: node:sqlite types rows as generic records; SQL.list selects exactly PublicUser's columns.
    const rows = this.#prepare(SQL.list).all() as unknown as PublicUser[];
    return rows.map((row) => ({ ...row }));
  }

  async listPage({ limit, after }: { limit: number; after?: string }): Promise<UserPage> {
    const from = after === undefined ? 0 : Number(after);
    if (!Number.isSafeInteger(from) || from < 0 || (after !== undefined && !/^\d+$/.test(after))) {
      throw new BadCursorError();
    }
    // why: node:sqlite types rows as generic records; SQL.page selects PublicUser's columns and seq.
    const rows = this.#prepare(SQL.page).all(from, limit + 1) as unknown as (PublicUser & { seq: number })[];
    const users = rows.slice(0, limit).map(({ id, name, email, role }) => ({ id, name, email, role }));
    return rows.length > limit ? { users, next: String(rows[limit - 1]!.seq) } : { users };
  }

  create(user: NewUser): Promise<PublicUser> {
    return this.#insert(user, 'Client');
  }

  createAdmin(user: NewUser): Promise<PublicUser> {
    return this.#insert(user, 'Admin');
  }

  async #insert(user: NewUser, role: Role): Promise<PublicUser> {
    const id = `usr_${randomUUID().replace(/-/g, '')}`;
    const email = normalizeEmail(user.email);
    try {
      this.#prepare(SQL.insert).run(id, user.name, email, user.password, role);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateEmailError(email, { cause: error });
      throw error;
    }
    return { id, name: user.name, email, role };
  }

  async remove(id: string): Promise<void> {
    const result = this.#prepare(SQL.remove).run(id);
    if (result.changes > 0) return;
    if (this.#prepare(SQL.exists).get(id)) throw new LastAdminError();
    throw new UserNotFoundError(id);
  }

  async setPassword(id: string, password: string): Promise<void> {
    const result = this.#prepare(SQL.setPassword).run(password, id);
    if (result.changes === 0) throw new UserNotFoundError(id);
  }

  async createSession(s: SessionRecord): Promise<void> {
    this.#prepare(SQL.createSession).run(s.id, s.userId, s.createdAt, s.lastSeenAt, s.expiresAt);
  }

  async findSession(id: string): Promise<SessionRecord | undefined> {
    const row = this.#prepare(SQL.findSession).get(id) as SessionRecord | undefined;
    return row ? { ...row } : undefined;
  }

  async touchSession(id: string, lastSeenAt: number): Promise<void> {
    this.#prepare(SQL.touchSession).run(lastSeenAt, id);
  }

  async deleteSession(id: string): Promise<void> {
    this.#prepare(SQL.deleteSession).run(id);
  }

  async deleteUserSessions(userId: string): Promise<number> {
    return Number(this.#prepare(SQL.deleteUserSessions).run(userId).changes);
  }

  async deleteExpiredSessions(now: number, idleSince: number): Promise<number> {
    return Number(this.#prepare(SQL.deleteExpiredSessions).run(now, idleSince).changes);
  }

  async hitAttempt(key: string, windowMs: number, now: number): Promise<AttemptCount> {
    this.#sweepAttempts(now);
    const [row] = this.#returning(SQL.hitAttempt, key, now, windowMs) as AttemptCount[];
    if (!row) throw new Error('The attempt counter returned no row.');
    return { count: Number(row.count), resetAt: Number(row.resetAt) };
  }

  /** Keeps the counters within their cap (see attempt-cap.ts): a spray cannot grow the file. */
  #sweepAttempts(now: number): void {
    const hit = this.#hits++;
    if (hit % ATTEMPT_PRUNE_EVERY === 0) this.#prepare(SQL.pruneAttempts).run(now);
    if (hit % ATTEMPT_SWEEP_EVERY !== 0) return;
    const { n } = this.#prepare(SQL.countAttempts).get() as { n: number };
    const excess = attemptRowsToEvict(Number(n), this.#maxAttemptRows);
    if (excess > 0) this.#prepare(SQL.evictAttempts).run(now, excess);
  }

  async undoAttempt(key: string): Promise<void> {
    this.#prepare(SQL.undoAttempt).run(key);
  }

  async peekAttempt(key: string, now: number): Promise<number> {
    const row = this.#prepare(SQL.peekAttempt).get(key, now) as { count: number } | undefined;
    return row ? Number(row.count) : 0;
  }

  async clearAttempts(key: string): Promise<void> {
    this.#prepare(SQL.clearAttempts).run(key);
  }

  async close(): Promise<void> {
    this.#statements.clear();
    this.#db?.close();
    this.#db = undefined;
  }
}
