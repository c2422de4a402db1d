import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LeadNotFoundError } from '../src/errors.ts';
import type { NewLead } from '../src/types.ts';
import { airtableHarness, closeMsw, postgresHarness, sqliteHarness, type StoreHarness } from './stores.ts';

afterAll(closeMsw);

const T0 = Date.parse('2026-11-26T08:00:00.000Z');
const lead: NewLead = {
  name: 'Dr Smith',
  email: 'smith@clinic.example',
  company: null,
  phone: null,
  message: null,
  slot: null,
  timeZone: null,
  language: 'sq',
  sourcePage: '/login',
};

describe.each([
  ['Airtable (msw fake, Leads table)', () => airtableHarness({ pageSize: 100 })],
  ['SQLite (temp file)', () => sqliteHarness()],
  ['PostgreSQL (real server)', () => postgresHarness()],
])('a lead found by id and moved to invited: %s', (_name, makeHarness) => {
  let harness: StoreHarness;
  beforeEach(async () => {
    harness = await makeHarness();
  });
  afterEach(() => harness.dispose());

  it('finds the lead, takes the invited status, and 404s an unknown id', async () => {
    const stored = await harness.store.leads.createLead(lead, T0);
    expect(await harness.store.leads.findLead(stored.id)).toMatchObject({
      ...lead,
      id: stored.id,
      status: 'new',
    });
    const invited = await harness.store.leads.setLeadStatus(stored.id, 'invited', T0 + 1);
    expect(invited.status).toBe('invited');
    expect((await harness.store.leads.findLead(stored.id)).status).toBe('invited');
    await expect(harness.store.leads.findLead('recNope0000000000')).rejects.toBeInstanceOf(LeadNotFoundError);
  });
});
