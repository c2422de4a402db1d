// @vitest-environment node
// The Admin's lead routes: who may read them, paging, status changes, the CSV export.
import { LeadNotFoundError } from '@voxdesk/auth';
import { describe, expect, it } from 'vitest';
import { admin, client, loggedIn } from './harness.ts';
import { booking, server, useLeadsServer } from './leads-fixture.ts';

useLeadsServer();

describe("the Admin's leads", () => {
  async function seed() {
    const base = server.clock.now;
    const a = await server.store.leads.createLead(
      { ...booking, email: 'a@example.com', name: '=HYPERLINK("http://evil")' },
      base,
    );
    const b = await server.store.leads.createLead(
      {
        ...booking,
        email: 'b@example.com',
        name: 'Bo, "the" boss',
        phone: '+61 400 000 000',
        message: 'line1\nline2',
        language: 'en',
      },
      base + 1_000,
    );
    return { a, b };
  }

  it.each([
    ['GET', '/api/leads'],
    ['GET', '/api/leads.csv'],
    ['PATCH', '/api/leads/lead_x'],
    ['POST', '/api/leads/visit'],
    ['GET', '/api/leads/lead_x/notes'],
    ['POST', '/api/leads/lead_x/notes'],
    ['POST', '/api/leads/lead_x/anonymise'],
    ['DELETE', '/api/leads/lead_x'],
  ])('%s %s: 401 without a session, 403 for a Client', async (method, path) => {
    const json = method === 'PATCH' ? { status: 'closed' } : method === 'POST' ? { text: 'x' } : undefined;
    expect((await server.browser().request(method, path, { json })).status).toBe(401);
    const asClient = await loggedIn(server, client);
    const refused = await asClient.request(method, path, { json });
    expect(refused.status).toBe(403);
  });

  it('lists newest first, pages, and changes a status', async () => {
    const { a, b } = await seed();
    const browser = await loggedIn(server, admin);
    const first = await browser.request('GET', '/api/leads?limit=1');
    const page1 = (await first.json()) as { leads: { id: string }[]; next: string };
    expect(page1.leads.map((l) => l.id)).toEqual([b.id]);
    const page2 = (await (await browser.request('GET', `/api/leads?limit=1&after=${page1.next}`)).json()) as {
      leads: { id: string }[];
      next?: string;
    };
    expect(page2).toEqual({ leads: [expect.objectContaining({ id: a.id })] });
    expect((await browser.request('GET', '/api/leads?limit=0')).status).toBe(400);
    expect((await browser.request('GET', '/api/leads?after=zzz')).status).toBe(400);

    server.clock.now += 60_000;
    const patched = await browser.request('PATCH', `/api/leads/${a.id}`, { json: { status: 'contacted' } });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({
      lead: { ...a, status: 'contacted', updatedAt: server.clock.now },
    });

    const bad = await browser.request('PATCH', `/api/leads/${a.id}`, { json: { status: 'won' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'status must be new, contacted, invited or closed (a held lead is released, not set)',
      field: 'status',
    });
    const unknown = await browser.request('PATCH', '/api/leads/lead_nope', { json: { status: 'closed' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: 'No lead has the id lead_nope. Reload the list and try again.',
    });
    const badId = await browser.request('PATCH', '/api/leads/..%2F..', { json: { status: 'closed' } });
    expect(badId.status).toBe(400);
  });

  it('exports CSV that a spreadsheet opens as text: formulas neutralised, quotes and line breaks kept', async () => {
    const { a, b } = await seed();
    const browser = await loggedIn(server, admin);
    const response = await browser.request('GET', '/api/leads.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="voxdesk-leads-2026-11-21.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '"Received","Status","Name","Email","Company","Phone","Slot","Time Zone","Language","Source Page","Message","Requests","Last Request","Id"',
    );
    expect(lines[1]).toMatch(/,"1","2026-11-2\dT[^"]+Z","lead_/);
    expect(lines[1]).toContain('"Bo, ""the"" boss"');
    // The phone opens as typed, not as `'+61…` or a formula: a leading space.
    expect(lines[1]).toContain(`" +61 400 000 000"`);
    expect(csv).toContain('"line1\nline2"');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).not.toMatch(/(^|,)"?[=+@-]/m);
    expect(csv.indexOf(b.id)).toBeLessThan(csv.indexOf(a.id));
  });

  it('searches and filters on the server, pages within the filter, and exports what the filter shows', async () => {
    const { a, b } = await seed();
    const browser = await loggedIn(server, admin);
    const ids = async (query: string) => {
      const response = await browser.request('GET', `/api/leads?${query}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { leads: { id: string }[] }).leads.map((l) => l.id);
    };
    expect(await ids('search=BOSS')).toEqual([b.id]);
    expect(await ids('search=hyperlink+evil')).toEqual([a.id]);
    expect(await ids('language=sq')).toEqual([a.id]);
    expect(await ids('sourcePage=%2Fchatbot&language=en')).toEqual([b.id]);
    // A GET form sends every field: blank ones mean "any".
    expect(await ids('search=&status=&from=&to=&sourcePage=&language=')).toEqual([b.id, a.id]);
    expect(await ids(`from=${server.clock.now + 1}`)).toEqual([b.id]);
    expect(await ids(`to=${server.clock.now + 1}`)).toEqual([a.id]);
    await browser.request('PATCH', `/api/leads/${b.id}`, { json: { status: 'invited' } });
    expect(await ids('status=invited')).toEqual([b.id]);
    const page = (await (await browser.request('GET', '/api/leads?status=new&limit=1')).json()) as object;
    expect(page).toEqual({ leads: [expect.objectContaining({ id: a.id })] });

    const csv = await (await browser.request('GET', '/api/leads.csv?status=invited')).text();
    expect(csv).toContain(b.id);
    expect(csv).not.toContain(a.id);

    for (const [query, field, error] of [
      ['status=won', 'status', 'status must be held, new, contacted, invited or closed'],
      ['language=de', 'language', 'language must be en (English) or sq (Albanian)'],
      ['from=yesterday', 'from', 'from must be a time in milliseconds since 1970'],
      ['from=20&to=10', 'from', 'The first day of the range must not be after the last one'],
      ['sourcePage=..%2Fetc', 'sourcePage', 'sourcePage must be a path on this site, such as /chatbot'],
      [`search=${'x'.repeat(201)}`, 'search', 'search is too long (at most 200 characters)'],
    ]) {
      for (const path of ['/api/leads', '/api/leads.csv']) {
        const refused = await browser.request('GET', `${path}?${query}`);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toEqual({ error, field });
      }
    }
  });

  it("counts the leads new since this Admin's previous visit, kept across a reload", async () => {
    // Signed in afresh each time: the clock jumps past the session's idle timeout.
    const visit = async () => {
      const browser = await loggedIn(server, admin);
      const response = await browser.request('POST', '/api/leads/visit', { json: {} });
      expect(response.status).toBe(200);
      return response.json();
    };
    await seed();
    server.clock.now += 2_000; // both leads received
    expect(await visit()).toEqual({ since: null, newCount: 2 }); // first visit: all are new
    const firstLook = server.clock.now;
    server.clock.now += 60 * 60_000; // an hour later: a new visit
    expect(await visit()).toEqual({ since: firstLook, newCount: 0 });
    const lastLook = server.clock.now;
    server.clock.now += 1_000;
    const late = await server.store.leads.createLead(
      { ...booking, email: 'c@example.com' },
      server.clock.now,
    );
    server.clock.now += 24 * 60 * 60_000; // the next day
    expect(await visit()).toEqual({ since: lastLook, newCount: 1 });
    server.clock.now += 5 * 60_000; // a reload within the visit keeps it
    expect(await visit()).toEqual({ since: lastLook, newCount: 1 });
    expect(late.createdAt).toBeGreaterThan(lastLook);
  });

  it('a note on a lead that is gone is a 404, and nothing is logged', async () => {
    const browser = await loggedIn(server, admin);
    const missing = 'lead_00000000000000000000000000000000';
    const added = await browser.request('POST', `/api/leads/${missing}/notes`, { json: { text: 'Hello' } });
    expect(added.status).toBe(404);
    const log = await browser.request('GET', `/api/leads/${missing}/notes`);
    expect(((await log.json()) as { notes?: unknown[] }).notes ?? []).toEqual([]);
  });

  it("keeps a lead's notes and status changes with who and when", async () => {
    const { a } = await seed();
    const browser = await loggedIn(server, admin);
    const t = server.clock.now;
    const added = await browser.request('POST', `/api/leads/${a.id}/notes`, {
      json: { text: '  Called, no answer.\nTry Friday.  ' },
    });
    expect(added.status).toBe(201);
    const { note } = (await added.json()) as { note: { id: string } };
    expect(note).toEqual({
      id: expect.any(String),
      leadId: a.id,
      kind: 'note',
      text: 'Called, no answer.\nTry Friday.',
      author: { id: expect.any(String), name: admin.name },
      createdAt: t,
    });
    server.clock.now += 1_000;
    await browser.request('PATCH', `/api/leads/${a.id}`, { json: { status: 'contacted' } });
    const log = await (await browser.request('GET', `/api/leads/${a.id}/notes`)).json();
    expect(log).toEqual({
      notes: [note, expect.objectContaining({ kind: 'status', text: 'contacted', createdAt: t + 1_000 })],
    });

    for (const [json, error] of [
      [{ text: '   ' }, 'Write the note first'],
      [{ text: 'x'.repeat(2001) }, 'The note is too long (at most 2000 characters)'],
      [
        { text: 'bell\u0007' },
        'The note contains characters that cannot be typed (control characters); remove them',
      ],
      [{}, 'Write the note first'],
    ] as const) {
      const refused = await browser.request('POST', `/api/leads/${a.id}/notes`, { json });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error, field: 'text' });
    }
    const unknown = await browser.request('POST', '/api/leads/lead_nope/notes', { json: { text: 'x' } });
    expect(unknown.status).toBe(404);
  });

  it('a privacy-request delete removes the lead and its notes; the log keeps only who and when', async () => {
    const { a, b } = await seed();
    const browser = await loggedIn(server, admin);
    await browser.request('POST', `/api/leads/${a.id}/notes`, {
      json: { text: 'Her phone is +355 69 000 0000' },
    });
    const deleted = await browser.request('DELETE', `/api/leads/${a.id}`);
    expect(deleted.status).toBe(204);
    const listed = (await (await browser.request('GET', '/api/leads')).json()) as { leads: { id: string }[] };
    expect(listed.leads.map((l) => l.id)).toEqual([b.id]);
    const log = (await (await browser.request('GET', `/api/leads/${a.id}/notes`)).json()) as object;
    expect(log).toEqual({
      notes: [
        {
          id: expect.any(String),
          leadId: a.id,
          kind: 'deleted',
          text: null,
          author: { id: expect.any(String), name: admin.name },
          createdAt: server.clock.now,
        },
      ],
    });
    expect(JSON.stringify(log)).not.toMatch(/355|HYPERLINK|a@example/);
    await expect(server.store.leads.findLead(a.id)).rejects.toBeInstanceOf(LeadNotFoundError);
    expect((await browser.request('DELETE', `/api/leads/${a.id}`)).status).toBe(404);
    expect((await browser.request('DELETE', '/api/leads/..%2F..')).status).toBe(400);
  });

  it('anonymises a lead: the person is gone from it, its notes and the CSV; the status stays', async () => {
    const { b } = await seed();
    const browser = await loggedIn(server, admin);
    await browser.request('PATCH', `/api/leads/${b.id}`, { json: { status: 'closed' } });
    await browser.request('POST', `/api/leads/${b.id}/notes`, { json: { text: 'Bo is the boss' } });
    const answer = await browser.request('POST', `/api/leads/${b.id}/anonymise`, { json: {} });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      lead: {
        ...b,
        name: 'Anonymised',
        email: '',
        company: null,
        phone: null,
        message: null,
        slot: null,
        timeZone: null,
        status: 'closed',
        updatedAt: server.clock.now,
      },
    });
    const log = (await (await browser.request('GET', `/api/leads/${b.id}/notes`)).json()) as {
      notes: { kind: string; text: string | null }[];
    };
    expect(log.notes.map((n) => [n.kind, n.text])).toEqual([['anonymised', null]]);
    const csv = await (await browser.request('GET', '/api/leads.csv')).text();
    expect(csv).not.toMatch(/Bo, |b@example\.com|400 000 000|line1/);
    expect(csv).toContain('"Anonymised"');
  });

  it('exports hostile cells defused and phone numbers readable', async () => {
    const hostile = [
      '=HYPERLINK("http://evil","x")',
      '+SUM(1,2)',
      "-2+3+cmd|' /C calc'!A0",
      '@SUM(1)',
      '\t=1+1',
      '\r=1+1',
    ];
    const ids: string[] = [];
    for (const [i, text] of hostile.entries()) {
      const lead = await server.store.leads.createLead(
        { ...booking, name: text, company: text, message: text, email: `h${i}@example.com` },
        server.clock.now + i,
      );
      ids.push(lead.id);
    }
    const phones = ['+355 69 123 4567', '(02) 9999 0000', '-1 555', '0691234567'];
    for (const [i, phone] of phones.entries()) {
      await server.store.leads.createLead(
        { ...booking, phone, email: `p${i}@example.com` },
        server.clock.now + 10 + i,
      );
    }
    // A number typed in Airtable by hand is not in the forms' syntax: escaped like any cell.
    await server.store.leads.createLead(
      { ...booking, phone: '+1+cmd|calc!A0', email: 'x@example.com' },
      server.clock.now + 20,
    );
    const browser = await loggedIn(server, admin);
    const csv = await (await browser.request('GET', '/api/leads.csv')).text();
    const cell = (text: string) => `"${text.replaceAll('"', '""')}"`;
    for (const text of hostile) {
      // Name, company and message: each prefixed with ' (the cell opens as text).
      expect(csv.split(cell(`'${text}`)).length - 1, text).toBe(3);
    }
    for (const phone of phones) expect(csv).toContain(`,${cell(` ${phone}`)},`);
    expect(csv).toContain(`,${cell(`'+1+cmd|calc!A0`)},`);
    // No cell of the file starts a formula.
    expect(csv).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
  });
});
