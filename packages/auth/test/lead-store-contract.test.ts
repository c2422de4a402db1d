import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BadCursorError, LeadNotFoundError } from '../src/errors.ts';
import type { LeadRecord, NewLead } from '../src/types.ts';
import { airtableHarness, closeMsw, postgresHarness, sqliteHarness, type StoreHarness } from './stores.ts';

afterAll(closeMsw);

const T0 = Date.parse('2026-11-23T08:00:00.000Z');

const booking: NewLead = {
  name: 'Arta Krasniqi',
  email: 'arta@example.al',
  company: 'Vila Arta',
  phone: '+355 69 123 4567',
  message: 'Kemi 12 apartamente në Durrës.',
  slot: '2026-11-24T13:00:00.000Z',
  timeZone: 'Europe/Tirane',
  language: 'sq',
  sourcePage: '/chatbot',
};

const contact: NewLead = {
  name: 'Bo Contact',
  email: 'bo@example.com',
  company: null,
  phone: null,
  message: null,
  slot: null,
  timeZone: null,
  language: 'en',
  sourcePage: '/',
};

const lead = (n: number): NewLead => ({ ...contact, name: `Lead ${n}`, email: `lead${n}@example.com` });

/** Every page from the first, following `next`. */
async function allPages(harness: StoreHarness, limit: number): Promise<LeadRecord[][]> {
  const pages: LeadRecord[][] = [];
  let after: string | undefined;
  do {
    const page = await harness.store.leads.listLeads({ limit, ...(after ? { after } : {}) });
    pages.push(page.leads);
    after = page.next;
  } while (after);
  return pages;
}

describe.each([
  ['Airtable (msw fake, Leads table)', () => airtableHarness({ pageSize: 100 })],
  ['SQLite (temp file)', () => sqliteHarness()],
  ['PostgreSQL (real server)', () => postgresHarness()],
])('LeadStore contract: %s', (_name, makeHarness) => {
  let harness: StoreHarness;
  beforeEach(async () => {
    harness = await makeHarness();
  });
  afterEach(() => harness.dispose());

  it('starts empty', async () => {
    expect(await harness.store.leads.listLeads({ limit: 10 })).toEqual({ leads: [] });
  });

  it('stores a booking and a contact lead with every field, empty ones as null', async () => {
    const created = await harness.store.leads.createLead(booking, T0);
    expect(created).toEqual({
      ...booking,
      id: expect.any(String),
      status: 'new',
      createdAt: T0,
      updatedAt: T0,
    });
    const bare = await harness.store.leads.createLead(contact, T0 + 1);
    expect(bare.id).not.toBe(created.id);
    const { leads } = await harness.store.leads.listLeads({ limit: 10 });
    expect(leads).toEqual([
      { ...contact, id: bare.id, status: 'new', createdAt: T0 + 1, updatedAt: T0 + 1 },
      created,
    ]);
  });

  it('keeps hostile text exactly as sent', async () => {
    const odd = [
      '=HYPERLINK("http://x","y")',
      "' OR TRUE() OR '",
      '<script>alert(1)</script>',
      'line one\nline two\r\n"quoted", comma',
      'Çelësi ë 🙂 \\ back\\slash',
    ];
    for (const [i, text] of odd.entries()) {
      await harness.store.leads.createLead({ ...booking, name: text, message: text, company: text }, T0 + i);
    }
    const { leads } = await harness.store.leads.listLeads({ limit: 10 });
    expect(leads.map((l) => [l.name, l.message, l.company])).toEqual(
      [...odd].reverse().map((text) => [text, text, text]),
    );
  });

  it('lists newest first and pages through every lead exactly once', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 7; n++) ids.push((await harness.store.leads.createLead(lead(n), T0 + n * 1000)).id);
    const pages = await allPages(harness, 3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat().map((l) => l.id)).toEqual([...ids].reverse());
  });

  it('leads created in the same millisecond are all listed once, across pages', async () => {
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, n) => harness.store.leads.createLead(lead(n), T0)),
    );
    const newer = await harness.store.leads.createLead(lead(99), T0 + 1);
    const listed = (await allPages(harness, 2)).flat();
    expect(listed[0]!.id).toBe(newer.id);
    expect(listed.map((l) => l.id).sort()).toEqual([newer, ...created].map((l) => l.id).sort());
    expect(new Set(listed.map((l) => l.id)).size).toBe(6);
  });

  it('retention: deletes exactly the leads created before the cutoff, and says how many', async () => {
    const day = 24 * 60 * 60_000;
    for (const [n, age] of [
      [1, 400],
      [2, 366],
      [3, 365],
      [4, 10],
    ] as const) {
      await harness.store.leads.createLead(lead(n), T0 - age * day);
    }
    // A lead created exactly at the cutoff is kept.
    expect(await harness.store.leads.deleteLeadsCreatedBefore(T0 - 365 * day)).toBe(2);
    const left = (await allPages(harness, 10)).flat().map((kept) => kept.name);
    expect(left).toEqual(['Lead 4', 'Lead 3']);
    expect(await harness.store.leads.deleteLeadsCreatedBefore(T0 - 365 * day)).toBe(0);
  });

  it('refuses a cursor it did not issue with a 400', async () => {
    await harness.store.leads.createLead(lead(1), T0);
    for (const after of ['../etc', 'x'.repeat(300), "1' OR 1=1"]) {
      const attempt = harness.store.leads.listLeads({ limit: 2, after });
      await expect(attempt).rejects.toBeInstanceOf(BadCursorError);
      await expect(attempt).rejects.toMatchObject({ status: 400 });
    }
  });

  it('changes the status and the update time, and says so for an unknown id', async () => {
    const created = await harness.store.leads.createLead(booking, T0);
    const contacted = await harness.store.leads.setLeadStatus(created.id, 'contacted', T0 + 5000);
    expect(contacted).toEqual({ ...created, status: 'contacted', updatedAt: T0 + 5000 });
    const closed = await harness.store.leads.setLeadStatus(created.id, 'closed', T0 + 6000);
    expect((await harness.store.leads.listLeads({ limit: 5 })).leads).toEqual([closed]);

    const unknownId = created.id.startsWith('rec') ? 'recDoesNotExist00' : 'lead_missing';
    const attempt = harness.store.leads.setLeadStatus(unknownId, 'closed', T0);
    await expect(attempt).rejects.toBeInstanceOf(LeadNotFoundError);
    await expect(attempt).rejects.toMatchObject({
      status: 404,
      message: `No lead has the id ${unknownId}. Reload the list and try again.`,
    });
  });
});

