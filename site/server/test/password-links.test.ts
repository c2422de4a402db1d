// @vitest-environment node
// Issue 23/24: forgot password, request access and the one-time link, end to end over HTTP
// against the real server and a real SMTP server on loopback.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LINK_NOT_VALID } from '../routes/password-links.ts';
import { admin, client, loggedIn, startTestServer, type TestServer } from './harness.ts';
import { flushMail } from './mail-fixture.ts';
import { testSmtp, type TestSmtp } from './smtp-fixture.ts';

let server: TestServer;
let smtp: TestSmtp;
beforeEach(async () => {
  smtp = await testSmtp({ start: true });
  server = await startTestServer({}, { smtpUrl: smtp.url });
});
afterEach(async () => {
  await server.close();
  await smtp.down();
});

/** Waits for the work done after answering (it queues the mail), then delivers. */
const deliver = () => flushMail(server);

const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
/** The newest mail to `address`, its quoted-printable soft breaks and `=3D` undone. */
const decoded = (address: string) =>
  mailTo(address)
    .at(-1)!
    .raw.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
/** The token of the newest set-password link mailed to `address`. */
function linkToken(address: string): string {
  const raw = decoded(address);
  return /\/set-password#token=([A-Za-z0-9_-]{43})/.exec(raw)![1]!;
}

describe('forgot password', () => {
  it('answers the same 202 either way; only a real account gets a link, which sets the password once and signs in', async () => {
    const browser = server.browser();
    const known = await browser.request('POST', '/api/password/reset', {
      json: { email: ' Carl@Example.com ' },
    });
    const unknown = await browser.request('POST', '/api/password/reset', {
      json: { email: 'nobody@example.com' },
    });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(await known.json()).toEqual(await unknown.json());
    await deliver();
    expect(smtp.received.map((m) => m.to)).toEqual([[client.email]]);
    expect(smtp.received[0]!.headers.subject).toBe('Reset your Voxdesk password');
    const token = linkToken(client.email);
    expect(decoded(client.email)).toContain(`https://voxdesk.test/set-password#token=${token}`);

    // A weak password is refused without spending the link.
    const weak = await browser.request('POST', '/api/password/token', { json: { token, password: 'short' } });
    expect(weak.status).toBe(400);
    expect((await weak.json()).field).toBe('password');

    const fresh = 'a brand new passphrase for carl';
    const set = await browser.request('POST', '/api/password/token', { json: { token, password: fresh } });
    expect(set.status).toBe(200);
    expect((await set.json()).user).toMatchObject({ email: client.email, role: 'Client' });
    const me = await browser.request('GET', '/api/session');
    expect(me.status).toBe(200);

    const again = await server.browser().request('POST', '/api/password/token', {
      json: { token, password: 'yet another passphrase here' },
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: LINK_NOT_VALID, field: 'token' });
    await loggedIn(server, { email: client.email, password: fresh });

    // Every password change tells the account's owner.
    await deliver();
    expect(mailTo(client.email).map((m) => m.headers.subject)).toEqual([
      'Reset your Voxdesk password',
      'Your password was changed',
    ]);
  });

  it('answers before the link is mailed; the test waits for that work, not for time', async () => {
    // The work after the answer is held at its first mail step until the answer has arrived.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const mayReceive = server.mail.visitorMayReceive;
    server.mail.visitorMayReceive = async (address) => {
      await held;
      return mayReceive(address);
    };
    const answer = await server.browser().request('POST', '/api/password/reset', {
      json: { email: client.email },
    });
    expect(answer.status).toBe(202);
    release();
    await deliver();
    expect(mailTo(client.email).map((m) => m.headers.subject)).toEqual(['Reset your Voxdesk password']);
  });

  it('a second request revokes the first link', async () => {
    const browser = server.browser();
    await browser.request('POST', '/api/password/reset', { json: { email: client.email } });
    await deliver();
    const first = linkToken(client.email);
    await browser.request('POST', '/api/password/reset', { json: { email: client.email, language: 'sq' } });
    await deliver();
    const second = linkToken(client.email);
    expect(mailTo(client.email).at(-1)!.headers.subject).toMatch(/Rivendosni|=\?UTF-8\?/);
    const password = 'a brand new passphrase for carl';
    expect(
      (await browser.request('POST', '/api/password/token', { json: { token: first, password } })).status,
    ).toBe(400);
    expect(
      (await browser.request('POST', '/api/password/token', { json: { token: second, password } })).status,
    ).toBe(200);
  });

  it('an expired link is refused', async () => {
    await server.browser().request('POST', '/api/password/reset', { json: { email: client.email } });
    await deliver();
    server.clock.now += 72 * 60 * 60_000;
    const response = await server.browser().request('POST', '/api/password/token', {
      json: { token: linkToken(client.email), password: 'a brand new passphrase for carl' },
    });
    expect(response.status).toBe(400);
  });
});

