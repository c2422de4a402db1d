import { describe, expect, it } from 'vitest';
import { StoreConfigError, storeConfigFromEnv } from '../src/config.ts';

describe('storeConfigFromEnv', () => {
  it('uses SQLite at ./.data/voxdesk.db relative to cwd by default', () => {
    expect(storeConfigFromEnv({}, '/srv/app')).toEqual({ kind: 'sqlite', path: '/srv/app/.data/voxdesk.db' });
    expect(storeConfigFromEnv({ VOXDESK_DB: 'db/users.db' }, '/srv')).toEqual({
      kind: 'sqlite',
      path: '/srv/db/users.db',
    });
    expect(storeConfigFromEnv({ VOXDESK_DB: '/var/x.db', AIRTABLE_TOKEN: '' }, '/srv')).toMatchObject({
      path: '/var/x.db',
    });
  });

  it('uses Airtable when all three variables are set', () => {
    expect(
      storeConfigFromEnv(
        { AIRTABLE_BASE_ID: 'app1', AIRTABLE_TABLE_ID: 'tbl1', AIRTABLE_TOKEN: 'pat1' },
        '/srv/voxdesk',
      ),
    ).toEqual({
      kind: 'airtable',
      baseId: 'app1',
      tableId: 'tbl1',
      token: 'pat1',
      // Sessions and login counters stay in the local SQLite file.
      statePath: '/srv/voxdesk/.data/voxdesk.db',
    });
  });

  it('names what is missing from a partial Airtable set', () => {
    expect(() => storeConfigFromEnv({ AIRTABLE_TOKEN: 'pat1' })).toThrow(StoreConfigError);
    expect(() => storeConfigFromEnv({ AIRTABLE_TOKEN: 'pat1' })).toThrow(
      'Airtable is partly configured: AIRTABLE_TOKEN is set but AIRTABLE_BASE_ID, AIRTABLE_TABLE_ID are missing.',
    );
    expect(() => storeConfigFromEnv({ AIRTABLE_BASE_ID: 'a', AIRTABLE_TABLE_ID: 't' })).toThrow(
      'AIRTABLE_BASE_ID, AIRTABLE_TABLE_ID are set but AIRTABLE_TOKEN is missing',
    );
  });

  it('uses PostgreSQL when DATABASE_URL is set, with pool size and statement timeout', () => {
    expect(storeConfigFromEnv({ DATABASE_URL: ' postgres://u:p@db:5432/voxdesk ' })).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/voxdesk',
      poolSize: 10,
      statementTimeoutMs: 1_200,
    });
    expect(
      storeConfigFromEnv({
        DATABASE_URL: 'postgresql://db/voxdesk?sslmode=verify-full',
        DATABASE_POOL_SIZE: '4',
        DATABASE_STATEMENT_TIMEOUT_MS: '250',
        AIRTABLE_TOKEN: '',
      }),
    ).toEqual({
      kind: 'postgres',
      url: 'postgresql://db/voxdesk?sslmode=verify-full',
      poolSize: 4,
      statementTimeoutMs: 250,
    });
  });

  it('refuses a bad DATABASE_URL, pool size or timeout, and Postgres together with Airtable', () => {
    expect(() => storeConfigFromEnv({ DATABASE_URL: 'mysql://db/x' })).toThrow(
      'DATABASE_URL must be a PostgreSQL connection string: postgres://user:password@host:5432/database',
    );
    expect(() => storeConfigFromEnv({ DATABASE_URL: 'postgres://db/x', DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "0").',
    );
    expect(() =>
      storeConfigFromEnv({ DATABASE_URL: 'postgres://db/x', DATABASE_STATEMENT_TIMEOUT_MS: '5s' }),
    ).toThrow('DATABASE_STATEMENT_TIMEOUT_MS must be a whole number from 100 to 600000 (got "5s").');
    expect(() => storeConfigFromEnv({ DATABASE_URL: 'postgres://db/x', AIRTABLE_TOKEN: 'pat' })).toThrow(
      'DATABASE_URL and AIRTABLE_TOKEN are both set. Choose one store',
    );
  });
});

describe('createStore on Airtable', () => {
  it('keeps leads in the base (AIRTABLE_LEADS_TABLE, default Leads) and sessions in local SQLite', async () => {
    const { airtableHarness, closeMsw } = await import('./stores.ts');
    const { createStore } = await import('../src/config.ts');
    const { fake } = airtableHarness();
    const config = storeConfigFromEnv({
      AIRTABLE_BASE_ID: fake.baseId,
      AIRTABLE_TABLE_ID: fake.tableId,
      AIRTABLE_TOKEN: fake.token,
      AIRTABLE_ENDPOINT_URL: fake.endpointUrl,
      AIRTABLE_LEADS_TABLE: 'Leads',
      VOXDESK_DB: ':memory:',
    });
    expect(config).toMatchObject({ kind: 'airtable', leadsTableId: 'Leads' });
    expect(
      storeConfigFromEnv({ AIRTABLE_BASE_ID: 'a', AIRTABLE_TABLE_ID: 't', AIRTABLE_TOKEN: 'p' }),
    ).not.toHaveProperty('leadsTableId');
    const store = createStore(config);
    try {
      await store.leads.createLead(
        {
          name: 'Ada',
          email: 'ada@example.com',
          company: null,
          phone: null,
          message: null,
          slot: null,
          timeZone: null,
          language: 'en',
          sourcePage: '/',
        },
        1_000,
      );
      expect(fake.leads).toHaveLength(1);
      expect(fake.leads[0]!.fields).toMatchObject({ Name: 'Ada', Status: 'new' });
    } finally {
      await store.close();
      closeMsw();
    }
  });
});
