// Builds each store for the contract suite: Airtable through msw, SQLite on a temp file,
// Postgres on the suite's throw-away server (test/postgres-setup.ts), one schema per test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import postgres from 'postgres';
import { inject } from 'vitest';
import { AirtableConnection } from '../src/airtable-connection.ts';
import { AirtableLeadStore } from '../src/airtable-lead-store.ts';
import { AirtableUserStore } from '../src/airtable-store.ts';
import { OutboxFirstLeadStore } from '../src/outbox-first-leads.ts';
import { RateLimiter } from '../src/rate-limit.ts';
import { PostgresStore } from '../src/postgres-store.ts';
import { SqliteStore } from '../src/sqlite-store.ts';
import { createTestSchema } from '../src/testing/postgres-server.ts';
import type { Store } from '../src/types.ts';
import { createFakeAirtable, type FakeAirtable } from '../src/testing/fake-airtable.ts';

export interface StoreHarness {
  store: Store;
  /** Seeds a record the way the old site left it (plain-text password). */
  seed(fields: { Name: string; Email: string; Password: string; Role: 'Admin' | 'Client' }): Promise<string>;
  dispose(): Promise<void>;
}

export const noWait = { retries: 3, baseDelayMs: 1, maxDelayMs: 1, sleep: async () => {} };

export const server = setupServer();
let listening = false;

export function airtableHarness(
  options: { pageSize?: number; perSecond?: number } = {},
): StoreHarness & { fake: FakeAirtable } {
  if (!listening) {
    server.listen({ onUnhandledFrame: 'error' });
    listening = true;
  }
  const fake = createFakeAirtable(options);
  server.resetHandlers(...fake.handlers);
  const connection = new AirtableConnection({
    baseId: fake.baseId,
    token: fake.token,
    endpointUrl: fake.endpointUrl,
    backoff: noWait,
    limiter: new RateLimiter({ perSecond: 1_000, maxQueue: 1_000, sleep: async () => {} }),
  });
  const users = new AirtableUserStore({
    baseId: fake.baseId,
    token: fake.token,
    tableId: fake.tableId,
    connection,
  });
  // Airtable mode keeps sessions, counters, call reports and the outbox in a local SQLite file (createStore).
  const state = new SqliteStore(':memory:');
  const leads = new OutboxFirstLeadStore(
    new AirtableLeadStore({ connection, tableId: fake.leadsTableId }),
    state.outbox,
    state.leadNotes,
  );
  const store: Store = {
    users,
    sessions: state,
    attempts: state,
    callReports: state.callReports,
    leads,
    leadVisits: state.leadVisits,
    leadNotes: state.leadNotes,
    outbox: state.outbox,
    linkTokens: state.linkTokens,
    publishedSamples: state.publishedSamples,
    close: async () => {
      await users.close();
      await state.close();
    },
  };
  return {
    fake,
    store,
    async seed(fields) {
      const id = `recSeed${String(fake.records.length).padStart(10, '0')}`;
      fake.records.push({ id, createdTime: new Date().toISOString(), fields: { ...fields } });
      return id;
    },
    async dispose() {
      await store.close();
    },
  };
}

export function sqliteHarness(): StoreHarness & { path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'voxdesk-auth-'));
  const path = join(dir, 'nested', 'users.db');
  const store = new SqliteStore(path);
  return {
    path,
    store,
    async seed(fields) {
      // The legacy shape: insert directly, bypassing hashing, as an imported old base would.
      await store.list(); // creates the schema
      const { DatabaseSync } = await import('node:sqlite');
      const db = new DatabaseSync(path);
      const id = `usr_seed_${fields.Email}`;
      db.prepare('INSERT INTO users (id, name, email, password, role) VALUES (?, ?, ?, ?, ?)').run(
        id,
        fields.Name,
        fields.Email,
        fields.Password,
        fields.Role,
      );
      db.close();
      return id;
    },
    async dispose() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The URL of the server test/postgres-setup.ts started for this run. */
export const postgresUrl = (): string => inject('postgresUrl');

export async function postgresHarness(
  options: { poolSize?: number } = {},
): Promise<StoreHarness & { store: PostgresStore; schema: string; url: string }> {
  const url = postgresUrl();
  const { schema, drop } = await createTestSchema(url);
  const store = new PostgresStore({ url, schema, poolSize: options.poolSize ?? 10 });
  return {
    store,
    schema,
    url,
    async seed(fields) {
      await store.list(); // creates the schema
      const sql = postgres(url, { max: 1, connection: { search_path: schema } });
      const id = `usr_seed_${fields.Email}`;
      await sql`INSERT INTO users (id, name, email, password, role)
                VALUES (${id}, ${fields.Name}, ${fields.Email}, ${fields.Password}, ${fields.Role})`;
      await sql.end();
      return id;
    },
    async dispose() {
      await store.close();
      await drop();
    },
  };
}

export function closeMsw() {
  if (listening) server.close();
  listening = false;
}
