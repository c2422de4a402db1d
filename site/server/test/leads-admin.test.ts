// @vitest-environment node
// The Admin's lead routes: who may read them, paging, status changes, the CSV export.
import { describe, expect, it } from 'vitest';
import { admin, client, loggedIn } from './harness.ts';
import { booking, server } from './leads-fixture.ts';

describe("the Admin's leads", () => {
  async function seed() {
    const base = server.clock.now;
    const a = await server.store.createLead(
      { ...booking, email: 'a@example.com', name: '=HYPERLINK("http://evil")' },
      base,
    );
    const b = await server.store.createLead(
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
  ])('%s %s: 401 without a session, 403 for a Client', async (method, path) => {
    const json = method === 'PATCH' ? { status: 'closed' } : undefined;
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
      error: 'status must be new, contacted, invited or closed',
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
      '"Received","Status","Name","Email","Company","Phone","Slot","Time Zone","Language","Source Page","Message","Id"',
    );
    expect(lines[1]).toContain('"Bo, ""the"" boss"');
    expect(lines[1]).toContain(`"'+61 400 000 000"`);
    expect(csv).toContain('"line1\nline2"');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).not.toMatch(/(^|,)"?[=+@-]/m);
    expect(csv.indexOf(b.id)).toBeLessThan(csv.indexOf(a.id));
  });
});
