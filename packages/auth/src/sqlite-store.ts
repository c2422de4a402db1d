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
  LeadNotFoundError,
  LeadNotHeldError,
  STORE_FAILED,
  UserNotFoundError,
  UserStoreError,
} from './errors.ts';
import { leadSearchText, repeatSearchText, searchWords, VISITOR_AUTHOR_ID } from './lead-record.ts';
import { migrate } from './migrations.ts';
import type { OutboxStore } from './outbox.ts';
import { SqliteOutbox } from './sqlite-outbox.ts';
import type { LinkTokenStore } from './link-tokens.ts';
import { SqliteLinkTokens } from './sqlite-link-tokens.ts';
import { SqliteCallReports } from './sqlite-call-reports.ts';
import { SqlitePublishedSamples } from './sqlite-published-samples.ts';
import type {
  AttemptCount,
  AttemptStore,
  CallReportStore,
  LeadFilter,
  LeadMessages,
  NewLeadNote,
  LeadPage,
  LeadRecord,
  LeadStatus,
  LeadNote,
  LeadNoteStore,
  LeadStore,
  LeadVisitStore,
  NewLeadStatus,
  NoteAuthor,
  NewLead,
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
import { leadMessagesFor } from './types.ts';
import { toNote, type NoteRow } from './lead-note-row.ts';

const LEAD_COLUMNS = `id, name, email, company, phone, message, slot, time_zone AS timeZone, language,
  source_page AS sourcePage, status, created_at AS createdAt, updated_at AS updatedAt, requests,
  last_request_at AS lastRequestAt`;

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
  insertLead: `INSERT INTO leads (id, name, email, company, phone, message, slot, time_zone, language,
                                  source_page, status, created_at, updated_at, search_text, last_request_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  // The newest open lead of an address (anonymised leads have none; deleted ones are gone).
  findOpenLead: `SELECT id FROM leads WHERE email = ? ORDER BY seq DESC LIMIT 1`,
  // A repeat request: counted, its slot, phone and company taken when given, its words searchable.
  addRequest: `UPDATE leads SET requests = requests + 1, last_request_at = max(last_request_at, ?1),
                  updated_at = max(updated_at, ?1), slot = coalesce(?2, slot),
                  time_zone = CASE WHEN ?2 IS NULL THEN time_zone ELSE ?3 END,
                  phone = coalesce(?4, phone), company = coalesce(?5, company),
                  search_text = search_text || ?6
                WHERE id = ?7 RETURNING ${LEAD_COLUMNS}`,
  findLead: `SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`,
  deleteLead: 'DELETE FROM leads WHERE id = ?',
  anonymiseLead: `UPDATE leads SET name = 'Anonymised', email = '', company = NULL, phone = NULL, message = NULL,
                    slot = NULL, time_zone = NULL, search_text = '', updated_at = max(updated_at, ?)
                  WHERE id = ? RETURNING ${LEAD_COLUMNS}`,
  insertNote: `INSERT INTO lead_notes (lead_id, kind, text, author_id, author_name, created_at, slot, time_zone)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
  listNotes: `SELECT * FROM (SELECT seq, lead_id, kind, text, author_id, author_name, created_at, slot, time_zone
                FROM lead_notes
                WHERE lead_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq`,
  dropNotes: 'DELETE FROM lead_notes WHERE lead_id = ?',
  // An Admin's look at the Leads screen: a look more than gap (?3) after the last one starts a
  // new visit, and the last one becomes the point leads are new since. One statement: atomic.
  recordLeadsVisit: `INSERT INTO lead_visits (user_id, since, seen_at) VALUES (?1, NULL, ?2)
                     ON CONFLICT (user_id) DO UPDATE SET
                       since = CASE WHEN ?2 - seen_at > ?3 THEN seen_at ELSE since END,
                       seen_at = max(seen_at, ?2)
                     RETURNING since`,
  setLeadStatus: `UPDATE leads SET status = ?, updated_at = ? WHERE id = ? RETURNING ${LEAD_COLUMNS}`,
  // Only a held lead: of two Admins releasing it at once, one gets the row (and sends the mail).
  releaseLead: `UPDATE leads SET status = 'new', updated_at = max(updated_at, ?) WHERE id = ? AND status = 'held'
                RETURNING ${LEAD_COLUMNS}`,
  // run(), not get() + RETURNING: run() throws when the commit fails (a full disk).
  deleteLeadsCreatedBefore: `DELETE FROM leads WHERE created_at < ?`,
} as const;

