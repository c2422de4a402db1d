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
