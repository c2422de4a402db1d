// @vitest-environment node
// POST /api/leads and the Admin's lead routes, on the real server over loopback HTTP and a
// temp SQLite file. The test clock drives the form token's minimum fill time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN_REFUSED } from '../origin-check.ts';
import { FORM_EXPIRED, TOO_FAST } from '../routes/leads.ts';
import {
  admin,
  client,
  loggedIn,
  SECRET,
  startTestServer,
  type Browser,
  type TestServer,
} from './harness.ts';
import { issueFormToken } from '../form-token.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({
    trustProxy: true,
    leads: { perAddress: { limit: 3, windowMs: 60 * 60_000 } },
  });
});
afterEach(() => server.close());

const booking = {
  name: 'Arta Krasniqi',
  email: ' Arta@Example.AL ',
  company: 'Vila Arta',
  phone: '+355 69 123 4567',
  message: 'Kemi 12 apartamente.\nNë Durrës.',
  slot: '2026-11-24T13:00:00.000Z',
  timeZone: 'Europe/Tirane',
  language: 'sq' as const,
  sourcePage: '/chatbot',
};

/** A token issued now, then the clock moved on as a person types. */
async function freshToken(browser: Browser, typingMs = 5_000): Promise<string> {
  const response = await browser.request('GET', '/api/leads/form-token');
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string; minFillMs: number };
  expect(body.minFillMs).toBe(3_000);
  server.clock.now += typingMs;
  return body.token;
}

