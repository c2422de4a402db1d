import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { LEAD_STATUSES } from '../src/lead-record.ts';
import { MIGRATIONS } from '../src/migrations.ts';
import { SqliteStore } from '../src/sqlite-store.ts';
import { sqliteHarness } from './stores.ts';

describe('SqliteStore', () => {
  const harnesses: ReturnType<typeof sqliteHarness>[] = [];
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.dispose();
  });

  it('creates the folder and schema on first use, and keeps data across reopen', async () => {
    const harness = sqliteHarness();
    harnesses.push(harness);
    await harness.store.users.create({ name: 'Ada', email: 'ada@example.com', password: 'x' });
    await harness.store.close();
    const db = new DatabaseSync(harness.path);
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: MIGRATIONS.length });
    db.close();
    const reopened = new SqliteStore(harness.path);
    expect(await reopened.list()).toMatchObject([{ email: 'ada@example.com' }]);
    await reopened.close();
  });

  it('refuses a database made by a newer version, with a clear message', async () => {
    const harness = sqliteHarness();
    harnesses.push(harness);
    await harness.store.users.list();
    await harness.store.close();
    const db = new DatabaseSync(harness.path);
    db.exec(`PRAGMA user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    await expect(new SqliteStore(harness.path).users.list()).rejects.toMatchObject({
      status: 500,
      message: expect.stringContaining('is newer than this Voxdesk'),
    });
  });

  it('says which path it could not open', async () => {
    const harness = sqliteHarness();
    harnesses.push(harness);
    await harness.store.users.list();
    // A path below a regular file cannot be created.
    const path = join(harness.path, 'users.db');
    await expect(new SqliteStore(path).users.list()).rejects.toThrow(
      `Could not open the user database at ${path}: `,
    );
    await expect(new SqliteStore(path).users.list()).rejects.toThrow(/Check VOXDESK_DB\.$/);
  });

  it('migrates a version-1 database: emails normalised, a colliding later row left as it was', async () => {
    const harness = sqliteHarness();
    harnesses.push(harness);
    const { mkdirSync } = await import('node:fs');
    const { dirname } = await import('node:path');
    mkdirSync(dirname(harness.path), { recursive: true });
    const db = new DatabaseSync(harness.path);
    db.exec(MIGRATIONS[0] as string);
    db.exec('PRAGMA user_version = 1');
    const insert = db.prepare('INSERT INTO users (id, name, email, password, role) VALUES (?, ?, ?, ?, ?)');
    insert.run('u1', 'Ada', ' Ada@Example.COM ', 'x', 'Admin');
    insert.run('u2', 'Bob', 'bob@example.com', 'x', 'Client');
    insert.run('u3', 'Ada again', 'ADA@example.com', 'x', 'Client');
    insert.run('u4', 'Zoë', 'ZOË@Example.com', 'x', 'Client');
    db.close();

    expect(await harness.store.users.findByEmail('ada@example.com')).toMatchObject({
      id: 'u1',
      email: 'ada@example.com',
    });
    expect(await harness.store.users.findByEmail('zoë@example.com')).toMatchObject({ id: 'u4' });
    expect(await harness.store.users.findById('u3')).toMatchObject({ email: 'ADA@example.com' });
    const check = new DatabaseSync(harness.path);
    expect(check.prepare('PRAGMA user_version').get()).toEqual({ user_version: MIGRATIONS.length });
    check.close();
  });

  it('migrates leads stored before `invited`: rows and their order kept, the CHECK is the one list', async () => {
    const harness = sqliteHarness();
    harnesses.push(harness);
    const { mkdirSync } = await import('node:fs');
    const { dirname } = await import('node:path');
    mkdirSync(dirname(harness.path), { recursive: true });
    const invitedAt = MIGRATIONS.findIndex((m) => typeof m === 'string' && m.includes("'invited'"));
    expect(invitedAt).toBeGreaterThan(0);
    const db = new DatabaseSync(harness.path);
    migrateTo(db, invitedAt);
    const insert = db.prepare(`INSERT INTO leads (seq, id, name, email, language, source_page, status,
                                 created_at, updated_at) VALUES (?, ?, ?, ?, 'en', '/', ?, 1, 1)`);
    insert.run(7, 'lead_a', 'A', 'a@example.com', 'contacted');
    insert.run(9, 'lead_b', 'B', 'b@example.com', 'new');
    expect(() => insert.run(10, 'lead_c', 'C', 'c@example.com', 'invited')).toThrow(/CHECK constraint/);
    db.close();

    expect((await harness.store.leads.listLeads({ limit: 5 })).leads.map((l) => [l.id, l.status])).toEqual([
      ['lead_b', 'new'],
      ['lead_a', 'contacted'],
    ]);
    const check = new DatabaseSync(harness.path);
    const update = check.prepare('UPDATE leads SET status = ? WHERE id = ?');
    for (const status of LEAD_STATUSES) expect(update.run(status, 'lead_a').changes).toBe(1);
    expect(() => update.run('archived', 'lead_a')).toThrow(/CHECK constraint/);
    expect(check.prepare('SELECT seq FROM leads ORDER BY seq').all()).toEqual([{ seq: 7 }, { seq: 9 }]);
    check.close();
  });
});

/** Applies the first `count` migrations, as an older Voxdesk left the file. */
function migrateTo(db: DatabaseSync, count: number) {
  for (const migration of MIGRATIONS.slice(0, count)) {
    if (typeof migration === 'string') db.exec(migration);
    else migration(db);
  }
  db.exec(`PRAGMA user_version = ${count}`);
}
