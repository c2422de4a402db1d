import type { DatabaseSync } from 'node:sqlite';

/**
 * Numbered schema migrations, applied in order inside a transaction. `PRAGMA user_version`
 * records the last one applied. Append new entries; never edit a released one.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: users, with the fields of the hosted table (spec §3).
  `CREATE TABLE users (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL UNIQUE,
     password TEXT NOT NULL,
     role TEXT NOT NULL DEFAULT 'Client' CHECK (role IN ('Admin', 'Client')),
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   ) STRICT`,
];

export function migrate(db: DatabaseSync): number {
  const current = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  if (current > MIGRATIONS.length) {
    throw new Error(
      `The database schema (version ${current}) is newer than this Voxdesk (version ${MIGRATIONS.length}). Upgrade Voxdesk.`,
    );
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      // why: the loop runs version from 1 to MIGRATIONS.length.
      db.exec(MIGRATIONS[version - 1]!);
      db.exec(`PRAGMA user_version = ${version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  return MIGRATIONS.length;
}