const storedLeads = async () => (await server.store.listLeads({ limit: 100 })).leads;

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('POST /api/leads (JSON)', () => {
  it('stores a booking (201) with a normalised email, as new, and answers nothing more', async () => {
    const browser = server.browser();
    const formToken = await freshToken(browser);
    const response = await browser.request('POST', '/api/leads', { json: { ...booking, formToken } });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ received: true });
    expect(await storedLeads()).toEqual([
      {
        ...booking,
        email: 'arta@example.al',
        id: expect.stringMatching(/^lead_/),
        status: 'new',
        createdAt: server.clock.now,
        updatedAt: server.clock.now,
      },
    ]);
  });

  it('accepts the short contact form: only name and email; the rest defaults', async () => {
    const browser = server.browser();
    const formToken = await freshToken(browser);
    const response = await browser.request('POST', '/api/leads', {
      json: { name: 'Bo', email: 'bo@example.com', company: '  ', formToken },
    });
    expect(response.status).toBe(201);
    expect(await storedLeads()).toMatchObject([
      { name: 'Bo', company: null, phone: null, slot: null, language: 'en', sourcePage: '/' },
    ]);
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: ['Ada'] }, 'name', 'Name is required'],
    [
      { name: 'A\u0000da' },
      'name',
      'Name contains characters that cannot be typed (control characters); remove them',
    ],
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address, such as name@example.com'],
    [
      { phone: 'call me maybe' },
      'phone',
      'Enter a phone number with digits, spaces and + ( ) - only, such as +355 69 123 4567',
    ],
    [{ company: 'x'.repeat(201) }, 'company', 'Company name is too long (at most 200 characters)'],
    [
      { slot: '2024-01-23T14:00-05:00' },
      'slot',
      'Choose one of the offered time slots (the list may be out of date: reload the page)',
    ],
    [
      { slot: '2027-06-01T10:00:00Z' },
      'slot',
      'Choose one of the offered time slots (the list may be out of date: reload the page)',
    ],
    [
      { slot: 'Tuesday 2pm' },
      'slot',
      'Choose one of the offered time slots (the list may be out of date: reload the page)',
    ],
    [
      { timeZone: 'Mars/Olympus' },
      'timeZone',
      'timeZone must be an IANA time zone name, such as Europe/Tirane',
    ],
    [{ language: 'de' }, 'language', 'language must be en (English) or sq (Albanian)'],
    [
      { sourcePage: 'https://evil.example/' },
      'sourcePage',
      'sourcePage must be a path on this site, such as /chatbot',
    ],
    [
      { sourcePage: '//evil.example' },
      'sourcePage',
      'sourcePage must be a path on this site, such as /chatbot',
    ],
  ])('refuses %j with a 400 naming %s', async (change, field, message) => {
    const browser = server.browser();
    const formToken = await freshToken(browser);
    const response = await browser.request('POST', '/api/leads', {
      json: { ...booking, ...change, formToken },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message, field, errors: { [field]: message } });
    expect(await storedLeads()).toEqual([]);
  });

  it('lists every invalid field at once', async () => {
    const browser = server.browser();
    const response = await browser.request('POST', '/api/leads', { json: { email: 'x', phone: 'abc' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'phone']);
  });

  it('refuses bodies that are not JSON objects, too large, or from another site', async () => {
    const browser = server.browser();
    const text = await browser.request('POST', '/api/leads', {
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const broken = await browser.request('POST', '/api/leads', {
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    const array = await browser.request('POST', '/api/leads', { json: [booking] });
    expect(await array.json()).toEqual({ error: 'The request body must be a JSON object.' });
    const huge = await browser.request('POST', '/api/leads', {
      json: { ...booking, message: 'x'.repeat(20_000) },
    });
    expect(huge.status).toBe(413);
    const foreign = await browser.request('POST', '/api/leads', {
      json: booking,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: ORIGIN_REFUSED });
    expect(await storedLeads()).toEqual([]);
  });

  it('ignores prototype keys and unknown fields (status cannot be set by a visitor)', async () => {
    const browser = server.browser();
    const formToken = await freshToken(browser);
    const response = await browser.request('POST', '/api/leads', {
      body: `{"__proto__":{"status":"closed"},"status":"closed","id":"lead_x",${JSON.stringify({ ...booking, formToken }).slice(1)}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(201);
    const [lead] = await storedLeads();
    expect(lead).toMatchObject({ status: 'new' });
    expect(lead!.id).not.toBe('lead_x');
  });
});

describe('bots', () => {
  it('drops a post whose honeypot is filled, answering exactly as for a person', async () => {
    const browser = server.browser();
    const formToken = await freshToken(browser);
    const response = await browser.request('POST', '/api/leads', {
      json: { ...booking, website: 'http://spam.example', formToken },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ received: true });
    expect(await storedLeads()).toEqual([]);
  });

  it('refuses a post sent sooner than a person fills the form, and says how long to wait', async () => {
    const browser = server.browser();
    const formToken = await freshToken(browser, 1_200);
    const response = await browser.request('POST', '/api/leads', { json: { ...booking, formToken } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: TOO_FAST, field: 'formToken', waitMs: 1_800 });
    server.clock.now += 1_800;
    expect((await browser.request('POST', '/api/leads', { json: { ...booking, formToken } })).status).toBe(
      201,
    );
  });

  it.each([
    ['missing', undefined],
    ['forged', `${Date.parse('2026-11-21T08:00:00Z')}.${'A'.repeat(43)}`],
    [
      'signed with another secret',
      issueFormToken('another-secret-0123456789abcdef0123', Date.parse('2026-11-21T08:00:00Z')),
    ],
    ['malformed', 'now.please'],
  ])('refuses a %s form token', async (_name, formToken) => {
    const response = await server
      .browser()
      .request('POST', '/api/leads', { json: { ...booking, formToken } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: FORM_EXPIRED, field: 'formToken' });
    expect(await storedLeads()).toEqual([]);
  });

  it('refuses a token older than a day (a replayed one)', async () => {
    const old = issueFormToken(SECRET, server.clock.now - 25 * 60 * 60_000);
    const response = await server
      .browser()
      .request('POST', '/api/leads', { json: { ...booking, formToken: old } });
    expect(await response.json()).toEqual({ error: FORM_EXPIRED, field: 'formToken' });
  });
});

describe('rate limit per address', () => {
  it('stores 3 leads an hour per address, then 429 with Retry-After; other addresses are unaffected', async () => {
    const browser = server.browser();
    const formToken = await freshToken(browser);
    const post = (ip: string) =>
      browser.request('POST', '/api/leads', { json: { ...booking, formToken }, headers: from(ip) });
    for (let i = 0; i < 3; i++) expect((await post('203.0.113.5')).status).toBe(201);
    const refused = await post('203.0.113.5');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(await refused.json()).toEqual({
      error: 'Too many requests from your address. Try again in 60 minutes.',
    });
    expect((await post('198.51.100.7')).status).toBe(201);
    expect(await storedLeads()).toHaveLength(4);
    // A new window an hour later (the token is still within its day).
    server.clock.now += 60 * 60_000;
    expect((await post('203.0.113.5')).status).toBe(201);
  });

  it('honeypot catches count against the address too', async () => {
    const browser = server.browser();
    const formToken = await freshToken(browser);
    for (let i = 0; i < 3; i++) {
      await browser.request('POST', '/api/leads', {
        json: { ...booking, website: 'x', formToken },
        headers: from('192.0.2.9'),
      });
    }
    const person = await browser.request('POST', '/api/leads', {
      json: { ...booking, formToken },
      headers: from('192.0.2.9'),
    });
    expect(person.status).toBe(429);
    expect(await storedLeads()).toEqual([]);
  });

  it('20 parallel posts from one address store exactly 3', async () => {
    const browser = server.browser();
    const formToken = await freshToken(browser);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        browser
          .request('POST', '/api/leads', {
            json: { ...booking, name: `Parallel ${i}`, formToken },
            headers: from('203.0.113.77'),
          })
          .then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    expect(await storedLeads()).toHaveLength(3);
  });

  it('a flood of 400 hostile posts from 100 addresses, 25 at a time: no 5xx, only the valid ones stored', async () => {
    const browser = server.browser();
    const formToken = await freshToken(browser);
    const hostile = [
      { json: { ...booking, formToken } }, // valid: 3 per address get through
      { json: { ...booking, email: 'not-an-email', formToken } },
      { json: { ...booking, formToken: 'forged.token' } },
      { body: '{"name":', headers: { 'content-type': 'application/json' } },
      { json: { ...booking, formToken, name: 'x'.repeat(100_000) } }, // over the body limit
      {
        body: JSON.stringify({ ...booking, formToken }).replace('{', '{"__proto__":{"status":"closed"},'),
        headers: { 'content-type': 'application/json' },
      },
      { json: [booking] },
      { json: { ...booking, formToken, slot: '9999-99-99', language: 'xx', sourcePage: '//evil' } },
      { json: { ...booking, formToken, name: '\u0000<script>alert(1)</script>' } },
    ];
    const statuses: number[] = [];
    for (let batch = 0; batch < 16; batch++) {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 25 }, (_, j) => {
            const i = batch * 25 + j;
            const post = hostile[i % hostile.length]!;
            return browser
              .request('POST', '/api/leads', {
                ...post,
                headers: { ...post.headers, ...from(`198.51.100.${i % 100}`) },
              })
              .then((response) => response.status);
          }),
        )),
      );
    }
    expect(statuses).toHaveLength(400);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const created = statuses.filter((status) => status === 201).length;
    expect(created).toBeGreaterThan(0);
    const stored = await storedLeads();
    expect(stored).toHaveLength(created);
    expect(new Set(stored.map((lead) => lead.status))).toEqual(new Set(['new']));
    // The server still answers a person afterwards.
    const after = await browser.request('GET', '/api/leads/form-token');
    expect(after.status).toBe(200);
  });
});

describe('POST /api/leads as a plain form (no JavaScript)', () => {
  const form = (fields: Record<string, string>) => ({
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const hiddenToken = (page: string) => /name="formToken" value="([^"]+)"/.exec(page)?.[1];

  it('without a token: the form again to confirm (fresh token); sent after a pause: a confirmation page', async () => {
    const browser = server.browser();
    const fields = {
      name: 'Dora <b>Bold</b>',
      email: 'dora@example.com',
      company: 'Dora & Co',
      sourcePage: '/',
    };
    const check = await browser.request('POST', '/api/leads', form(fields));
    expect(check.status).toBe(200);
    expect(check.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await check.text();
    expect(page).toContain('Check your details and send');
    expect(page).toContain('value="Dora &lt;b&gt;Bold&lt;/b&gt;"');
    expect(page).toContain('value="Dora &amp; Co"');
    expect(page).not.toContain('<b>Bold</b>');
    expect(await storedLeads()).toEqual([]);

    const token = hiddenToken(page)!;
    expect(token).toMatch(/^\d+\./);
    server.clock.now += 4_000;
    const sent = await browser.request(
      'POST',
      '/api/leads',
      form({ ...fields, formToken: token, website: '' }),
    );
    expect(sent.status).toBe(200);
    const confirmation = await sent.text();
    expect(confirmation).toContain('<h1>Thank you — we have your request</h1>');
    expect(confirmation).toContain('dora@example.com');
    expect(confirmation).toContain('<a href="/">Back to the site</a>');
    expect(await storedLeads()).toMatchObject([
      { name: 'Dora <b>Bold</b>', company: 'Dora & Co', language: 'en' },
    ]);
  });

  it("confirms in Albanian with the slot in the visitor's time zone", async () => {
    const browser = server.browser();
    const token = issueFormToken(SECRET, server.clock.now - 10_000);
    const { email: _email, ...rest } = booking;
    const sent = await browser.request(
      'POST',
      '/api/leads',
      form({ ...rest, email: 'arta@example.al', formToken: token }),
    );
    expect(sent.status).toBe(200);
    const page = await sent.text();
    expect(page).toContain('<html lang="sq">');
    expect(page).toContain('Faleminderit — e morëm kërkesën tuaj');
    // 13:00 UTC is 14:00 in Tirana in November.
    expect(page).toMatch(/14:00/);
  });

  it('shows every problem beside its field, with the values kept, as a 400 page', async () => {
    const response = await server
      .browser()
      .request('POST', '/api/leads', form({ name: '', email: 'nope', phone: 'x' }));
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('Some details need fixing');
    expect(page).toContain('<span class="error" id="name-error">Name is required</span>');
    expect(page).toContain('Enter a valid email address, such as name@example.com');
    expect(page).toContain('value="nope"');
    expect(await storedLeads()).toEqual([]);
  });

  it('a form sent too quickly gets the form back, not an error', async () => {
    const browser = server.browser();
    const token = issueFormToken(SECRET, server.clock.now - 500);
    const response = await browser.request(
      'POST',
      '/api/leads',
      form({ name: 'Quick', email: 'q@example.com', formToken: token }),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('That was quicker than a person can type.');
    expect(await storedLeads()).toEqual([]);
  });

  it('over the limit: a plain 429 page', async () => {
    const browser = server.browser();
    const token = issueFormToken(SECRET, server.clock.now - 10_000);
    const fields = { name: 'Again', email: 'again@example.com', formToken: token };
    for (let i = 0; i < 3; i++)
      await browser.request('POST', '/api/leads', {
        ...form(fields),
        headers: { ...form(fields).headers, ...from('192.0.2.50') },
      });
    const refused = await browser.request('POST', '/api/leads', {
      ...form(fields),
      headers: { ...form(fields).headers, ...from('192.0.2.50') },
    });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Too many requests from your address');
  });
});

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
    expect(await bad.json()).toEqual({ error: 'status must be new, contacted or closed', field: 'status' });
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