/** The WHERE clause of a lead filter, `?` placeholders with their values in order. */
function leadWhere(filter: LeadFilter, before: number): { where: string; values: (string | number)[] } {
  const clauses = ['seq < ?'];
  const values: (string | number)[] = [before];
  const add = (clause: string, value: string | number | undefined) => {
    if (value === undefined) return;
    clauses.push(clause);
    values.push(value);
  };
  // instr, not LIKE: no wildcards to escape, and the needle is already lower-cased like the text.
  for (const word of searchWords(filter.search)) add('instr(search_text, ?) > 0', word);
  add('status = ?', filter.status);
  add('created_at >= ?', filter.from);
  add('created_at < ?', filter.to);
  add('last_request_at >= ?', filter.requestedFrom);
  add('source_page = ?', filter.sourcePage);
  add('language = ?', filter.language);
  return { where: clauses.join(' AND '), values };
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message);

/** A plain object copy of a row, its times as numbers. */
const toLead = (row: LeadRecord): LeadRecord => ({
  ...row,
  createdAt: Number(row.createdAt),
  updatedAt: Number(row.updatedAt),
  requests: Number(row.requests),
  lastRequestAt: Number(row.lastRequestAt),
});

/**
 * The embedded default: one SQLite file (`node:sqlite`) holding every table, schema created
 * on first use. The folder it creates is 0700 and the file 0600 (SQLite gives its -wal and
 * -shm files the database file's mode).
 */