describe('request access', () => {
  it('stores a lead from /login, tells the owner and confirms to the visitor', async () => {
    const response = await server.browser().request('POST', '/api/access-requests', {
      json: { name: 'Dr Smith', email: 'smith@clinic.example', language: 'en' },
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ received: true });
    await deliver();
    const [lead] = (await server.store.leads.listLeads({ limit: 10 })).leads;
    expect(lead).toMatchObject({
      name: 'Dr Smith',
      email: 'smith@clinic.example',
      sourcePage: '/login',
      status: 'new',
    });
    expect(mailTo('owner@example.com')).toHaveLength(1);
    expect(mailTo('owner@example.com')[0]!.headers['reply-to']).toBe('smith@clinic.example');
    expect(mailTo('smith@clinic.example')).toHaveLength(1);
  });

  it('refuses a bad address with the field named, and limits requests per address', async () => {
    const browser = server.browser();
    const bad = await browser.request('POST', '/api/access-requests', {
      json: { name: 'X', email: 'not-mail' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).field).toBe('email');
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const r = await browser.request('POST', '/api/access-requests', {
        json: { name: 'X', email: `x${i}@example.com` },
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('admin password change', () => {
  it('also sends the notice', async () => {
    const browser = await loggedIn(server, admin);
    const response = await browser.request('PUT', `/api/clients/${server.clientId}/password`, {
      json: { password: 'set by the admin for carl' },
    });
    expect(response.status).toBe(204);
    await deliver();
    expect(mailTo(client.email).map((m) => m.headers.subject)).toEqual(['Your password was changed']);
  });
});

describe('invite a lead to the demo', () => {
  const lead = {
    name: 'Dr Smith',
    email: 'smith@clinic.example',
    company: null,
    phone: null,
    message: null,
    slot: null,
    timeZone: null,
    language: 'sq' as const,
    sourcePage: '/login',
  };

  it('makes a Client without a password, mails a one-time link that signs them in once, and marks the lead invited', async () => {
    const stored = await server.store.leads.createLead(lead, server.clock.now);
    const owner = await loggedIn(server, admin);
    const invited = await owner.request('POST', `/api/leads/${stored.id}/invite`);
    expect(invited.status).toBe(200);
    const body = await invited.json();
    expect(body.lead).toMatchObject({ id: stored.id, status: 'invited' });
    expect(body.client).toMatchObject({ name: 'Dr Smith', email: lead.email, role: 'Client' });
    // No password yet: nothing signs in.
    const refused = await server.browser().request('POST', '/api/session', {
      json: { email: lead.email, password: 'any password at all here' },
    });
    expect(refused.status).toBe(401);

    await deliver();
    expect(mailTo(lead.email)).toHaveLength(1);
    const first = linkToken(lead.email);

    // Sent again: the older link stops working.
    expect((await owner.request('POST', `/api/leads/${stored.id}/invite`)).status).toBe(200);
    await deliver();
    const second = linkToken(lead.email);
    expect(second).not.toBe(first);
    expect((await server.store.list()).filter((u) => u.email === lead.email)).toHaveLength(1);

    const password = 'the doctor chose this passphrase';
    const browser = server.browser();
    expect(
      (await browser.request('POST', '/api/password/token', { json: { token: first, password } })).status,
    ).toBe(400);
    const set = await browser.request('POST', '/api/password/token', { json: { token: second, password } });
    expect(set.status).toBe(200);
    expect((await (await browser.request('GET', '/api/session')).json()).user.email).toBe(lead.email);
    expect(
      (await server.browser().request('POST', '/api/password/token', { json: { token: second, password } }))
        .status,
    ).toBe(400);
    await loggedIn(server, { email: lead.email, password });
  });

  it('is for Admins only, and 404s an unknown lead', async () => {
    const stored = await server.store.leads.createLead(lead, server.clock.now);
    const carl = await loggedIn(server, client);
    expect((await carl.request('POST', `/api/leads/${stored.id}/invite`)).status).toBe(403);
    const owner = await loggedIn(server, admin);
    expect((await owner.request('POST', '/api/leads/lead_nope/invite')).status).toBe(404);
  });
});
