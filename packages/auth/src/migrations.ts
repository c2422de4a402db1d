import type { DatabaseSync } from 'node:sqlite';
import { normalizeEmail } from './email.ts';
import { runMigrations } from './migration-plan.ts';
import { leadSearchText } from './lead-record.ts';

/** A migration: SQL, or a function for what SQL cannot say (JavaScript's Unicode lower-casing). */
export type Migration = string | ((db: DatabaseSync) => void);

/**
 * Numbered schema migrations, applied in order inside a transaction. `PRAGMA user_version`
 * records the last one applied. Append new entries; never edit a released one.
 */
export const MIGRATIONS: readonly Migration[] = [
  // 1: users, with the fields of the hosted table (spec §3).
  `CREATE TABLE users (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL UNIQUE,
     password TEXT NOT NULL,
     role TEXT NOT NULL DEFAULT 'Client' CHECK (role IN ('Admin', 'Client')),
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   ) STRICT`,
  // 2: emails normalised (trimmed, lower-cased). When two rows collide, the older keeps the
  // address and the newer is left as it was (unreachable by login; an Admin deletes it).
  (db) => {
    const rows = db.prepare('SELECT rowid, email FROM users ORDER BY rowid').all() as {
      rowid: number;
      email: string;
    }[];
    const update = db.prepare('UPDATE OR IGNORE users SET email = ? WHERE rowid = ?');
    for (const row of rows) {
      const email = normalizeEmail(row.email);
      if (email !== row.email) update.run(email, row.rowid);
    }
  },
  // 3: server-side sessions and login-attempt counters.
  `CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     user_id TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     last_seen_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX sessions_user ON sessions (user_id);
   CREATE TABLE attempts (
     key TEXT PRIMARY KEY,
     count INTEGER NOT NULL,
     reset_at INTEGER NOT NULL
   ) STRICT;`,
  // 4: demo call reports from Vapi's end-of-call-report webhook, one per call id. `seq` (the
  // rowid) orders reports stored in the same millisecond.
  `CREATE TABLE call_reports (
     seq INTEGER PRIMARY KEY,
     call_id TEXT NOT NULL UNIQUE,
     assistant_id TEXT,
     started_at TEXT,
     ended_at TEXT,
     duration_seconds REAL,
     ended_reason TEXT,
     cost REAL,
     summary TEXT,
     transcript TEXT NOT NULL,
     received_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX call_reports_newest ON call_reports (received_at DESC, seq DESC);`,
  // 5 (issue 16, leads): the site's booking and contact forms. `seq` orders the list newest
  // first and is the page cursor (an INTEGER PRIMARY KEY keeps its values through VACUUM).
  `CREATE TABLE leads (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     company TEXT,
     phone TEXT,
     message TEXT,
     slot TEXT,
     time_zone TEXT,
     language TEXT NOT NULL CHECK (language IN ('en', 'sq')),
     source_page TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'closed')),
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;`,
  // (issue 23, demo attribution): who made a demo call (a verified attribution), with which
  // receptionist, whether it was a preview, and Vapi's recording link.
  `ALTER TABLE call_reports ADD COLUMN client_id TEXT;
   ALTER TABLE call_reports ADD COLUMN receptionist TEXT;
   ALTER TABLE call_reports ADD COLUMN preview INTEGER NOT NULL DEFAULT 0 CHECK (preview IN (0, 1));
   ALTER TABLE call_reports ADD COLUMN recording_url TEXT;
   CREATE INDEX call_reports_by_client ON call_reports (client_id, received_at DESC, seq DESC);`,
  // (issue 24, outbox): every mail and webhook, queued in the transaction of what it reports.
  // `lease_until` is when a claim lapses (0: never claimed); `payload` is the message as JSON.
  `CREATE TABLE outbox (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     topic TEXT NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('email', 'webhook')),
     recipient TEXT NOT NULL,
     payload TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     lease_owner TEXT,
     lease_until INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     created_at INTEGER NOT NULL,
     sent_at INTEGER
   ) STRICT;
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at, seq);`,
  // (issue 24, one-time links): invitations and password resets, stored by the token's SHA-256.
  `CREATE TABLE link_tokens (
     hash TEXT PRIMARY KEY,
     user_id TEXT NOT NULL,
     purpose TEXT NOT NULL CHECK (purpose IN ('invite', 'reset')),
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     used_at INTEGER
   ) STRICT;
   CREATE INDEX link_tokens_user ON link_tokens (user_id, purpose);`,
  // (issue 24, leads24) the lead status \`invited\` (LEAD_STATUSES in lead-record.ts). SQLite
  // cannot alter a CHECK, so the table is rebuilt with the same rows, seq values included.
  `CREATE TABLE leads_next (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     company TEXT,
     phone TEXT,
     message TEXT,
     slot TEXT,
     time_zone TEXT,
     language TEXT NOT NULL CHECK (language IN ('en', 'sq')),
     source_page TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'invited', 'closed')),
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;
   INSERT INTO leads_next SELECT seq, id, name, email, company, phone, message, slot, time_zone,
     language, source_page, status, created_at, updated_at FROM leads;
   DROP TABLE leads;
   ALTER TABLE leads_next RENAME TO leads;`,
  // (issue 24, leads24) the Leads screen's search and filters, and each Admin's last visit.
  // search_text is leadSearchText() of the row (JavaScript's Unicode lower-casing, which
  // SQLite's lower() lacks), written with the lead. Indexes for the filters an owner uses
  // daily (status; the email, for de-duplication); a search scans, which is fine for the
  // thousands of leads a small business gets (a substring cannot use a B-tree).
  (db) => {
    db.exec(`ALTER TABLE leads ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
             CREATE INDEX leads_status ON leads (status, seq);
             CREATE INDEX leads_email ON leads (email, seq);
             CREATE INDEX leads_created ON leads (created_at);
             CREATE TABLE lead_visits (
               user_id TEXT PRIMARY KEY,
               since INTEGER,
               seen_at INTEGER NOT NULL
             ) STRICT;`);
    const rows = db.prepare('SELECT seq, name, email, company, phone, message FROM leads').all() as {
      seq: number;
      name: string;
      email: string;
      company: string | null;
      message: string | null;
    }[];
    const update = db.prepare('UPDATE leads SET search_text = ? WHERE seq = ?');
    for (const row of rows) update.run(leadSearchText(row), row.seq);
  },
  // (issue 24, leads24) each lead's activity log: notes, status changes, privacy actions. No
  // foreign key: in Airtable mode the leads are in the base, and a deleted lead keeps the
  // entry that records its deletion.
  `CREATE TABLE lead_notes (
     seq INTEGER PRIMARY KEY,
     lead_id TEXT NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('note', 'status', 'anonymised', 'deleted')),
     text TEXT,
     author_id TEXT NOT NULL,
     author_name TEXT NOT NULL,
     created_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX lead_notes_lead ON lead_notes (lead_id, seq);`,
  // (issue 23, voice23) a call's timed turns (JSON, from the report's artifact.messages), and
  // real calls published as an industry's sample: the server's copy of the recording (at most
  // a few MB: the route caps it) and its WebVTT transcript.
  `ALTER TABLE call_reports ADD COLUMN turns TEXT;
   CREATE TABLE published_samples (
     industry TEXT PRIMARY KEY,
     call_id TEXT NOT NULL,
     content_type TEXT NOT NULL,
     audio BLOB NOT NULL,
     vtt TEXT NOT NULL,
     consent_by_id TEXT NOT NULL,
     consent_by_name TEXT NOT NULL,
     consent_at INTEGER NOT NULL,
     published_at INTEGER NOT NULL
   ) STRICT;`,
  // (issue 24, owner24) one lead per person: a repeat request from an open lead's address is
  // counted on it (requests, last_request_at) and logged as a \`request\` entry with its own
  // message and slot. lead_notes is rebuilt for the CHECK (seq values kept). Leads already
  // duplicated stay as they are; new requests attach to the newest of them.
  `ALTER TABLE leads ADD COLUMN requests INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE leads ADD COLUMN last_request_at INTEGER NOT NULL DEFAULT 0;
   UPDATE leads SET last_request_at = created_at;
   CREATE INDEX leads_last_request ON leads (last_request_at);
   CREATE TABLE lead_notes_next (
     seq INTEGER PRIMARY KEY,
     lead_id TEXT NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('note', 'status', 'request', 'anonymised', 'deleted')),
     text TEXT,
     author_id TEXT NOT NULL,
     author_name TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     slot TEXT,
     time_zone TEXT
   ) STRICT;
   INSERT INTO lead_notes_next (seq, lead_id, kind, text, author_id, author_name, created_at)
     SELECT seq, lead_id, kind, text, author_id, author_name, created_at FROM lead_notes;
   DROP TABLE lead_notes;
   ALTER TABLE lead_notes_next RENAME TO lead_notes;
   CREATE INDEX lead_notes_lead ON lead_notes (lead_id, seq);`,
  // (issue 26 M5) the lead status \`held\`: over the site-wide cap, stored but not mailed until
  // an Admin releases it. The table is rebuilt for the CHECK (seq values kept), then its indexes.
  `CREATE TABLE leads_next (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     company TEXT,
     phone TEXT,
     message TEXT,
     slot TEXT,
     time_zone TEXT,
     language TEXT NOT NULL CHECK (language IN ('en', 'sq')),
     source_page TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('held', 'new', 'contacted', 'invited', 'closed')),
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     search_text TEXT NOT NULL DEFAULT '',
     requests INTEGER NOT NULL DEFAULT 1,
     last_request_at INTEGER NOT NULL DEFAULT 0
   ) STRICT;
   INSERT INTO leads_next (seq, id, name, email, company, phone, message, slot, time_zone, language,
                           source_page, status, created_at, updated_at, search_text, requests, last_request_at)
     SELECT seq, id, name, email, company, phone, message, slot, time_zone, language,
            source_page, status, created_at, updated_at, search_text, requests, last_request_at FROM leads;
   DROP TABLE leads;
   ALTER TABLE leads_next RENAME TO leads;
   CREATE INDEX leads_status ON leads (status, seq);
   CREATE INDEX leads_email ON leads (email, seq);
   CREATE INDEX leads_created ON leads (created_at);
   CREATE INDEX leads_last_request ON leads (last_request_at);`,
];

export function migrate(db: DatabaseSync): number {
  const current = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  runMigrations(current, MIGRATIONS, (migration, version) => {
    db.exec('BEGIN IMMEDIATE');
    try {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
      db.exec(`PRAGMA user_version = ${version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  });
  return MIGRATIONS.length;
}
