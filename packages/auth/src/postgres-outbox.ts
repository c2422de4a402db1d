import type { Sql, TransactionSql } from 'postgres';
import {
  clipError,
  outboxIdOf,
  outboxRecipient,
  type ClaimOptions,
  type NewOutboxMessage,
  type OutboxMessage,
  type OutboxStatus,
  type OutboxStore,
  type OutboxSummary,
} from './outbox.ts';

interface OutboxRow {
  id: string;
  topic: string;
  payload: OutboxMessage['payload'];
  status: OutboxStatus;
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
}

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  topic: row.topic,
  payload: row.payload,
  status: row.status,
  attempts: Number(row.attempts),
  createdAt: Number(row.created_at),
  nextAttemptAt: Number(row.next_attempt_at),
  lastError: row.last_error,
  sentAt: row.sent_at === null ? null : Number(row.sent_at),
});

/** Inserts inside the caller's transaction (a lead and its notifications commit together). */
export async function insertOutbox(
  sql: Sql | TransactionSql,
  messages: readonly NewOutboxMessage[],
  now: number,
  notBefore = now,
): Promise<string[]> {
  const ids: string[] = [];
  for (const message of messages) {
    const id = outboxIdOf(message);
    await sql`INSERT INTO outbox (id, topic, kind, recipient, payload, next_attempt_at, created_at)
              VALUES (${id}, ${message.topic}, ${message.payload.kind}, ${outboxRecipient(message.payload)},
                      ${sql.json(message.payload as Parameters<Sql['json']>[0])}, ${notBefore}, ${now})
              ON CONFLICT (id) DO NOTHING`;
    ids.push(id);
  }
  return ids;
}

/** The outbox table of a `PostgresStore`; `run` migrates first and wraps the driver's errors. */
export class PostgresOutbox implements OutboxStore {
  readonly #run: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;

  constructor(run: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>) {
    this.#run = run;
  }

  enqueue(messages: readonly NewOutboxMessage[], now: number, notBefore = now): Promise<string[]> {
    return this.#run((sql) => sql.begin((tx) => insertOutbox(tx, messages, now, notBefore)));
  }

  release(ids: readonly string[], now: number): Promise<void> {
    return this.#run(async (sql) => {
      await sql`UPDATE outbox SET next_attempt_at = least(next_attempt_at, ${now})
                WHERE id IN ${sql(ids as string[])} AND status = 'pending'`;
    });
  }

  cancel(ids: readonly string[]): Promise<void> {
    return this.#run(async (sql) => {
      await sql`DELETE FROM outbox WHERE id IN ${sql(ids as string[])} AND status = 'pending'`;
    });
  }

  claim({
    owner,
    limit,
    leaseMs,
    now,
    kinds = ['email', 'webhook'],
  }: ClaimOptions): Promise<OutboxMessage[]> {
    return this.#run(async (sql) => {
      // SKIP LOCKED: instances claiming at once each take different rows instead of waiting.
      const rows = await sql<OutboxRow[]>`
        UPDATE outbox SET lease_owner = ${owner}, lease_until = ${now + leaseMs}, attempts = attempts + 1
        WHERE seq IN (SELECT seq FROM outbox
                      WHERE status = 'pending' AND next_attempt_at <= ${now} AND lease_until <= ${now}
                        AND kind IN ${sql(kinds as string[])}
                      ORDER BY next_attempt_at, seq LIMIT ${limit}
                      FOR UPDATE SKIP LOCKED)
        RETURNING *`;
      return rows.map(toMessage).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt);
    });
  }

  markSent(id: string, owner: string, now: number): Promise<boolean> {
    return this.#run(async (sql) => {
      const result = await sql`
        UPDATE outbox SET status = 'sent', sent_at = ${now}, lease_until = 0, last_error = NULL
        WHERE id = ${id} AND lease_owner = ${owner} AND status = 'pending'`;
      return result.count === 1;
    });
  }

  retryLater(id: string, owner: string, error: string, retryAt: number): Promise<boolean> {
    return this.#run(async (sql) => {
      const result = await sql`
        UPDATE outbox SET last_error = ${clipError(error)}, next_attempt_at = ${retryAt}, lease_until = 0
        WHERE id = ${id} AND lease_owner = ${owner} AND status = 'pending'`;
      return result.count === 1;
    });
  }

  markFailed(id: string, owner: string, error: string, now: number): Promise<boolean> {
    return this.#run(async (sql) => {
      const result = await sql`
        UPDATE outbox SET status = 'failed', last_error = ${clipError(error)}, sent_at = ${now}, lease_until = 0
        WHERE id = ${id} AND lease_owner = ${owner} AND status = 'pending'`;
      return result.count === 1;
    });
  }

  summary({ failureLimit = 10 }: { failureLimit?: number } = {}): Promise<OutboxSummary> {
    return this.#run(async (sql) => {
      const [counts] = await sql<{ waiting: string; failed: string }[]>`
        SELECT count(*) FILTER (WHERE status = 'pending') AS waiting,
               count(*) FILTER (WHERE status = 'failed') AS failed
        FROM outbox WHERE status <> 'sent'`;
      const failures = await sql<
        { id: string; topic: string; recipient: string; error: string | null; failed_at: string }[]
      >`
        SELECT id, topic, recipient, last_error AS error, sent_at AS failed_at FROM outbox
        WHERE status = 'failed' ORDER BY sent_at DESC, seq DESC LIMIT ${failureLimit}`;
      return {
        waiting: Number(counts?.waiting ?? 0),
        failed: Number(counts?.failed ?? 0),
        failures: failures.map((f) => ({
          id: f.id,
          topic: f.topic,
          recipient: f.recipient,
          error: f.error ?? '',
          failedAt: Number(f.failed_at),
        })),
      };
    });
  }

  findMessage(id: string): Promise<OutboxMessage | undefined> {
    return this.#run(async (sql) => {
      const [row] = await sql<OutboxRow[]>`SELECT * FROM outbox WHERE id = ${id}`;
      return row ? toMessage(row) : undefined;
    });
  }
}