describe('Airtable Leads table', () => {
  it('writes the documented field names, sorts by Created At, and leaves empty fields out', async () => {
    const { store, fake } = airtableHarness();
    await store.leads.createLead(contact, T0);
    const post = fake.requests.find((request) => request.method === 'POST')!;
    // airtable.js posts creates to the table path with a trailing slash.
    expect(post.url.pathname).toBe(`/v0/${fake.baseId}/Leads/`);
    expect(post.body).toEqual({
      fields: {
        Name: contact.name,
        Email: contact.email,
        Language: 'en',
        'Source Page': '/',
        Status: 'new',
        'Created At': T0,
        'Updated At': T0,
      },
    });
    await store.leads.listLeads({ limit: 10 });
    const list = fake.requests.at(-1)!.url.searchParams;
    expect(list.get('sort[0][field]')).toBe('Created At');
    expect(list.get('sort[0][direction]')).toBe('desc');
    expect(list.get('pageSize')).toBe('10');
  });

  it('the fake refuses what a real base refuses (unknown field, unknown select option)', async () => {
    const { fake } = airtableHarness();
    const post = (fields: Record<string, unknown>) =>
      fetch(`${fake.endpointUrl}/v0/${fake.baseId}/Leads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fields }),
      });
    const unknownField = await post({ Name: 'x', Nmae: 'typo' });
    expect(unknownField.status).toBe(422);
    expect(await unknownField.json()).toEqual({
      error: { type: 'UNKNOWN_FIELD_NAME', message: 'Unknown field name: "Nmae"' },
    });
    expect((await post({ Status: 'archived' })).status).toBe(422);
    expect(fake.leads).toEqual([]);
  });

  it('shares the base rate limiter with users: a 429 on leads is retried, then a 503', async () => {
    const { store, fake } = airtableHarness();
    fake.rateLimitNext(2);
    await expect(store.leads.createLead(contact, T0)).resolves.toMatchObject({ status: 'new' });
    fake.rateLimitNext(10);
    await expect(store.leads.listLeads({ limit: 5 })).rejects.toMatchObject({
      status: 503,
      message: 'The leads table is busy. Please try again in a few seconds.',
    });
  });
});
