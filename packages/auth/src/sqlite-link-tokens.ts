import type { DatabaseSync } from 'node:sqlite';
import type { LinkPurpose, LinkTokenStore, NewLinkToken } from './link-tokens.ts';
import type { NewOutboxMessage } from './outbox.ts';
import type { SqliteOutbox } from './sqlite-outbox.ts';

/** The one-time links of a `SqliteStore` (also in Airtable mode: the local file). */
export class SqliteLinkTokens implements LinkTokenStore {
  readonly #db: () => DatabaseSync;
  readonly #outbox: SqliteOutbox;

  constructor(db: () => DatabaseSync, outbox: SqliteOutbox) {
    this.#db = db;
    this.#outbox = outbox;
  }

  async issueLinkToken(link: NewLinkToken, messages: readonly NewOutboxMessage[]): Promise<void> {
    this.#outbox.transaction(() => {
      const db = this.#db();
      db.prepare('DELETE FROM link_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL').run(
        link.userId,
        link.purpose,
      );
      db.prepare(
        'INSERT INTO link_tokens (hash, user_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      ).run(link.hash, link.userId, link.purpose, link.createdAt, link.expiresAt);
      this.#outbox.insert(messages, link.createdAt);
    });
  }

  async consumeLinkToken(
    hash: string,
    now: number,
  ): Promise<{ userId: string; purpose: LinkPurpose } | undefined> {
    // One statement: of two uses at once, one gets the row. all(), never get(): node:sqlite's
    // get() on a write with RETURNING returns the row even when the commit fails (a full disk).
    // why: node:sqlite types rows as generic records; the query selects exactly these columns.
    const [row] = this.#db()
      .prepare(
        `UPDATE link_tokens SET used_at = ? WHERE hash = ? AND used_at IS NULL AND expires_at > ?
         RETURNING user_id AS userId, purpose`,
      )
      .all(now, hash, now) as unknown as ({ userId: string; purpose: LinkPurpose } | undefined)[];
    return row ? { userId: row.userId, purpose: row.purpose } : undefined;
  }
}