export class SqliteStore
  implements Store, UserStore, SessionStore, AttemptStore, LeadStore, LeadVisitStore, LeadNoteStore
{
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
    return this;
  }
  get leadVisits(): LeadVisitStore {
    return this;
  }
  get leadNotes(): LeadNoteStore {
    return this;
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

  async createLead(
    lead: NewLead,
    now: number,
    messages?: LeadMessages,
    status: NewLeadStatus = 'new',
  ): Promise<LeadRecord> {
    const request = { ...lead, email: normalizeEmail(lead.email) };
    // One write transaction (BEGIN IMMEDIATE) from the look-up to the commit: a second request
    // of the same address, from this process or another, waits and then finds this lead. The
    // lead, its log entry and its notifications commit together, or none does.
    return this.#outbox.transaction(() => {
      const open =
        request.email === ''
          ? undefined
          : (this.#prepare(SQL.findOpenLead).get(request.email) as { id: string } | undefined);
      const stored = open ? this.#addRequest(open.id, request, now) : this.#insertLead(request, now, status);
      // A held lead's notifications wait for its release (releaseLead), repeats' too.
      if (stored.status !== 'held') this.#outbox.insert(leadMessagesFor(messages, stored), now);
      return stored;
    });
  }

  #addRequest(id: string, request: NewLead, now: number): LeadRecord {
    const [row] = this.#returning(
      SQL.addRequest,
      now,
      request.slot,
      request.timeZone,
      request.phone,
      request.company,
      `\n${repeatSearchText(request)}`,
      id,
    ) as LeadRecord[];
    const author = { id: VISITOR_AUTHOR_ID, name: request.name };
    this.#insertNote(id, 'request', request.message, author, now, request);
    return toLead(row!);
  }

  #insertLead(lead: NewLead, now: number, status: NewLeadStatus): LeadRecord {
    const id = `lead_${randomUUID().replace(/-/g, '')}`;
    this.#prepare(SQL.insertLead).run(
      id,
      lead.name,
      lead.email,
      lead.company,
      lead.phone,
      lead.message,
      lead.slot,
      lead.timeZone,
      lead.language,
      lead.sourcePage,
      status,
      now,
      now,
      leadSearchText(lead),
      now,
    );
    return { id, ...lead, status, createdAt: now, updatedAt: now, requests: 1, lastRequestAt: now };
  }

  async listLeads({
    limit,
    after,
    ...filter
  }: { limit: number; after?: string } & LeadFilter): Promise<LeadPage> {
    const before = after === undefined ? Number.MAX_SAFE_INTEGER : Number(after);
    if (after !== undefined && (!/^\d{1,15}$/.test(after) || !Number.isSafeInteger(before))) {
      throw new BadCursorError();
    }
    const { where, values } = leadWhere(filter, before);
    const statement = this.#prepare(
      `SELECT seq, ${LEAD_COLUMNS} FROM leads WHERE ${where} ORDER BY seq DESC LIMIT ?`,
    );
    // why: node:sqlite types rows as generic records; the query selects LeadRecord's columns and seq.
    const rows = statement.all(...values, limit + 1) as unknown as (LeadRecord & { seq: number })[];
    const leads = rows.slice(0, limit).map(({ seq: _seq, ...lead }) => toLead(lead));
    return rows.length > limit ? { leads, next: String(rows[limit - 1]!.seq) } : { leads };
  }

  async countLeads(filter: LeadFilter): Promise<number> {
    const { where, values } = leadWhere(filter, Number.MAX_SAFE_INTEGER);
    const row = this.#prepare(`SELECT count(*) AS count FROM leads WHERE ${where}`).get(...values) as {
      count: number;
    };
    return Number(row.count);
  }

  async deleteLead(id: string): Promise<void> {
    if (this.#prepare(SQL.deleteLead).run(id).changes === 0) throw new LeadNotFoundError(id);
  }

  async anonymiseLead(id: string, now: number): Promise<LeadRecord> {
    const [row] = this.#returning(SQL.anonymiseLead, now, id) as (LeadRecord | undefined)[];
    if (!row) throw new LeadNotFoundError(id);
    return toLead(row);
  }

  async findLead(id: string): Promise<LeadRecord> {
    const row = this.#prepare(SQL.findLead).get(id) as LeadRecord | undefined;
    if (!row) throw new LeadNotFoundError(id);
    return toLead(row);
  }

  async addLeadNote(note: NewLeadNote, now: number): Promise<LeadNote> {
    const call = { slot: note.slot ?? null, timeZone: note.timeZone ?? null };
    return this.#insertNote(note.leadId, note.kind, note.text, note.author, now, call);
  }

  #insertNote(
    leadId: string,
    kind: LeadNote['kind'],
    text: string | null,
    author: NoteAuthor,
    now: number,
    call: Pick<NewLead, 'slot' | 'timeZone'> = { slot: null, timeZone: null },
  ) {
    const [{ seq }] = this.#returning(
      SQL.insertNote,
      leadId,
      kind,
      text,
      author.id,
      author.name,
      now,
      call.slot,
      call.timeZone,
    ) as [{ seq: number }];
    return toNote({
      seq,
      lead_id: leadId,
      kind,
      text,
      author_id: author.id,
      author_name: author.name,
      created_at: now,
      slot: call.slot,
      time_zone: call.timeZone,
    });
  }

  async listLeadNotes(leadId: string, limit: number): Promise<LeadNote[]> {
    // why: node:sqlite types rows as generic records; SQL.listNotes selects exactly NoteRow's columns.
    return (this.#prepare(SQL.listNotes).all(leadId, limit) as unknown as NoteRow[]).map(toNote);
  }

  async recordPrivacyAction(
    leadId: string,
    kind: 'anonymised' | 'deleted',
    author: NoteAuthor,
    now: number,
  ): Promise<LeadNote> {
    const db = this.#open;
    db.exec('BEGIN IMMEDIATE');
    try {
      this.#prepare(SQL.dropNotes).run(leadId);
      const entry = this.#insertNote(leadId, kind, null, author, now);
      db.exec('COMMIT');
      return entry;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }

  async recordLeadsVisit(userId: string, now: number, gapMs: number): Promise<number | null> {
    const [row] = this.#returning(SQL.recordLeadsVisit, userId, now, gapMs) as [{ since: number | null }];
    return row.since === null ? null : Number(row.since);
  }

  async setLeadStatus(id: string, status: LeadStatus, now: number): Promise<LeadRecord> {
    const [row] = this.#returning(SQL.setLeadStatus, status, now, id) as (LeadRecord | undefined)[];
    if (!row) throw new LeadNotFoundError(id);
    return toLead(row);
  }

  async releaseLead(id: string, now: number, messages: LeadMessages): Promise<LeadRecord> {
    return this.#outbox.transaction(() => {
      const [row] = this.#returning(SQL.releaseLead, now, id) as (LeadRecord | undefined)[];
      if (!row) {
        if (this.#prepare(SQL.findLead).get(id) === undefined) throw new LeadNotFoundError(id);
        throw new LeadNotHeldError(id);
      }
      const lead = toLead(row);
      // The owner hears of it for the first time, whatever repeats it collected while held.
      this.#outbox.insert(leadMessagesFor(messages, { requests: 1 }), now);
      return lead;
    });
  }

  async deleteLeadsCreatedBefore(cutoff: number): Promise<number> {
    return Number(this.#prepare(SQL.deleteLeadsCreatedBefore).run(cutoff).changes);
  }

  async close(): Promise<void> {
    this.#statements.clear();
    this.#db?.close();
    this.#db = undefined;
  }
}
