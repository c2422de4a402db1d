import type { DatabaseSync } from 'node:sqlite';
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
  payload: string;
  status: OutboxStatus;
  attempts: number;
  created_at: number;
  next_attempt_at: number;
  last_error: string | null;
  sent_at: number | null;
}

const KINDS = ['email', 'webhook'] as const;

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  topic: row.topic,
  payload: JSON.parse(row.payload) as OutboxMessage['payload'],
  status: row.status,
  attempts: Number(row.attempts),
  createdAt: Number(row.created_at),
  nextAttemptAt: Number(row.next_attempt_at),
  lastError: row.last_error,
  sentAt: row.sent_at === null ? null : Number(row.sent_at),
});

/** The outbox table of a `SqliteStore` (or of the local file in Airtable mode). */
export class SqliteOutbox implements OutboxStore {
  readonly #db: () => DatabaseSync;

  constructor(db: () => DatabaseSync) {
    this.#db = db;
  }

  /** Inserts without a transaction of its own: callers inside one (createLead) share it. */
  insert(messages: readonly NewOutboxMessage[], now: number, notBefore = now): string[] {
    const statement = this.#db().prepare(
      `INSERT INTO outbox (id, topic, kind, recipient, payload, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    );
    return messages.map((message) => {
      const id = outboxIdOf(message);
      statement.run(
        id,
        message.topic,
        message.payload.kind,
        outboxRecipient(message.payload),
        JSON.stringify(message.payload),
        notBefore,
        now,
      );
      return id;
    });
  }

  /** Runs `work` in one write transaction. */
  transaction<T>(work: () => T): T {
    const db = this.#db();
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }

  async enqueue(messages: readonly NewOutboxMessage[], now: number, notBefore = now): Promise<string[]> {
    return this.transaction(() => this.insert(messages, now, notBefore));
  }

  async release(ids: readonly string[], now: number): Promise<void> {
    const statement = this.#db().prepare(
      `UPDATE outbox SET next_attempt_at = min(next_attempt_at, ?) WHERE id = ? AND status = 'pending'`,
    );
    for (const id of ids) statement.run(now, id);
  }

  async cancel(ids: readonly string[]): Promise<void> {
    const statement = this.#db().prepare(`DELETE FROM outbox WHERE id = ? AND status = 'pending'`);
    for (const id of ids) statement.run(id);
  }

  async claim({ owner, limit, leaseMs, now, kinds = KINDS }: ClaimOptions): Promise<OutboxMessage[]> {
    // One statement: SQLite runs it under the database's write lock, so two processes on
    // one file never claim the same row.
    // why: node:sqlite types rows as generic records; the query selects exactly OutboxRow's columns.
    const rows = this.#db()
      .prepare(
        `UPDATE outbox SET lease_owner = ?, lease_until = ?, attempts = attempts + 1
         WHERE seq IN (SELECT seq FROM outbox
                       WHERE status = 'pending' AND next_attempt_at <= ? AND lease_until <= ?
                         AND kind IN (?, ?)
                       ORDER BY next_attempt_at, seq LIMIT ?)
         RETURNING *`,
      )
      .all(owner, now + leaseMs, now, now, kinds[0] ?? '', kinds[1] ?? '', limit) as unknown as OutboxRow[];
    return rows.map(toMessage).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt);
  }

  async markSent(id: string, owner: string, now: number): Promise<boolean> {
    return this.#finish(
      `UPDATE outbox SET status = 'sent', sent_at = ?, lease_until = 0, last_error = NULL
       WHERE id = ? AND lease_owner = ? AND status = 'pending'`,
      now,
      id,
      owner,
    );
  }

  async retryLater(id: string, owner: string, error: string, retryAt: number): Promise<boolean> {
    return this.#finish(
      `UPDATE outbox SET last_error = ?, next_attempt_at = ?, lease_until = 0
       WHERE id = ? AND lease_owner = ? AND status = 'pending'`,
      clipError(error),
      retryAt,
      id,
      owner,
    );
  }

  async markFailed(id: string, owner: string, error: string, now: number): Promise<boolean> {
    return this.#finish(
      `UPDATE outbox SET status = 'failed', last_error = ?, sent_at = ?, lease_until = 0
       WHERE id = ? AND lease_owner = ? AND status = 'pending'`,
      clipError(error),
      now,
      id,
      owner,
    );
  }

  #finish(sql: string, ...values: (string | number)[]): boolean {
    return (
      Number(
        this.#db()
          .prepare(sql)
          .run(...values).changes,
      ) === 1
    );
  }

  async summary({ failureLimit = 10 }: { failureLimit?: number } = {}): Promise<OutboxSummary> {
    const db = this.#db();
    const counts = db
      .prepare(
        `SELECT coalesce(sum(status = 'pending'), 0) AS waiting, coalesce(sum(status = 'failed'), 0) AS failed
         FROM outbox WHERE status <> 'sent'`,
      )
      .get() as { waiting: number; failed: number };
    // why: node:sqlite types rows as generic records; the query selects exactly these columns.
    const failures = db
      .prepare(
        `SELECT id, topic, recipient, last_error AS error, sent_at AS failedAt FROM outbox
         WHERE status = 'failed' ORDER BY sent_at DESC, seq DESC LIMIT ?`,
      )
      .all(failureLimit) as unknown as OutboxSummary['failures'];
    return {
      waiting: Number(counts.waiting),
      failed: Number(counts.failed),
      failures: failures.map((f) => ({ ...f, error: f.error ?? '', failedAt: Number(f.failedAt) })),
    };
  }

  async findMessage(id: string): Promise<OutboxMessage | undefined> {
    const row = this.#db().prepare('SELECT * FROM outbox WHERE id = ?').get(id) as OutboxRow | undefined;
    return row ? toMessage(row) : undefined;
  }
}
