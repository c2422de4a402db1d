import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.ts';

/** Why `file` is not a usable Voxdesk database, or undefined when it is. */
function problemWith(file: string): string | undefined {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const check = db.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
    if (check.integrity_check !== 'ok') return `it fails SQLite's integrity check (${check.integrity_check})`;
    const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
    if (version < 1 || !db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'users'").get()) {
      return 'it is not a Voxdesk database (no users table)';
    }
    if (version > MIGRATIONS.length) {
      return `its schema (version ${version}) is newer than this Voxdesk (version ${MIGRATIONS.length})`;
    }
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    db?.close();
  }
}

/** Copies `from` to `to` with SQLite's online backup (a consistent snapshot), via a temp file. */
async function copyDatabase(from: string, to: string): Promise<number> {
  const temp = `${to}.partial`;
  rmSync(temp, { force: true });
  const source = new DatabaseSync(from, { readOnly: true });
  try {
    const pages = await backup(source, temp);
    chmodSync(temp, 0o600);
    const problem = problemWith(temp);
    if (problem) throw new Error(`The copy is not usable: ${problem}.`);
    renameSync(temp, to);
    return pages;
  } finally {
    source.close();
    rmSync(temp, { force: true });
  }
}

/**
 * An online backup of the embedded database: a consistent copy taken while the server keeps
 * running (SQLite's backup API restarts when a write lands mid-copy), checked, mode 0600.
 * Refuses to overwrite `destination`.
 */
export async function backupSqliteDatabase(
  database: string,
  destination: string,
): Promise<{ pages: number }> {
  if (!existsSync(database)) throw new Error(`There is no database at ${database}. Check VOXDESK_DB.`);
  if (existsSync(destination)) throw new Error(`${destination} already exists; choose a new file name.`);
  return { pages: await copyDatabase(database, destination) };
}

/**
 * Replaces the database with a backup, after checking the backup (integrity, a Voxdesk schema
 * no newer than this version). Stop the server first: a running server keeps the old file open.
 */
export async function restoreSqliteDatabase(
  backupFile: string,
  database: string,
): Promise<{ pages: number }> {
  const problem = existsSync(backupFile) ? problemWith(backupFile) : 'the file does not exist';
  if (problem) throw new Error(`Cannot restore ${backupFile}: ${problem}.`);
  mkdirSync(dirname(database), { recursive: true, mode: 0o700 });
  const incoming = `${database}.restoring`;
  const pages = await copyDatabase(backupFile, incoming);
  // The old file's write-ahead log belongs to the old file: it must not be replayed onto the new one.
  rmSync(`${database}-wal`, { force: true });
  rmSync(`${database}-shm`, { force: true });
  renameSync(incoming, database);
  return { pages };
}
