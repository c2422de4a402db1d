// @vitest-environment node
// POST /api/leads as a plain form post (no JavaScript): confirmation pages, problems, the limit.
import { describe, expect, it } from 'vitest';
import { SECRET } from './harness.ts';
import { issueFormToken } from '../form-token.ts';
import { booking, from, server, storedLeads, useLeadsServer } from './leads-fixture.ts';

useLeadsServer();

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
    // One token per post: a token is spent by its post (issued a millisecond apart).
    const fields = (i: number) => ({
      name: 'Again',
      email: 'again@example.com',
      formToken: issueFormToken(SECRET, server.clock.now - 10_000 - i),
    });
    for (let i = 0; i < 3; i++)
      await browser.request('POST', '/api/leads', {
        ...form(fields(i)),
        headers: { ...form(fields(i)).headers, ...from('192.0.2.50') },
      });
    const refused = await browser.request('POST', '/api/leads', {
      ...form(fields(3)),
      headers: { ...form(fields(3)).headers, ...from('192.0.2.50') },
    });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Too many requests from your address');
  });
});
