import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BadCursorError, LeadNotFoundError, LeadNotHeldError } from '../src/errors.ts';
import { LEAD_STATUSES } from '../src/lead-record.ts';
import type { LeadFilter, LeadRecord, NewLead } from '../src/types.ts';
import { airtableHarness, closeMsw, postgresHarness, sqliteHarness, type StoreHarness } from './stores.ts';

afterAll(closeMsw);

const T0 = Date.parse('2026-11-23T08:00:00.000Z');
const DAY = 24 * 60 * 60_000;

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
      requests: 1,
      lastRequestAt: T0,
    });
    const bare = await harness.store.leads.createLead(contact, T0 + 1);
    expect(bare.id).not.toBe(created.id);
    const { leads } = await harness.store.leads.listLeads({ limit: 10 });
    expect(leads).toEqual([
      {
        ...contact,
        id: bare.id,
        status: 'new',
        createdAt: T0 + 1,
        updatedAt: T0 + 1,
        requests: 1,
        lastRequestAt: T0 + 1,
      },
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
      await harness.store.leads.createLead(
        { ...booking, email: `odd${i}@example.com`, name: text, message: text, company: text },
        T0 + i,
      );
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

  describe('search and filters', () => {
    /** Five leads over three days, two languages, two pages and three statuses. */
    async function seedFive() {
      const leads = harness.store.leads;
      const arta = await leads.createLead(booking, T0); // sq, /chatbot, "Vila Arta", Durrës
      const bo = await leads.createLead(contact, T0 + DAY); // en, /
      const zoe = await leads.createLead(
        { ...contact, name: 'ZOË Çela', email: 'zoe@shkoder.al', company: 'Çela & Bijtë', language: 'sq' },
        T0 + DAY + 1,
      );
      const hostile = await leads.createLead(
        { ...contact, name: "O'Brien \\ 100%_off", email: 'ob@example.com', message: "' OR 1=1 -- %" },
        T0 + 2 * DAY,
      );
      const dentist = await leads.createLead(
        {
          ...booking,
          name: 'Dr Dent',
          email: 'dent@clinic.example',
          company: null,
          message: 'Need a receptionist for the CLINIC',
        },
        T0 + 2 * DAY + 1,
      );
      await leads.setLeadStatus(bo.id, 'contacted', T0 + 3 * DAY);
      await leads.setLeadStatus(dentist.id, 'invited', T0 + 3 * DAY);
      return { arta, bo, zoe, hostile, dentist };
    }
    const names = (page: { leads: LeadRecord[] }) => page.leads.map((l) => l.name);
    const list = (filter: LeadFilter, limit = 10) => harness.store.leads.listLeads({ limit, ...filter });

    it('searches name, email, company and message, case-insensitively, every word', async () => {
      const { arta, zoe, dentist } = await seedFive();
      expect(names(await list({ search: 'ARTA' }))).toEqual([arta.name]); // name and company
      expect(names(await list({ search: 'shkoder.al' }))).toEqual([zoe.name]); // email
      expect(names(await list({ search: 'zoë çela' }))).toEqual([zoe.name]); // Unicode lower-casing
      expect(names(await list({ search: 'bijtë' }))).toEqual([zoe.name]); // company
      expect(names(await list({ search: 'clinic' }))).toEqual([dentist.name]); // email and message
      expect(names(await list({ search: 'durrës' }))).toEqual([arta.name]); // message
      expect(names(await list({ search: '  receptionist   dr ' }))).toEqual([dentist.name]);
      expect(names(await list({ search: 'receptionist arta' }))).toEqual([]); // both words must match
      expect(names(await list({ search: '   ' }))).toHaveLength(5); // blank: no search
    });

    it('treats quotes, backslashes and wildcards in a search as text', async () => {
      const { hostile } = await seedFive();
      for (const search of ["o'brien", '\\', '100%_off', "' or 1=1", '%']) {
        expect(names(await list({ search }))).toEqual([hostile.name]);
      }
      expect(names(await list({ search: '_' }))).toEqual([hostile.name]);
      expect(names(await list({ search: "') OR TRUE() OR ('" }))).toEqual([]);
    });

    it('filters by status, received range, source page and language, combined with AND', async () => {
      const { arta, bo, zoe, hostile, dentist } = await seedFive();
      expect(names(await list({ status: 'new' }))).toEqual([hostile.name, zoe.name, arta.name]);
      expect(names(await list({ status: 'invited' }))).toEqual([dentist.name]);
      expect(names(await list({ status: 'closed' }))).toEqual([]);
      // from is inclusive, to exclusive: one day exactly.
      expect(names(await list({ from: T0 + DAY, to: T0 + 2 * DAY }))).toEqual([zoe.name, bo.name]);
      expect(names(await list({ from: T0 + 2 * DAY + 1 }))).toEqual([dentist.name]);
      expect(names(await list({ to: T0 + 1 }))).toEqual([arta.name]);
      expect(names(await list({ sourcePage: '/chatbot' }))).toEqual([dentist.name, arta.name]);
      expect(names(await list({ language: 'sq' }))).toEqual([dentist.name, zoe.name, arta.name]);
      expect(names(await list({ language: 'sq', sourcePage: '/', status: 'new' }))).toEqual([zoe.name]);
      expect(names(await list({ language: 'en', search: 'clinic' }))).toEqual([]);
    });

    it('pages a filtered list through every match once, and counts the same matches', async () => {
      for (let n = 0; n < 9; n++) {
        await harness.store.leads.createLead({ ...lead(n), language: n % 2 ? 'sq' : 'en' }, T0 + n);
      }
      const pages: string[][] = [];
      let after: string | undefined;
      do {
        const page = await list({ language: 'en', ...(after ? { after } : {}) }, 2);
        pages.push(names(page));
        after = page.next;
      } while (after);
      expect(pages).toEqual([['Lead 8', 'Lead 6'], ['Lead 4', 'Lead 2'], ['Lead 0']]);
      expect(await harness.store.leads.countLeads({ language: 'en' })).toBe(5);
      expect(await harness.store.leads.countLeads({})).toBe(9);
      expect(await harness.store.leads.countLeads({ from: T0 + 7 })).toBe(2);
      expect(await harness.store.leads.countLeads({ search: 'lead 1' })).toBe(1);
    });
  });

  it("remembers each Admin's last visit: new since it, kept while they come back within the gap", async () => {
    const visits = harness.store.leadVisits;
    const GAP = 30 * 60_000;
    expect(await visits.recordLeadsVisit('usr_a', T0, GAP)).toBeNull(); // first visit: everything is new
    expect(await visits.recordLeadsVisit('usr_a', T0 + 60_000, GAP)).toBeNull(); // a reload, same visit
    expect(await visits.recordLeadsVisit('usr_b', T0 + 60_000, GAP)).toBeNull(); // per Admin
    // Back the next day: new since the last look of the previous visit.
    expect(await visits.recordLeadsVisit('usr_a', T0 + DAY, GAP)).toBe(T0 + 60_000);
    expect(await visits.recordLeadsVisit('usr_a', T0 + DAY + 5_000, GAP)).toBe(T0 + 60_000);
    // A late answer from an older request does not move the visit back.
    expect(await visits.recordLeadsVisit('usr_a', T0, GAP)).toBe(T0 + 60_000);
    expect(await visits.recordLeadsVisit('usr_a', T0 + 2 * DAY, GAP)).toBe(T0 + DAY + 5_000);
    expect(await visits.recordLeadsVisit('usr_b', T0 + 2 * DAY, GAP)).toBe(T0 + 60_000);
  });

  describe('notes and privacy requests', () => {
    const ada = { id: 'usr_ada', name: 'Ada Admin' };
    const bo = { id: 'usr_bo', name: 'Bo Boss' };

    it('keeps a log per lead, oldest first, with who and when; the newest when limited', async () => {
      const one = await harness.store.leads.createLead(booking, T0);
      const two = await harness.store.leads.createLead(contact, T0);
      const notes = harness.store.leadNotes;
      const first = await notes.addLeadNote(
        { leadId: one.id, kind: 'note', text: 'Called, no answer', author: ada },
        T0 + 1,
      );
      expect(first).toEqual({
        id: expect.any(String),
        leadId: one.id,
        kind: 'note',
        text: 'Called, no answer',
        author: ada,
        createdAt: T0 + 1,
      });
      await notes.addLeadNote({ leadId: two.id, kind: 'note', text: 'Other lead', author: bo }, T0 + 2);
      await notes.addLeadNote({ leadId: one.id, kind: 'status', text: 'contacted', author: bo }, T0 + 3);
      await notes.addLeadNote(
        { leadId: one.id, kind: 'note', text: "Wants a demo 'Friday' \\ 🙂", author: ada },
        T0 + 4,
      );
      const log = await notes.listLeadNotes(one.id, 50);
      expect(log.map((n) => [n.kind, n.text, n.author.name, n.createdAt])).toEqual([
        ['note', 'Called, no answer', 'Ada Admin', T0 + 1],
        ['status', 'contacted', 'Bo Boss', T0 + 3],
        ['note', "Wants a demo 'Friday' \\ 🙂", 'Ada Admin', T0 + 4],
      ]);
      expect(log[0]).toEqual(first);
      expect((await notes.listLeadNotes(one.id, 2)).map((n) => n.createdAt)).toEqual([T0 + 3, T0 + 4]);
      expect(await notes.listLeadNotes('lead_none', 50)).toEqual([]);
    });

    it('a privacy-request delete removes the lead and its notes, and logs only that it happened', async () => {
      const gone = await harness.store.leads.createLead(booking, T0);
      const kept = await harness.store.leads.createLead(contact, T0 + 1);
      const notes = harness.store.leadNotes;
      await notes.addLeadNote(
        { leadId: gone.id, kind: 'note', text: 'Arta’s husband is Besnik', author: ada },
        T0 + 2,
      );
      await notes.addLeadNote({ leadId: kept.id, kind: 'note', text: 'Keep me', author: ada }, T0 + 2);

      await harness.store.leads.deleteLead(gone.id);
      const entry = await notes.recordPrivacyAction(gone.id, 'deleted', bo, T0 + 3);

      await expect(harness.store.leads.findLead(gone.id)).rejects.toBeInstanceOf(LeadNotFoundError);
      expect((await harness.store.leads.listLeads({ limit: 10 })).leads.map((l) => l.id)).toEqual([kept.id]);
      expect(await harness.store.leads.countLeads({ search: 'arta' })).toBe(0);
      expect(await notes.listLeadNotes(gone.id, 50)).toEqual([entry]);
      expect(entry).toMatchObject({ kind: 'deleted', text: null, author: bo, createdAt: T0 + 3 });
      expect(JSON.stringify(entry)).not.toMatch(/arta|besnik|krasniqi/i);
      expect((await notes.listLeadNotes(kept.id, 50)).map((n) => n.text)).toEqual(['Keep me']);
      await expect(harness.store.leads.deleteLead(gone.id)).rejects.toBeInstanceOf(LeadNotFoundError);
    });

    it('anonymising keeps the figures, clears the person, drops the notes and logs it', async () => {
      const lead = await harness.store.leads.createLead(booking, T0);
      await harness.store.leads.setLeadStatus(lead.id, 'contacted', T0 + 1);
      await harness.store.leadNotes.addLeadNote(
        { leadId: lead.id, kind: 'note', text: 'Lives in Durrës', author: ada },
        T0 + 2,
      );
      const anonymised = await harness.store.leads.anonymiseLead(lead.id, T0 + 3);
      await harness.store.leadNotes.recordPrivacyAction(lead.id, 'anonymised', ada, T0 + 3);
      const expected = {
        ...lead,
        name: 'Anonymised',
        email: '',
        company: null,
        phone: null,
        message: null,
        slot: null,
        timeZone: null,
        status: 'contacted',
        updatedAt: T0 + 3,
      };
      expect(anonymised).toEqual(expected);
      expect(await harness.store.leads.findLead(lead.id)).toEqual(expected);
      expect(await harness.store.leads.countLeads({ search: 'durrës' })).toBe(0);
      expect(await harness.store.leads.countLeads({ search: 'arta' })).toBe(0);
      expect((await harness.store.leadNotes.listLeadNotes(lead.id, 50)).map((n) => [n.kind, n.text])).toEqual(
        [['anonymised', null]],
      );
      const unknownId = lead.id.startsWith('rec') ? 'recDoesNotExist00' : 'lead_missing';
      await expect(harness.store.leads.anonymiseLead(unknownId, T0)).rejects.toBeInstanceOf(
        LeadNotFoundError,
      );
      await expect(harness.store.leads.findLead(unknownId)).rejects.toBeInstanceOf(LeadNotFoundError);
    });
  });

  describe('one lead per person', () => {
    const again: NewLead = {
      ...booking,
      name: 'Arta K.',
      email: '  ARTA@Example.AL ',
      company: null,
      phone: '+355 68 000 1111',
      message: 'A second question about Sarandë',
      slot: '2026-11-30T09:00:00.000Z',
      timeZone: 'Europe/Rome',
      sourcePage: '/',
    };
    const mail = (to: string) => ({
      topic: 'lead-owner',
      payload: { kind: 'email' as const, to, subject: 's', text: 't', html: '<p>h</p>' },
    });

    it('a repeat from the same address (any case, spaces) is counted and logged on the open lead', async () => {
      const told: number[] = [];
      const messages = ({ requests }: { requests: number }) => {
        told.push(requests);
        return [mail(`owner+${requests}@example.com`)];
      };
      const first = await harness.store.leads.createLead(booking, T0, messages);
      const second = await harness.store.leads.createLead(again, T0 + DAY, messages);

      expect(told).toEqual([1, 2]);
      expect(second).toEqual({
        ...first,
        // The call asked for and the phone are the newest; the first message and name stay.
        phone: again.phone,
        slot: again.slot,
        timeZone: again.timeZone,
        requests: 2,
        lastRequestAt: T0 + DAY,
        updatedAt: T0 + DAY,
      });
      expect(await harness.store.leads.findLead(first.id)).toEqual(second);
      expect((await harness.store.leads.listLeads({ limit: 10 })).leads).toEqual([second]);
      const log = await harness.store.leadNotes.listLeadNotes(first.id, 10);
      expect(log).toEqual([
        {
          id: expect.any(String),
          leadId: first.id,
          kind: 'request',
          text: again.message,
          author: { id: 'visitor', name: 'Arta K.' },
          createdAt: T0 + DAY,
          slot: again.slot,
          timeZone: again.timeZone,
        },
      ]);
      // New since a visit between the two requests; received before it.
      expect(await harness.store.leads.countLeads({ requestedFrom: T0 + 1 })).toBe(1);
      expect(await harness.store.leads.countLeads({ from: T0 + 1 })).toBe(0);
      expect(await harness.store.leads.countLeads({ requestedFrom: T0 + DAY + 1 })).toBe(0);
      // The repeat's words are searchable too (SQL stores; an Airtable formula sees only the
      // base's fields, and the repeat's message is in the local log: docs/site.md).
      const inAirtable = first.id.startsWith('rec');
      expect(await harness.store.leads.countLeads({ search: 'sarandë' })).toBe(inAirtable ? 0 : 1);
      // Both notifications were queued, each for its own request.
      expect((await harness.store.outbox.summary()).waiting).toBe(2);
    });

    it('a held lead (site-wide cap) is stored without mail, repeats too, until one release mails once', async () => {
      const told: number[] = [];
      const messages = ({ requests }: { requests: number }) => {
        told.push(requests);
        return [mail(`owner+${requests}@example.com`)];
      };
      const leads = harness.store.leads;
      const held = await leads.createLead(booking, T0, messages, 'held');
      expect(held.status).toBe('held');
      // A repeat of a held lead is counted on it, and waits with it.
      const repeat = await leads.createLead(again, T0 + 1000, messages);
      expect(repeat).toMatchObject({ id: held.id, status: 'held', requests: 2 });
      expect(told).toEqual([]);
      expect((await harness.store.outbox.summary()).waiting).toBe(0);
      expect(await leads.countLeads({ status: 'held' })).toBe(1);
      expect((await leads.listLeads({ limit: 5, status: 'held' })).leads.map((l) => l.id)).toEqual([held.id]);

      // Two Admins release it at once: one wins, the other is told it is no longer held.
      const both = await Promise.allSettled([
        leads.releaseLead(held.id, T0 + 2000, messages),
        leads.releaseLead(held.id, T0 + 2000, messages),
      ]);
      const released = both.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(released).toHaveLength(1);
      expect(released[0]).toMatchObject({ id: held.id, status: 'new', requests: 2, updatedAt: T0 + 2000 });
      const refused = both.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(LeadNotHeldError);
      expect(refused[0]).toMatchObject({ status: 409 });
      // The owner hears of it once, as a first request.
      expect(told).toEqual([1]);
      expect((await harness.store.outbox.summary()).waiting).toBe(1);
      expect(await leads.findLead(held.id)).toMatchObject({ status: 'new' });

      await expect(leads.releaseLead(held.id, T0 + 3000, messages)).rejects.toBeInstanceOf(LeadNotHeldError);
      const unknownId = held.id.startsWith('rec') ? 'recDoesNotExist00' : 'lead_missing';
      await expect(leads.releaseLead(unknownId, T0, messages)).rejects.toBeInstanceOf(LeadNotFoundError);
      expect(told).toEqual([1]);
    });

    it('another address, an anonymised lead or a deleted one make a new lead', async () => {
      const leads = harness.store.leads;
      const arta = await leads.createLead(booking, T0);
      const other = await leads.createLead({ ...booking, email: 'arta2@example.al' }, T0 + 1);
      expect(other.id).not.toBe(arta.id);
      await leads.anonymiseLead(arta.id, T0 + 2);
      const afterAnonymised = await leads.createLead(booking, T0 + 3);
      expect(afterAnonymised.id).not.toBe(arta.id);
      expect(afterAnonymised.requests).toBe(1);
      await leads.deleteLead(afterAnonymised.id);
      const afterDeleted = await leads.createLead(booking, T0 + 4);
      expect([arta.id, afterAnonymised.id]).not.toContain(afterDeleted.id);
      expect(afterDeleted.requests).toBe(1);
      expect(await leads.countLeads({})).toBe(3);
    });

    it('eight requests of one address at once make one lead counting eight', async () => {
      // Open the pool's connections first, so the eight really overlap on PostgreSQL.
      await Promise.all(Array.from({ length: 10 }, () => harness.store.leads.countLeads({})));
      const sent = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          harness.store.leads.createLead(
            { ...again, email: n % 2 ? booking.email : again.email, message: `Request ${n}` },
            T0 + n,
          ),
        ),
      );
      expect(new Set(sent.map((lead) => lead.id)).size).toBe(1);
      const { leads } = await harness.store.leads.listLeads({ limit: 10 });
      expect(leads).toHaveLength(1);
      expect(leads[0]!.requests).toBe(8);
      expect(sent.map((lead) => lead.requests).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const log = await harness.store.leadNotes.listLeadNotes(leads[0]!.id, 20);
      expect(log.map((entry) => entry.kind)).toEqual(Array(7).fill('request'));
    }, 60_000);
  });

  it('accepts and keeps every status of the one list, invited and held included', async () => {
    const created = await harness.store.leads.createLead(booking, T0);
    for (const [i, status] of LEAD_STATUSES.entries()) {
      const changed = await harness.store.leads.setLeadStatus(created.id, status, T0 + i + 1);
      expect(changed.status).toBe(status);
      expect((await harness.store.leads.listLeads({ limit: 1 })).leads[0]!.status).toBe(status);
    }
    expect(LEAD_STATUSES).toContain('invited');
    expect(LEAD_STATUSES).toContain('held');
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
