// What only the Postgres store promises: several instances (pools) on one database agree,
// migrations run once, the pool is bounded, slow or missing databases fail with a clear 503.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DuplicateEmailError, LastAdminError, UserStoreError } from '../src/errors.ts';
import { LEAD_STATUSES } from '../src/lead-record.ts';
import { migratePostgres, POSTGRES_MIGRATIONS } from '../src/postgres-migrations.ts';
import { postgresConnectionOptions } from '../src/postgres-connection.ts';
import { PostgresStore } from '../src/postgres-store.ts';
import { createTestSchema } from '../src/testing/postgres-server.ts';
import { postgresHarness, postgresUrl } from './stores.ts';

const hashed = 'scrypt$N=1024,r=8,p=1$AAAA$AAAA';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function harness(options: { poolSize?: number } = {}) {
  const h = await postgresHarness(options);
  cleanups.push(() => h.dispose());
  return h;
}

/** A second instance on the same schema: its own pool, as another process would have. */
function twin(h: { url: string; schema: string }, poolSize = 10) {
  const store = new PostgresStore({ url: h.url, schema: h.schema, poolSize });
  cleanups.push(() => store.close());
  return store;
}

function raw(url: string, schema?: string) {
  const sql = postgres(url, {
    max: 2,
    onnotice: () => {},
    ...(schema ? { connection: { search_path: schema } } : {}),
  });
  cleanups.push(() => sql.end({ timeout: 1 }));
  return sql;
}

