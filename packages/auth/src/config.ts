import { isAbsolute, resolve } from 'node:path';
import { AirtableConnection } from './airtable-connection.ts';
import { AirtableLeadStore, DEFAULT_LEADS_TABLE } from './airtable-lead-store.ts';
import { AirtableUserStore } from './airtable-store.ts';
import { OutboxFirstLeadStore } from './outbox-first-leads.ts';
import { DEFAULT_POOL_SIZE, DEFAULT_STATEMENT_TIMEOUT_MS, PostgresStore } from './postgres-store.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { Store } from './types.ts';

export const DEFAULT_DB_PATH = './.data/voxdesk.db';

export type StoreConfig =
  | {
      kind: 'airtable';
      baseId: string;
      tableId: string;
      token: string;
      endpointUrl?: string;
      /** The leads table in the same base (`AIRTABLE_LEADS_TABLE`, default `Leads`). */
      leadsTableId?: string;
      /** SQLite file for sessions, login counters and call reports (`VOXDESK_DB`). */
      statePath: string;
    }
  | { kind: 'sqlite'; path: string }
  | {
      kind: 'postgres';
      /** `DATABASE_URL`, credentials included: never log it. */
      url: string;
      /** `DATABASE_POOL_SIZE`: connections per instance. */
      poolSize: number;
      /** `DATABASE_STATEMENT_TIMEOUT_MS`. */
      statementTimeoutMs: number;
    };

export class StoreConfigError extends Error {
  override name = 'StoreConfigError';
}

const AIRTABLE_VARS = ['AIRTABLE_BASE_ID', 'AIRTABLE_TABLE_ID', 'AIRTABLE_TOKEN'] as const;

/** A whole number in `[min, max]` from `name`, or `fallback` when unset. */
function integerFromEnv(
  value: string | undefined,
  name: string,
  fallback: number,
  [min, max]: [number, number],
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new StoreConfigError(
      `${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(value)}).`,
    );
  }
  return number;
}

/**
 * `DATABASE_URL` → PostgreSQL; all three `AIRTABLE_*` variables → Airtable; neither → SQLite
 * at `VOXDESK_DB` (relative to `cwd`); a partial Airtable set, or both Postgres and Airtable,
 * is a mistake worth stopping for. Empty values count as unset.
 */
export function storeConfigFromEnv(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): StoreConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const present = AIRTABLE_VARS.filter((name) => value(name));
  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl) {
    if (present.length > 0) {
      throw new StoreConfigError(
        `DATABASE_URL and ${present.join(', ')} are both set. Choose one store: unset DATABASE_URL to use Airtable, or the AIRTABLE_* variables to use PostgreSQL.`,
      );
    }
    if (!/^postgres(ql)?:\/\/./.test(databaseUrl)) {
      throw new StoreConfigError(
        'DATABASE_URL must be a PostgreSQL connection string: postgres://user:password@host:5432/database (add ?sslmode=verify-full for TLS).',
      );
    }
    return {
      kind: 'postgres',
      url: databaseUrl,
      poolSize: integerFromEnv(
        value('DATABASE_POOL_SIZE'),
        'DATABASE_POOL_SIZE',
        DEFAULT_POOL_SIZE,
        [1, 1000],
      ),
      statementTimeoutMs: integerFromEnv(
        value('DATABASE_STATEMENT_TIMEOUT_MS'),
        'DATABASE_STATEMENT_TIMEOUT_MS',
        DEFAULT_STATEMENT_TIMEOUT_MS,
        [100, 600_000],
      ),
    };
  }
  if (present.length === AIRTABLE_VARS.length) {
    const endpointUrl = value('AIRTABLE_ENDPOINT_URL');
    const leadsTableId = value('AIRTABLE_LEADS_TABLE');
    return {
      kind: 'airtable',
      baseId: value('AIRTABLE_BASE_ID')!,
      tableId: value('AIRTABLE_TABLE_ID')!,
      token: value('AIRTABLE_TOKEN')!,
      ...(endpointUrl ? { endpointUrl } : {}),
      ...(leadsTableId ? { leadsTableId } : {}),
      statePath: sqlitePathFromEnv(env, cwd),
    };
  }
  if (present.length > 0) {
    const missing = AIRTABLE_VARS.filter((name) => !value(name));
    throw new StoreConfigError(
      `Airtable is partly configured: ${present.join(', ')} ${present.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Set all three to use Airtable, or none to use the embedded SQLite database.`,
    );
  }
  return { kind: 'sqlite', path: sqlitePathFromEnv(env, cwd) };
}

/**
 * The SQLite file of `VOXDESK_DB` (default `./.data/voxdesk.db`) resolved against `cwd`, or
 * `:memory:`; whichever store is configured.
 */
export function sqlitePathFromEnv(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): string {
  const path = env.VOXDESK_DB?.trim() || DEFAULT_DB_PATH;
  return path === ':memory:' || isAbsolute(path) ? path : resolve(cwd, path);
}

/**
 * SQLite: one file for everything. PostgreSQL: every table in the database. Airtable: users
 * and leads in the hosted base (leads in a second table, so the owner follows them up in
 * Airtable too; one connection and rate limiter for both); sessions, login counters, demo
 * call reports and the outbox in the local SQLite file (leads queue their mail there first:
 * `OutboxFirstLeadStore`), so signed-in requests, refused logins and webhook
 * deliveries spend none of the base's 5 requests/s (docs/security.md).
 */
export function createStore(config: StoreConfig): Store {
  if (config.kind === 'sqlite') return new SqliteStore(config.path);
  if (config.kind === 'postgres') {
    return new PostgresStore({
      url: config.url,
      poolSize: config.poolSize,
      statementTimeoutMs: config.statementTimeoutMs,
    });
  }
  const connection = new AirtableConnection(config);
  const users = new AirtableUserStore({ ...config, connection });
  const state = new SqliteStore(config.statePath);
  const leads = new OutboxFirstLeadStore(
    new AirtableLeadStore({ connection, tableId: config.leadsTableId ?? DEFAULT_LEADS_TABLE }),
    state.outbox,
    state.leadNotes,
  );
  return {
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
    async close() {
      await users.close();
      await state.close();
    },
  };
}
