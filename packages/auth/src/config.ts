import { isAbsolute, resolve } from 'node:path';
import { AirtableConnection } from './airtable-connection.ts';
import { AirtableLeadStore, DEFAULT_LEADS_TABLE } from './airtable-lead-store.ts';
import { AirtableUserStore } from './airtable-store.ts';
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
      /** SQLite file for sessions and login counters (`VOXDESK_DB`): Airtable holds only users. */
      statePath: string;
    }
  | { kind: 'sqlite'; path: string };

export class StoreConfigError extends Error {
  override name = 'StoreConfigError';
}

const AIRTABLE_VARS = ['AIRTABLE_BASE_ID', 'AIRTABLE_TABLE_ID', 'AIRTABLE_TOKEN'] as const;

/**
 * All three `AIRTABLE_*` variables → Airtable; none → SQLite at `VOXDESK_DB` (relative to
 * `cwd`); a partial set is a mistake worth stopping for. Empty values count as unset.
 */
export function storeConfigFromEnv(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): StoreConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const present = AIRTABLE_VARS.filter((name) => value(name));
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
 * SQLite: one file for everything. Airtable: users and leads in the hosted base (leads in a
 * second table, so the owner follows them up in Airtable too; one connection and rate limiter
 * for both); sessions and login counters in the local SQLite file, so signed-in requests and
 * refused logins spend none of the base's 5 requests/s (docs/security.md).
 */
export function createStore(config: StoreConfig): Store {
  if (config.kind === 'sqlite') return new SqliteStore(config.path);
  const connection = new AirtableConnection(config);
  const users = new AirtableUserStore({ ...config, connection });
  const leads = new AirtableLeadStore({ connection, tableId: config.leadsTableId ?? DEFAULT_LEADS_TABLE });
  const state = new SqliteStore(config.statePath);
  return {
    users,
    sessions: state,
    attempts: state,
    leads,
    async close() {
      await users.close();
      await state.close();
    },
  };
}