/** Locks one counter's row from another session until `release()`; returns once it is held. */
async function holdRow(sql: postgres.Sql, key: string): Promise<() => Promise<void>> {
  let locked!: () => void;
  let release!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const transaction = sql.begin(async (tx) => {
    await tx`SELECT * FROM attempts WHERE key = ${key} FOR UPDATE`;
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await transaction;
  };
}

describe('PostgresStore', () => {
  it('migrates a fresh database once when two instances start together', async () => {
    const admin = raw(postgresUrl());
    const name = `fresh_${Date.now().toString(36)}`;
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = postgresUrl().replace(/\/[^/]+$/, `/${name}`);
    const [a, b] = [raw(url), raw(url)];
    const applied = await Promise.all([migratePostgres(a), migratePostgres(b)]);
    const all = POSTGRES_MIGRATIONS.map((_, i) => i + 1);
    expect(applied.map((versions) => versions.length).sort()).toEqual([0, all.length]);
    expect(applied.flat()).toEqual(all);
    expect((await a`SELECT version FROM voxdesk_migrations ORDER BY version`).map((r) => r.version)).toEqual(
      all,
    );
    // And through the stores: two instances starting on it find nothing left to do.
    const stores = [new PostgresStore({ url }), new PostgresStore({ url })];
    await Promise.all(stores.map((s) => s.users.list()));
    await Promise.all(stores.map((s) => s.close()));
    await a.end();
    await b.end();
    cleanups.push(() => admin.unsafe(`DROP DATABASE ${name} WITH (FORCE)`));
  });

  it('refuses to run on a schema newer than itself', async () => {
    const { schema, drop } = await createTestSchema(postgresUrl());
    cleanups.push(drop);
    const store = new PostgresStore({ url: postgresUrl(), schema });
    cleanups.push(() => store.close());
    await store.users.list();
    await raw(postgresUrl(), schema)`INSERT INTO voxdesk_migrations (version) VALUES (99)`;
    const again = new PostgresStore({ url: postgresUrl(), schema });
    cleanups.push(() => again.close());
    await expect(again.users.list()).rejects.toThrow(
      `The database schema (version 99) is newer than this Voxdesk (version ${POSTGRES_MIGRATIONS.length}). Upgrade Voxdesk.`,
    );
  });

  it('its lead status CHECK is the one list: every LEAD_STATUSES value in, anything else out', async () => {
    const h = await harness();
    const lead = await h.store.leads.createLead(
      {
        name: 'A',
        email: 'a@example.com',
        company: null,
        phone: null,
        message: null,
        slot: null,
        timeZone: null,
        language: 'en',
        sourcePage: '/',
      },
      1,
    );
    const sql = raw(h.url, h.schema);
    for (const status of LEAD_STATUSES) {
      expect((await sql`UPDATE leads SET status = ${status} WHERE id = ${lead.id}`).count).toBe(1);
    }
    await expect(sql`UPDATE leads SET status = 'archived' WHERE id = ${lead.id}`).rejects.toMatchObject({
      constraint_name: 'leads_status_check',
    });
  });

  it('keeps at least one Admin when every Admin is removed at once, from two instances', async () => {
    const h = await harness();
    const other = twin(h);
    const admins = [];
    for (let i = 0; i < 6; i++) {
      admins.push(await h.store.createAdmin({ name: `A${i}`, email: `a${i}@example.com`, password: hashed }));
    }
    const results = await Promise.allSettled(
      admins.map((a, i) => (i % 2 ? other : h.store).users.remove(a.id)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: expect.any(LastAdminError),
    });
    expect((await h.store.list()).filter((u) => u.role === 'Admin')).toHaveLength(1);
  });

  it('refuses a second spelling of an email even when written behind the store', async () => {
    const h = await harness();
    await h.seed({ Name: 'Old', Email: 'Old@Example.com', Password: 'plain', Role: 'Client' });
    expect(await h.store.findByEmail('old@example.com')).toMatchObject({ name: 'Old' });
    await expect(
      h.store.create({ name: 'New', email: 'OLD@example.com ', password: hashed }),
    ).rejects.toBeInstanceOf(DuplicateEmailError);
    await expect(
      raw(
        h.url,
        h.schema,
      )`INSERT INTO users (id, name, email, password) VALUES ('x', 'X', 'old@EXAMPLE.com', 'p')`,
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('counts attempts atomically across two instances: 2 × 100 parallel hits get 1…200', async () => {
    const h = await harness();
    const other = twin(h, 3);
    const counts = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? other : h.store).attempts.hitAttempt('pair:y', 60_000, 5),
      ),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
  });

  it('stores one report when the same webhook reaches two instances, each delivering it 20 times', async () => {
    const h = await harness();
    const other = twin(h);
    const report = {
      callId: 'call_same',
      assistantId: null,
      startedAt: null,
      endedAt: null,
      durationSeconds: 12,
      endedReason: 'hangup',
      cost: 0.01,
      summary: null,
      transcript: 'hi',
      recordingUrl: null,
      clientId: null,
      receptionist: null,
      preview: false,
      receivedAt: 1,
    };
    const stored = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? other : h.store).callReports.saveCallReport(report)),
    );
    expect(stored.filter(Boolean)).toHaveLength(1);
    expect((await other.callReports.listCallReports({ limit: 10 })).reports).toEqual([report]);
  });

  it('stores one report when two server processes each receive the same delivery 20 times', async () => {
    const h = await harness();
    await h.store.callReports.listCallReports({ limit: 1 }); // migrated before the race
    // What each process runs: its own pool, 20 parallel saves of one report; prints how many it stored.
    const script = `
      const { PostgresStore } = await import(${JSON.stringify(join(import.meta.dirname, '../src/postgres-store.ts'))});
      const store = new PostgresStore({ url: process.env.URL, schema: process.env.SCHEMA, poolSize: 5 });
      const report = { callId: 'call_twice', assistantId: 'asst', startedAt: null, endedAt: null,
        durationSeconds: 3, endedReason: 'hangup', cost: null, summary: null, transcript: 'hi',
        receivedAt: Date.now() };
      const stored = await Promise.all(Array.from({ length: 20 }, () => store.callReports.saveCallReport(report)));
      console.log(stored.filter(Boolean).length);
      await store.close();`;
    const runProcess = () =>
      promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, URL: h.url, SCHEMA: h.schema },
      });
    const outputs = await Promise.all([runProcess(), runProcess()]);
    expect(outputs.map((o) => Number(o.stdout.trim())).sort()).toEqual([0, 1]);
    expect((await h.store.callReports.listCallReports({ limit: 10 })).reports.map((r) => r.callId)).toEqual([
      'call_twice',
    ]);
  });

  it('opens at most poolSize connections, and queues the rest', async () => {
    const { schema, drop } = await createTestSchema(postgresUrl());
    cleanups.push(drop);
    const store = new PostgresStore({
      url: postgresUrl(),
      schema,
      poolSize: 3,
      // The hits wait on a held row lock for as long as the test needs.
      statementTimeoutMs: 30_000,
      driver: { connection: { application_name: `pool-${schema}` } },
    });
    cleanups.push(() => store.close());
    await store.attempts.hitAttempt('held', 60_000, 1);
    // Another session holds the counter's row, so every hit waits on it inside the server.
    const holder = raw(postgresUrl(), schema);
    const release = await holdRow(holder, 'held');
    const hits = Array.from({ length: 12 }, () => store.attempts.hitAttempt('held', 60_000, 2));
    const connections = async () =>
      Number(
        (
          await holder`SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = ${`pool-${schema}`}`
        )[0]!.n,
      );
    await expect.poll(connections, { timeout: 5_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await connections()).toBe(3);
    await release();
    expect((await Promise.all(hits)).map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 2),
    );
  });

  it('ends a statement past the statement timeout with a 503', async () => {
    const { schema, drop } = await createTestSchema(postgresUrl());
    cleanups.push(drop);
    const store = new PostgresStore({ url: postgresUrl(), schema, statementTimeoutMs: 200 });
    cleanups.push(() => store.close());
    // Connecting and migrating fit in 400 ms only on an idle machine: the setup may retry.
    await expect
      .poll(() => store.attempts.hitAttempt('slow', 60_000, 1).then(() => 'stored', String), {
        timeout: 20_000,
      })
      .toBe('stored');
    const holder = raw(postgresUrl(), schema);
    const release = await holdRow(holder, 'slow');
    try {
      const hit = store.attempts.hitAttempt('slow', 60_000, 2);
      await expect(hit).rejects.toBeInstanceOf(UserStoreError);
      await expect(hit).rejects.toMatchObject({
        status: 503,
        message: 'The database took too long to answer. Try again in a moment.',
      });
    } finally {
      await release();
    }
  });

  it('says the database is unreachable with a 503', async () => {
    const store = new PostgresStore({
      url: 'postgres://nobody@127.0.0.1:1/none',
      driver: { connect_timeout: 2 },
    });
    cleanups.push(() => store.close());
    const attempt = store.users.findByEmail('a@example.com');
    await expect(attempt).rejects.toBeInstanceOf(UserStoreError);
    await expect(attempt).rejects.toMatchObject({ status: 503 });
    await expect(attempt).rejects.toThrow('Could not reach the database');
    await expect(attempt).rejects.toThrow('Check DATABASE_URL and that PostgreSQL is running.');
  });
});

