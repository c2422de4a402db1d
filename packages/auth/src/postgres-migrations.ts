import type { Sql } from 'postgres';
import { runMigrations } from './migration-plan.ts';

/**
 * Numbered schema migrations for `PostgresStore`, applied in order. `voxdesk_migrations`
 * records each applied version. Append new entries; never edit a released one.
 */
export const POSTGRES_MIGRATIONS: readonly string[] = [
  // 1: users, sessions and login counters (the tables of SQLite migrations 1–3).
  // Emails are stored normalised (trimmed, lower-cased by `normalizeEmail`); the unique
  // index on lower(email) is the database's own guard against a writer that forgets.
  `CREATE TABLE users (
     seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
     id text PRIMARY KEY,
     name text NOT NULL,
     email text NOT NULL,
     password text NOT NULL,
     role text NOT NULL DEFAULT 'Client' CHECK (role IN ('Admin', 'Client')),
     created_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE UNIQUE INDEX users_email_key ON users (lower(email));
   CREATE INDEX users_admins ON users (seq) WHERE role = 'Admin';
   CREATE TABLE sessions (
     id text PRIMARY KEY,
     user_id text NOT NULL,
     created_at bigint NOT NULL,
     last_seen_at bigint NOT NULL,
     expires_at bigint NOT NULL
   );
   CREATE INDEX sessions_user ON sessions (user_id);
   CREATE TABLE attempts (
     key text PRIMARY KEY,
     count integer NOT NULL,
     reset_at bigint NOT NULL
   );
   CREATE INDEX attempts_reset ON attempts (reset_at);`,
  // 2: demo call reports (idempotent by call id) and leads, newest first by their own clock.
  `CREATE TABLE call_reports (
     seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
     call_id text PRIMARY KEY,
     assistant_id text,
     started_at text,
     ended_at text,
     duration_seconds double precision,
     ended_reason text,
     cost double precision,
     summary text,
     transcript text NOT NULL,
     received_at bigint NOT NULL
   );
   CREATE INDEX call_reports_newest ON call_reports (received_at DESC, seq DESC);
   CREATE TABLE leads (
     seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
     id text PRIMARY KEY,
     name text NOT NULL,
     email text NOT NULL,
     company text,
     phone text,
     message text,
     slot text,
     time_zone text,
     language text NOT NULL CHECK (language IN ('en', 'sq')),
     source_page text NOT NULL,
     status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'closed')),
     created_at bigint NOT NULL,
     updated_at bigint NOT NULL
   );
   CREATE INDEX leads_newest ON leads (created_at DESC, seq DESC);`,
  // (issue 23, demo attribution): who made a demo call (a verified attribution), with which
  // receptionist, whether it was a preview, and Vapi's recording link.
  `ALTER TABLE call_reports ADD COLUMN client_id text;
   ALTER TABLE call_reports ADD COLUMN receptionist text;
   ALTER TABLE call_reports ADD COLUMN preview boolean NOT NULL DEFAULT false;
   ALTER TABLE call_reports ADD COLUMN recording_url text;
   CREATE INDEX call_reports_by_client ON call_reports (client_id, received_at DESC, seq DESC);`,
  // (issue 24, outbox): as SQLite's outbox table; claims use FOR UPDATE SKIP LOCKED.
  `CREATE TABLE outbox (
     seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
     id text PRIMARY KEY,
     topic text NOT NULL,
     kind text NOT NULL CHECK (kind IN ('email', 'webhook')),
     recipient text NOT NULL,
     payload jsonb NOT NULL,
     status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
     attempts integer NOT NULL DEFAULT 0,
     next_attempt_at bigint NOT NULL,
     lease_owner text,
     lease_until bigint NOT NULL DEFAULT 0,
     last_error text,
     created_at bigint NOT NULL,
     sent_at bigint
   );
   CREATE INDEX outbox_due ON outbox (next_attempt_at, seq) WHERE status = 'pending';`,
  // (issue 24, one-time links): as SQLite's link_tokens table.
  `CREATE TABLE link_tokens (
     hash text PRIMARY KEY,
     user_id text NOT NULL,
     purpose text NOT NULL CHECK (purpose IN ('invite', 'reset')),
     created_at bigint NOT NULL,
     expires_at bigint NOT NULL,
     used_at bigint
   );
   CREATE INDEX link_tokens_user ON link_tokens (user_id, purpose);`,
  // (issue 24, leads24) the lead status \`invited\` (LEAD_STATUSES in lead-record.ts).
  `ALTER TABLE leads DROP CONSTRAINT leads_status_check;
   ALTER TABLE leads ADD CONSTRAINT leads_status_check
     CHECK (status IN ('new', 'contacted', 'invited', 'closed'));`,
  // (issue 24, leads24) the Leads screen's search and filters, and each Admin's last visit.
  // search_text is leadSearchText() of the row, written with the lead (existing rows: the
  // same text by lower(), which agrees with JavaScript's for the letters leads are written in).
  `ALTER TABLE leads ADD COLUMN search_text text NOT NULL DEFAULT '';
   UPDATE leads SET search_text = lower(name || E'\\n' || email || E'\\n' || coalesce(company, '')
                                        || E'\\n' || coalesce(message, ''));
   CREATE INDEX leads_status ON leads (status, created_at DESC, seq DESC);
   CREATE INDEX leads_email ON leads (email, created_at DESC, seq DESC);
   CREATE TABLE lead_visits (
     user_id text PRIMARY KEY,
     since bigint,
     seen_at bigint NOT NULL
   );`,
  // (issue 24, leads24) each lead's activity log: notes, status changes, privacy actions (no
  // foreign key, as on SQLite: a deleted lead keeps the entry that records its deletion).
  `CREATE TABLE lead_notes (
     seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     lead_id text NOT NULL,
     kind text NOT NULL CHECK (kind IN ('note', 'status', 'anonymised', 'deleted')),
     text text,
     author_id text NOT NULL,
     author_name text NOT NULL,
     created_at bigint NOT NULL
   );
   CREATE INDEX lead_notes_lead ON lead_notes (lead_id, seq);`,
  // (issue 23, voice23) a call's timed turns, and real calls published as an industry's sample.
  `ALTER TABLE call_reports ADD COLUMN turns jsonb;
   CREATE TABLE published_samples (
     industry text PRIMARY KEY,
     call_id text NOT NULL,
     content_type text NOT NULL,
     audio bytea NOT NULL,
     vtt text NOT NULL,
     consent_by_id text NOT NULL,
     consent_by_name text NOT NULL,
     consent_at bigint NOT NULL,
     published_at bigint NOT NULL
   );`,
  // (issue 24, owner24) one lead per person: a repeat request from an open lead's address is
  // counted on it (requests, last_request_at) and logged as a \`request\` entry with its own
  // message and slot. Leads already duplicated stay; new requests attach to the newest.
  `ALTER TABLE leads ADD COLUMN requests integer NOT NULL DEFAULT 1;
   ALTER TABLE leads ADD COLUMN last_request_at bigint;
   UPDATE leads SET last_request_at = created_at;
   ALTER TABLE leads ALTER COLUMN last_request_at SET NOT NULL;
   CREATE INDEX leads_last_request ON leads (last_request_at);
   ALTER TABLE lead_notes DROP CONSTRAINT lead_notes_kind_check;
   ALTER TABLE lead_notes ADD CONSTRAINT lead_notes_kind_check
     CHECK (kind IN ('note', 'status', 'request', 'anonymised', 'deleted'));
   ALTER TABLE lead_notes ADD COLUMN slot text;
   ALTER TABLE lead_notes ADD COLUMN time_zone text;`,
  // (issue 26 M5) the lead status \`held\`: over the site-wide cap, not mailed until released.
  `ALTER TABLE leads DROP CONSTRAINT leads_status_check;
   ALTER TABLE leads ADD CONSTRAINT leads_status_check
     CHECK (status IN ('held', 'new', 'contacted', 'invited', 'closed'));`,
];

/**
 * Brings the schema of the connection's `search_path` to the latest version, in one
 * transaction under an advisory lock keyed by that schema: instances starting together
 * queue on the lock, and each one after the first finds nothing left to do.
 * Returns the versions this call applied.
 */
export async function migratePostgres(sql: Sql): Promise<number[]> {
  return sql.begin(async (tx) => {
    // Waiting for another instance's migration is not a slow query.
    await tx`SET LOCAL statement_timeout = '120s'`;
    await tx`SELECT pg_advisory_xact_lock(hashtext('voxdesk.migrate.' || current_schema()))`;
    await tx`CREATE TABLE IF NOT EXISTS voxdesk_migrations (
               version integer PRIMARY KEY,
               applied_at timestamptz NOT NULL DEFAULT now()
             )`;
    const [row] = await tx<
      { version: number | null }[]
    >`SELECT max(version) AS version FROM voxdesk_migrations`;
    const current = row?.version ?? 0;
    return runMigrations(current, POSTGRES_MIGRATIONS, async (migration, version) => {
      await tx.unsafe(migration);
      await tx`INSERT INTO voxdesk_migrations (version) VALUES (${version})`;
    });
  });
}
