import type { Sql } from 'postgres';
import type { LinkPurpose, LinkTokenStore, NewLinkToken } from './link-tokens.ts';
import type { NewOutboxMessage } from './outbox.ts';
import { insertOutbox } from './postgres-outbox.ts';

/** The one-time links of a `PostgresStore`; `run` migrates first and wraps the driver's errors. */
export class PostgresLinkTokens implements LinkTokenStore {
  readonly #run: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;

  constructor(run: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>) {
    this.#run = run;
  }

  issueLinkToken(link: NewLinkToken, messages: readonly NewOutboxMessage[]): Promise<void> {
    return this.#run((sql) =>
      sql.begin(async (tx) => {
        await tx`DELETE FROM link_tokens
                 WHERE user_id = ${link.userId} AND purpose = ${link.purpose} AND used_at IS NULL`;
        await tx`INSERT INTO link_tokens (hash, user_id, purpose, created_at, expires_at)
                 VALUES (${link.hash}, ${link.userId}, ${link.purpose}, ${link.createdAt}, ${link.expiresAt})`;
        await insertOutbox(tx, messages, link.createdAt);
      }),
    );
  }

  consumeLinkToken(hash: string, now: number): Promise<{ userId: string; purpose: LinkPurpose } | undefined> {
    return this.#run(async (sql) => {
      const [row] = await sql<{ user_id: string; purpose: LinkPurpose }[]>`
        UPDATE link_tokens SET used_at = ${now}
        WHERE hash = ${hash} AND used_at IS NULL AND expires_at > ${now}
        RETURNING user_id, purpose`;
      return row ? { userId: row.user_id, purpose: row.purpose } : undefined;
    });
  }
}
