import { randomUUID } from 'node:crypto';
import postgres, { type Options, type Sql, type TransactionSql } from 'postgres';
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
  DuplicateEmailError,
  LastAdminError,
  LeadNotFoundError,
  LeadNotHeldError,
  STORE_FAILED,
  STORE_UNAVAILABLE,
  UserNotFoundError,
  UserStoreError,
} from './errors.ts';
import { leadSearchText, repeatSearchText, searchWords, VISITOR_AUTHOR_ID } from './lead-record.ts';
import { postgresConnectionOptions } from './postgres-connection.ts';
import { migratePostgres } from './postgres-migrations.ts';
import type { OutboxStore } from './outbox.ts';
import { insertOutbox, PostgresOutbox } from './postgres-outbox.ts';
import type { LinkTokenStore } from './link-tokens.ts';
import { PostgresLinkTokens } from './postgres-link-tokens.ts';
import { PostgresCallReports } from './postgres-call-reports.ts';
import { decodeCursor, encodeCursor } from './postgres-cursor.ts';
import { PostgresPublishedSamples } from './postgres-published-samples.ts';
import type {
  AttemptCount,
  AttemptStore,
  CallReportStore,
  LeadFilter,
  LeadMessages,
  NewLeadNote,
  LeadPage,
  LeadLanguage,
  LeadRecord,
  LeadStatus,
  LeadNote,
  LeadNoteStore,
  LeadStore,
  LeadVisitStore,
  NoteAuthor,
  NewLead,
  NewLeadStatus,
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

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/db?sslmode=…` (see `postgresConnectionOptions`). */
  url: string;
  /** Connections this instance opens at most (default 10). Size it so instances × size < max_connections. */
  poolSize?: number;
  /**
   * Server-side limit for one statement (default 1 200 ms); a slower one fails with a 503. The
   * client also gives up 200 ms later (a stopped or frozen server answers nothing at all).
   */
  statementTimeoutMs?: number;
  /** Schema to use instead of the connection's default (tests give each case its own). */
  schema?: string;
  /** The throttle counters' capacity in rows (`attempt-cap.ts`). */
  maxAttemptRows?: number;
  /** Anything else for the driver (TLS objects, timeouts); wins over the URL. */
  driver?: Options<Record<string, never>>;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 1_200;
/** How much longer than the statement timeout the client waits for any answer. */
const CLIENT_GRACE_MS = 200;
const TOO_SLOW = 'The database took too long to answer. Try again in a moment.';

const USER_COLUMNS = 'id, name, email, password, role';

interface PgErrorLike {
  code?: string;
  constraint_name?: string;
  message?: string;
}

/** Turns what the driver throws into the store's errors, so nothing above knows Postgres. */
function wrap(error: unknown): UserStoreError {
  if (error instanceof UserStoreError) return error;
  const e = (error ?? {}) as PgErrorLike;
  const message = e.message ?? String(error);
  const fromServer = error instanceof postgres.PostgresError;
  if (fromServer && e.code === '57014') {
    return new UserStoreError(TOO_SLOW, 503, { cause: error, publicMessage: STORE_UNAVAILABLE });
  }
  // Not answered by the server: the driver's connection codes (CONNECT_TIMEOUT,
  // CONNECTION_CLOSED…), socket errors (ECONNREFUSED…), TLS refusals (SELF_SIGNED_CERT_IN_CHAIN,
  // ERR_TLS_CERT_ALTNAME_INVALID…); or the server's connection-exception (08) and shutdown
  // (57P) classes.
  const unreachable = fromServer
    ? e.code?.startsWith('08') || e.code?.startsWith('57P')
    : /^[A-Z][A-Z0-9_]+$/.test(e.code ?? '') && !/^ERR_(?!TLS|SSL)/.test(e.code ?? '');
  if (unreachable) {
    return new UserStoreError(
      `Could not reach the database: ${message}. Check DATABASE_URL and that PostgreSQL is running.`,
      503,
      { cause: error, publicMessage: STORE_UNAVAILABLE },
    );
  }
  return new UserStoreError(`The database refused the request: ${message}`, 500, {
    cause: error,
    publicMessage: STORE_FAILED,
  });
}

const toNumber = (value: unknown): number => Number(value);

interface SessionRow {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

interface LeadRow {
  seq: string;
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string | null;
  slot: string | null;
  time_zone: string | null;
  language: LeadLanguage;
  source_page: string;
  status: LeadStatus;
  created_at: string;
  updated_at: string;
  requests: number;
  last_request_at: string;
}

async function insertNote(
  sql: Sql | TransactionSql,
  leadId: string,
  kind: LeadNote['kind'],
  text: string | null,
  author: NoteAuthor,
  now: number,
  call: Pick<NewLead, 'slot' | 'timeZone'> = { slot: null, timeZone: null },
): Promise<LeadNote> {
  const [row] = await sql<NoteRow[]>`
    INSERT INTO lead_notes (lead_id, kind, text, author_id, author_name, created_at, slot, time_zone)
    VALUES (${leadId}, ${kind}, ${text}, ${author.id}, ${author.name}, ${now}, ${call.slot},
            ${call.timeZone}) RETURNING *`;
  return toNote(row!);
}

/** A lead filter as SQL conditions joined with AND (`true` when it has none). */
function leadWhere(sql: Sql, filter: LeadFilter) {
  const conditions = [
    // strpos, not LIKE: no wildcards to escape; the needle is lower-cased like the text.
    ...searchWords(filter.search).map((word) => sql`strpos(search_text, ${word}) > 0`),
    ...(filter.status === undefined ? [] : [sql`status = ${filter.status}`]),
    ...(filter.from === undefined ? [] : [sql`created_at >= ${filter.from}`]),
    ...(filter.to === undefined ? [] : [sql`created_at < ${filter.to}`]),
    ...(filter.requestedFrom === undefined ? [] : [sql`last_request_at >= ${filter.requestedFrom}`]),
    ...(filter.sourcePage === undefined ? [] : [sql`source_page = ${filter.sourcePage}`]),
    ...(filter.language === undefined ? [] : [sql`language = ${filter.language}`]),
  ];
  return conditions.reduce((all, condition) => sql`${all} AND ${condition}`, sql`true`);
}

const toLead = (row: LeadRow): LeadRecord => ({
  id: row.id,
  name: row.name,
  email: row.email,
  company: row.company,
  phone: row.phone,
  message: row.message,
  slot: row.slot,
  timeZone: row.time_zone,
  language: row.language,
  sourcePage: row.source_page,
  status: row.status,
  createdAt: toNumber(row.created_at),
  updatedAt: toNumber(row.updated_at),
  requests: Number(row.requests),
  lastRequestAt: toNumber(row.last_request_at),
});

/**
 * PostgreSQL (`DATABASE_URL`), for several server instances on one database: a bounded
 * pool per instance, a statement timeout, versioned migrations at first use under an
 * advisory lock, and every rule two instances must agree on enforced by the database
 * (unique lower-cased email, at least one Admin, atomic counters, one report per call).
 */
export class PostgresStore
  implements Store, UserStore, SessionStore, AttemptStore, LeadStore, LeadVisitStore, LeadNoteStore
{
  readonly #sql: Sql;
  readonly #deadlineMs: number;
  #ready: Promise<void> | undefined;
  #hits = 0;
  readonly #maxAttemptRows: number;
  readonly #outbox = new PostgresOutbox((work) => this.#run(work));
  readonly #linkTokens = new PostgresLinkTokens((work) => this.#run(work));
  readonly #publishedSamples = new PostgresPublishedSamples((work) => this.#run(work));
  readonly #callReports = new PostgresCallReports((work) => this.#run(work));

  constructor(options: PostgresStoreOptions) {
    const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const fromUrl = postgresConnectionOptions(options.url);
    this.#deadlineMs = statementTimeoutMs + CLIENT_GRACE_MS;
    this.#maxAttemptRows = checkMaxAttemptRows(options.maxAttemptRows ?? DEFAULT_MAX_ATTEMPT_ROWS);
    this.#sql = postgres(fromUrl.url, {
      max: poolSize,
      connect_timeout: Math.max(1, Math.ceil(this.#deadlineMs / 1000)),
      idle_timeout: 60,
      onnotice: () => {},
      // postgres.js runs its catalogue query for array types on each new connection and drops
      // that promise: a reset there is an unhandled rejection that kills Node (porsager/postgres
      // #1192). No statement here sends or reads an array parameter (lists go through `IN
      // ${sql(list)}`), so the query is not needed; postgres-connect-reset.test.ts guards it.
      fetch_types: false,
      ...fromUrl.options,
      ...options.driver,
      connection: {
        application_name: 'voxdesk',
        statement_timeout: statementTimeoutMs,
        ...(options.schema ? { search_path: options.schema } : {}),
        ...options.driver?.connection,
      },
    });
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

  /** Applies pending migrations (once per instance; a failure is retried by the next call). */
  migrate(): Promise<void> {
    this.#ready ??= migratePostgres(this.#sql).then(
      () => undefined,
      (error: unknown) => {
        this.#ready = undefined;
        const wrapped = wrap(error);
        throw wrapped.status === 500
          ? new UserStoreError(`Could not migrate the database schema: ${wrapped.message}`, 500, {
              cause: error,
            })
          : wrapped;
      },
    );
    return this.#ready;
  }

  /**
   * Runs `work` once the schema is current, with the driver's errors wrapped, and answers a
   * 503 when nothing came back in time (a stopped or frozen server, all connections stuck):
   * the work itself goes on, and the pool recovers when the server answers again.
   */
  async #run<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const running = (async () => {
      await this.migrate();
      try {
        return await work(this.#sql);
      } catch (error) {
        throw wrap(error);
      }
    })();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new UserStoreError(TOO_SLOW, 503, { publicMessage: STORE_UNAVAILABLE })),
        this.#deadlineMs,
      );
    });
    try {
      return await Promise.race([running, deadline]);
    } finally {
      clearTimeout(timer);
      running.catch(() => {});
    }
  }

  findByEmail(email: string): Promise<UserRecord | undefined> {
    return this.#run(async (sql) => {
      const [row] = await sql<UserRecord[]>`
        SELECT ${sql.unsafe(USER_COLUMNS)} FROM users WHERE lower(email) = lower(${normalizeEmail(email)})`;
      return row ? { ...row } : undefined;
    });
  }

  findById(id: string): Promise<UserRecord | undefined> {
    return this.#run(async (sql) => {
      const [row] = await sql<UserRecord[]>`SELECT ${sql.unsafe(USER_COLUMNS)} FROM users WHERE id = ${id}`;
      return row ? { ...row } : undefined;
    });
  }

  list(): Promise<PublicUser[]> {
    return this.#run(async (sql) => {
      const rows = await sql<PublicUser[]>`SELECT id, name, email, role FROM users ORDER BY seq`;
      return rows.map((row) => ({ ...row }));
    });
  }

  listPage({ limit, after }: { limit: number; after?: string }): Promise<UserPage> {
    return this.#run(async (sql) => {
      const [from] = after === undefined ? [0] : decodeCursor(after, 1);
      const rows = await sql<(PublicUser & { seq: string })[]>`
        SELECT seq, id, name, email, role FROM users WHERE seq > ${from!} ORDER BY seq LIMIT ${limit + 1}`;
      const users = rows.slice(0, limit).map(({ id, name, email, role }) => ({ id, name, email, role }));
      return rows.length > limit ? { users, next: encodeCursor([rows[limit - 1]!.seq]) } : { users };
    });
  }

  create(user: NewUser): Promise<PublicUser> {
    return this.#insert(user, 'Client');
  }

  createAdmin(user: NewUser): Promise<PublicUser> {
    return this.#insert(user, 'Admin');
  }

  #insert(user: NewUser, role: Role): Promise<PublicUser> {
    const id = `usr_${randomUUID().replace(/-/g, '')}`;
    const email = normalizeEmail(user.email);
    return this.#run(async (sql) => {
      try {
        await sql`INSERT INTO users (id, name, email, password, role)
                  VALUES (${id}, ${user.name}, ${email}, ${user.password}, ${role})`;
      } catch (error) {
        const e = error as PgErrorLike;
        if (e.code === '23505' && e.constraint_name === 'users_email_key') {
          throw new DuplicateEmailError(email, { cause: error });
        }
        throw error;
      }
      return { id, name: user.name, email, role };
    });
  }

  remove(id: string): Promise<void> {
    return this.#run((sql) =>
      sql.begin(async (tx) => {
        // Lock every Admin row and the target, in one order: a concurrent removal waits here
        // and then sees the row this one deleted as gone, so two Admins removing each other
        // cannot both succeed.
        const rows = await tx<{ id: string; role: Role }[]>`
          SELECT id, role FROM users WHERE role = 'Admin' OR id = ${id} ORDER BY seq FOR UPDATE`;
        const target = rows.find((row) => row.id === id);
        if (!target) throw new UserNotFoundError(id);
        if (target.role === 'Admin' && rows.filter((row) => row.role === 'Admin').length <= 1) {
          throw new LastAdminError();
        }
        await tx`DELETE FROM users WHERE id = ${id}`;
      }),
    );
  }

  setPassword(id: string, password: string): Promise<void> {
    return this.#run(async (sql) => {
      const result = await sql`UPDATE users SET password = ${password} WHERE id = ${id}`;
      if (result.count === 0) throw new UserNotFoundError(id);
    });
  }

  createSession(s: SessionRecord): Promise<void> {
    return this.#run(async (sql) => {
      await sql`INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at)
                VALUES (${s.id}, ${s.userId}, ${s.createdAt}, ${s.lastSeenAt}, ${s.expiresAt})`;
    });
  }

  findSession(id: string): Promise<SessionRecord | undefined> {
    return this.#run(async (sql) => {
      const [row] = await sql<SessionRow[]>`
        SELECT id, user_id, created_at, last_seen_at, expires_at FROM sessions WHERE id = ${id}`;
      return row
        ? {
            id: row.id,
            userId: row.user_id,
            createdAt: toNumber(row.created_at),
            lastSeenAt: toNumber(row.last_seen_at),
            expiresAt: toNumber(row.expires_at),
          }
        : undefined;
    });
  }

  touchSession(id: string, lastSeenAt: number): Promise<void> {
    return this.#run(async (sql) => {
      await sql`UPDATE sessions SET last_seen_at = greatest(last_seen_at, ${lastSeenAt}) WHERE id = ${id}`;
    });
  }

  deleteSession(id: string): Promise<void> {
    return this.#run(async (sql) => {
      await sql`DELETE FROM sessions WHERE id = ${id}`;
    });
  }

  deleteUserSessions(userId: string): Promise<number> {
    return this.#run(async (sql) => (await sql`DELETE FROM sessions WHERE user_id = ${userId}`).count);
  }

  deleteExpiredSessions(now: number, idleSince: number): Promise<number> {
    return this.#run(
      async (sql) =>
        (await sql`DELETE FROM sessions WHERE expires_at <= ${now} OR last_seen_at < ${idleSince}`).count,
    );
  }

  hitAttempt(key: string, windowMs: number, now: number): Promise<AttemptCount> {
    return this.#run(async (sql) => {
      await this.#sweepAttempts(sql, now);
      // Atomic count-and-return: ON CONFLICT takes the row lock, so parallel hits (from any
      // instance) queue on it and each sees the count the previous one left.
      const [row] = await sql<{ count: number; reset_at: string }[]>`
        INSERT INTO attempts AS a (key, count, reset_at) VALUES (${key}, 1, ${now + windowMs})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN a.reset_at <= ${now} THEN 1 ELSE a.count + 1 END,
          reset_at = CASE WHEN a.reset_at <= ${now} THEN ${now + windowMs} ELSE a.reset_at END
        RETURNING count, reset_at`;
      return { count: row!.count, resetAt: toNumber(row!.reset_at) };
    });
  }

  /**
   * Keeps the counters within their cap (see attempt-cap.ts). Each instance looks every
   * ATTEMPT_SWEEP_EVERY of its own hits, so N instances pass the cap by at most N - 1 sweeps' worth.
   */
  async #sweepAttempts(sql: Sql, now: number): Promise<void> {
    const hit = this.#hits++;
    if (hit % ATTEMPT_PRUNE_EVERY === 0) await sql`DELETE FROM attempts WHERE reset_at <= ${now}`;
    if (hit % ATTEMPT_SWEEP_EVERY !== 0) return;
    const [row] = await sql<{ n: string }[]>`SELECT count(*) AS n FROM attempts`;
    const excess = attemptRowsToEvict(Number(row!.n), this.#maxAttemptRows);
    if (excess === 0) return;
    await sql`DELETE FROM attempts WHERE key IN (
                SELECT key FROM attempts ORDER BY ${sql.unsafe(attemptEvictionOrder(String(now)))}
                LIMIT ${excess})`;
  }

  undoAttempt(key: string): Promise<void> {
    return this.#run(async (sql) => {
      await sql`UPDATE attempts SET count = GREATEST(count - 1, 0) WHERE key = ${key}`;
    });
  }

  peekAttempt(key: string, now: number): Promise<number> {
    return this.#run(async (sql) => {
      const [row] = await sql<{ count: number }[]>`
        SELECT count FROM attempts WHERE key = ${key} AND reset_at > ${now}`;
      return row ? row.count : 0;
    });
  }

  clearAttempts(key: string): Promise<void> {
    return this.#run(async (sql) => {
      await sql`DELETE FROM attempts WHERE key = ${key}`;
    });
  }

  createLead(
    lead: NewLead,
    now: number,
    messages?: LeadMessages,
    status: NewLeadStatus = 'new',
  ): Promise<LeadRecord> {
    const request = { ...lead, email: normalizeEmail(lead.email) };
    // One transaction holding a lock on the address (every instance takes the same one): a
    // second request of the same address waits, then finds this lead. The lead, its log entry
    // and its notifications commit together, or none does.
    return this.#run((sql) =>
      sql.begin(async (sql) => {
        let row: LeadRow | undefined;
        if (request.email !== '') {
          await sql`SELECT pg_advisory_xact_lock(hashtext('voxdesk.lead.' || ${request.email}))`;
          [row] = await sql<LeadRow[]>`
            UPDATE leads SET requests = requests + 1,
              last_request_at = greatest(last_request_at, ${now}), updated_at = greatest(updated_at, ${now}),
              slot = coalesce(${request.slot}, slot),
              time_zone = CASE WHEN ${request.slot}::text IS NULL THEN time_zone ELSE ${request.timeZone} END,
              phone = coalesce(${request.phone}, phone), company = coalesce(${request.company}, company),
              search_text = search_text || ${`\n${repeatSearchText(request)}`}
            WHERE seq = (SELECT max(seq) FROM leads WHERE email = ${request.email})
            RETURNING *`;
        }
        if (row) {
          const author = { id: VISITOR_AUTHOR_ID, name: request.name };
          await insertNote(sql, row.id, 'request', request.message, author, now, request);
        } else {
          const id = `lead_${randomUUID().replace(/-/g, '')}`;
          [row] = await sql<LeadRow[]>`
            INSERT INTO leads (id, name, email, company, phone, message, slot, time_zone, language,
                               source_page, status, created_at, updated_at, search_text, last_request_at)
            VALUES (${id}, ${request.name}, ${request.email}, ${request.company}, ${request.phone},
                    ${request.message}, ${request.slot}, ${request.timeZone}, ${request.language},
                    ${request.sourcePage}, ${status}, ${now}, ${now}, ${leadSearchText(request)}, ${now})
            RETURNING *`;
        }
        const stored = toLead(row!);
        // A held lead's notifications wait for its release (releaseLead), repeats' too.
        if (stored.status !== 'held') await insertOutbox(sql, leadMessagesFor(messages, stored), now);
        return stored;
      }),
    );
  }

  listLeads({ limit, after, ...filter }: { limit: number; after?: string } & LeadFilter): Promise<LeadPage> {
    return this.#run(async (sql) => {
      const bound = after === undefined ? undefined : decodeCursor(after, 2);
      const rows = await sql<LeadRow[]>`
        SELECT * FROM leads WHERE ${leadWhere(sql, filter)}
        ${bound ? sql`AND (created_at, seq) < (${bound[0]!}, ${bound[1]!})` : sql``}
        ORDER BY created_at DESC, seq DESC LIMIT ${limit + 1}`;
      const leads = rows.slice(0, limit).map(toLead);
      const last = rows[limit - 1];
      return rows.length > limit && last
        ? { leads, next: encodeCursor([last.created_at, last.seq]) }
        : { leads };
    });
  }

  countLeads(filter: LeadFilter): Promise<number> {
    return this.#run(async (sql) => {
      const [row] = await sql<
        { count: string }[]
      >`SELECT count(*) AS count FROM leads WHERE ${leadWhere(sql, filter)}`;
      return toNumber(row!.count);
    });
  }

  deleteLead(id: string): Promise<void> {
    return this.#run(async (sql) => {
      const result = await sql`DELETE FROM leads WHERE id = ${id}`;
      if (result.count === 0) throw new LeadNotFoundError(id);
    });
  }

  anonymiseLead(id: string, now: number): Promise<LeadRecord> {
    return this.#run(async (sql) => {
      const [row] = await sql<LeadRow[]>`
        UPDATE leads SET name = 'Anonymised', email = '', company = NULL, phone = NULL, message = NULL,
          slot = NULL, time_zone = NULL, search_text = '', updated_at = greatest(updated_at, ${now})
        WHERE id = ${id} RETURNING *`;
      if (!row) throw new LeadNotFoundError(id);
      return toLead(row);
    });
  }

  findLead(id: string): Promise<LeadRecord> {
    return this.#run(async (sql) => {
      const [row] = await sql<LeadRow[]>`SELECT * FROM leads WHERE id = ${id}`;
      if (!row) throw new LeadNotFoundError(id);
      return toLead(row);
    });
  }

  addLeadNote(note: NewLeadNote, now: number): Promise<LeadNote> {
    const call = { slot: note.slot ?? null, timeZone: note.timeZone ?? null };
    return this.#run(async (sql) =>
      insertNote(sql, note.leadId, note.kind, note.text, note.author, now, call),
    );
  }

  listLeadNotes(leadId: string, limit: number): Promise<LeadNote[]> {
    return this.#run(async (sql) => {
      const rows = await sql<NoteRow[]>`
        SELECT * FROM (SELECT * FROM lead_notes WHERE lead_id = ${leadId} ORDER BY seq DESC LIMIT ${limit}) AS newest
        ORDER BY seq`;
      return rows.map(toNote);
    });
  }

  recordPrivacyAction(
    leadId: string,
    kind: 'anonymised' | 'deleted',
    author: NoteAuthor,
    now: number,
  ): Promise<LeadNote> {
    return this.#run((sql) =>
      sql.begin(async (tx) => {
        await tx`DELETE FROM lead_notes WHERE lead_id = ${leadId}`;
        return insertNote(tx, leadId, kind, null, author, now);
      }),
    );
  }

  recordLeadsVisit(userId: string, now: number, gapMs: number): Promise<number | null> {
    return this.#run(async (sql) => {
      // One statement, as on SQLite: a look more than gapMs after the last starts a new visit.
      const [row] = await sql<{ since: string | null }[]>`
        INSERT INTO lead_visits AS v (user_id, since, seen_at) VALUES (${userId}, NULL, ${now})
        ON CONFLICT (user_id) DO UPDATE SET
          since = CASE WHEN ${now}::bigint - v.seen_at > ${gapMs}::bigint THEN v.seen_at ELSE v.since END,
          seen_at = greatest(v.seen_at, ${now}::bigint)
        RETURNING since`;
      return row!.since === null ? null : toNumber(row!.since);
    });
  }

  setLeadStatus(id: string, status: LeadStatus, now: number): Promise<LeadRecord> {
    return this.#run(async (sql) => {
      const [row] = await sql<LeadRow[]>`
        UPDATE leads SET status = ${status}, updated_at = greatest(updated_at, ${now})
        WHERE id = ${id} RETURNING *`;
      if (!row) throw new LeadNotFoundError(id);
      return toLead(row);
    });
  }

  releaseLead(id: string, now: number, messages: LeadMessages): Promise<LeadRecord> {
    return this.#run((sql) =>
      sql.begin(async (sql) => {
        // Only a held lead: of two Admins releasing it at once, one gets the row (and the mail).
        const [row] = await sql<LeadRow[]>`
          UPDATE leads SET status = 'new', updated_at = greatest(updated_at, ${now})
          WHERE id = ${id} AND status = 'held' RETURNING *`;
        if (!row) {
          const [exists] = await sql`SELECT 1 FROM leads WHERE id = ${id}`;
          throw exists ? new LeadNotHeldError(id) : new LeadNotFoundError(id);
        }
        // The owner hears of it for the first time, whatever repeats it collected while held.
        await insertOutbox(sql, leadMessagesFor(messages, { requests: 1 }), now);
        return toLead(row);
      }),
    );
  }

  deleteLeadsCreatedBefore(cutoff: number): Promise<number> {
    return this.#run(async (sql) => (await sql`DELETE FROM leads WHERE created_at < ${cutoff}`).count);
  }

  async close(): Promise<void> {
    await this.#sql.end({ timeout: 5 });
  }
}
