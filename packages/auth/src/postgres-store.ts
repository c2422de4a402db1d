import { randomUUID } from 'node:crypto';
import postgres, { type Options, type Sql } from 'postgres';
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
  STORE_FAILED,
  STORE_UNAVAILABLE,
  UserNotFoundError,
  UserStoreError,
} from './errors.ts';
import { postgresConnectionOptions } from './postgres-connection.ts';
import { migratePostgres } from './postgres-migrations.ts';
import type { OutboxStore } from './outbox.ts';
import { PostgresOutbox } from './postgres-outbox.ts';
import type { LinkTokenStore } from './link-tokens.ts';
import { PostgresLinkTokens } from './postgres-link-tokens.ts';
import { PostgresCallReports } from './postgres-call-reports.ts';
import { decodeCursor, encodeCursor } from './postgres-cursor.ts';
import { PostgresLeads } from './postgres-leads.ts';
import { PostgresPublishedSamples } from './postgres-published-samples.ts';
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

/**
 * PostgreSQL (`DATABASE_URL`), for several server instances on one database: a bounded
 * pool per instance, a statement timeout, versioned migrations at first use under an
 * advisory lock, and every rule two instances must agree on enforced by the database
 * (unique lower-cased email, at least one Admin, atomic counters, one report per call).
 */
export class PostgresStore implements Store, UserStore, SessionStore, AttemptStore {
  readonly #sql: Sql;
  readonly #deadlineMs: number;
  #ready: Promise<void> | undefined;
  #hits = 0;
  readonly #maxAttemptRows: number;
  readonly #outbox = new PostgresOutbox((work) => this.#run(work));
  readonly #linkTokens = new PostgresLinkTokens((work) => this.#run(work));
  readonly #publishedSamples = new PostgresPublishedSamples((work) => this.#run(work));
  readonly #callReports = new PostgresCallReports((work) => this.#run(work));
  readonly #leads = new PostgresLeads((work) => this.#run(work));

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

  async close(): Promise<void> {
    await this.#sql.end({ timeout: 5 });
  }
}