describe('PostgresStore over TLS (the test server has a certificate from a throw-away CA)', () => {
  const tlsUrl = (query: string) => `${postgresUrl()}?${query}`;

  it('verifies the server against sslrootcert and really encrypts', async () => {
    const url = tlsUrl(`sslmode=verify-full&sslrootcert=${inject('postgresCa')}`);
    const { schema, drop } = await createTestSchema(postgresUrl());
    cleanups.push(drop);
    const store = new PostgresStore({ url, schema });
    cleanups.push(() => store.close());
    expect(await store.users.list()).toEqual([]);
    const options = postgresConnectionOptions(url);
    const sql = postgres(options.url, { ...options.options, max: 1 });
    cleanups.push(() => sql.end({ timeout: 1 }));
    expect(await sql`SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()`).toEqual([{ ssl: true }]);
  });

  it('refuses a server its CAs do not vouch for with a 503 naming the reason', async () => {
    // verify-full against the system CAs: the throw-away CA is not among them.
    const store = new PostgresStore({ url: tlsUrl('sslmode=verify-full') });
    cleanups.push(() => store.close());
    const attempt = store.users.list();
    await expect(attempt).rejects.toMatchObject({ status: 503 });
    await expect(attempt).rejects.toThrow(/Could not reach the database: .*certificate/);
  });
});

describe('postgresConnectionOptions', () => {
  it('passes sslmode through and reads the TLS files libpq would', () => {
    expect(postgresConnectionOptions('postgres://u:p@db/x?sslmode=verify-full')).toEqual({
      url: 'postgres://u:p@db/x?sslmode=verify-full',
      options: {},
    });
    const dir = mkdtempSync(join(tmpdir(), 'voxdesk-tls-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'ca.pem'), 'CA PEM');
    writeFileSync(join(dir, 'client.pem'), 'CERT PEM');
    writeFileSync(join(dir, 'client.key'), 'KEY PEM');
    const q = `sslrootcert=${join(dir, 'ca.pem')}&sslcert=${join(dir, 'client.pem')}&sslkey=${join(dir, 'client.key')}`;
    expect(postgresConnectionOptions(`postgres://db/x?sslmode=verify-full&${q}&application_name=a`)).toEqual({
      url: 'postgres://db/x?application_name=a',
      options: { ssl: { rejectUnauthorized: true, ca: 'CA PEM', cert: 'CERT PEM', key: 'KEY PEM' } },
    });
    const verifyCa = postgresConnectionOptions(
      `postgres://db/x?sslmode=verify-ca&sslrootcert=${join(dir, 'ca.pem')}`,
    );
    expect(verifyCa.options.ssl).toMatchObject({
      rejectUnauthorized: true,
      ca: 'CA PEM',
      checkServerIdentity: expect.any(Function),
    });
    // As libpq: a root certificate makes `require` check the chain (not the host name).
    const ca = join(dir, 'ca.pem');
    expect(
      postgresConnectionOptions(`postgres://db/x?sslmode=require&sslrootcert=${ca}`).options.ssl,
    ).toMatchObject({ rejectUnauthorized: true, checkServerIdentity: expect.any(Function) });
    const prefer = postgresConnectionOptions(`postgres://db/x?sslmode=prefer&sslrootcert=${ca}`).options.ssl;
    expect(prefer).toMatchObject({ rejectUnauthorized: false });
    expect(prefer).not.toHaveProperty('checkServerIdentity');
  });

  it('names the problem in a bad URL or a missing TLS file', () => {
    expect(() => postgresConnectionOptions('not a url')).toThrow(
      'DATABASE_URL is not a valid URL. Use postgres://user:password@host:5432/database.',
    );
    expect(() => postgresConnectionOptions('http://db/x')).toThrow(
      'DATABASE_URL must start with postgres:// or postgresql:// (got http://).',
    );
    expect(() => postgresConnectionOptions('postgres://db/x?sslrootcert=/nonexistent/ca.pem')).toThrow(
      'Could not read the TLS file /nonexistent/ca.pem named in DATABASE_URL',
    );
  });
});
