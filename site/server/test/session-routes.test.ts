// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN_REFUSED } from '../origin-check.ts';
import { DEFAULT_SESSION_POLICY } from '@voxdesk/auth';

const SESSION_TTL_SECONDS = DEFAULT_SESSION_POLICY.absoluteMs / 1000;
import { admin, client, loggedIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

describe('POST /api/session', () => {
  it('logs in: 200 with the user and a signed HttpOnly SameSite=Lax cookie with an expiry', async () => {
    const browser = server.browser();
    const response = await browser.request('POST', '/api/session', {
      json: { email: admin.email, password: admin.password },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      user: { id: server.adminId, name: admin.name, email: admin.email, role: 'Admin' },
    });
    const cookie = browser.setCookies[0]!;
    expect(cookie).toMatch(/^voxdesk_session=[^;]+\.[^;]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${SESSION_TTL_SECONDS}`);
    expect(cookie).not.toContain('Secure');
    expect(cookie).not.toContain(admin.password);
  });

  it('answers one 401 message for an unknown email and a wrong password (issue 26 L8)', async () => {
    const browser = server.browser();
    const unknown = await browser.request('POST', '/api/session', {
      json: { email: 'nobody@example.com', password: 'x' },
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: 'Invalid email or password' });
    const wrong = await browser.request('POST', '/api/session', {
      json: { email: admin.email, password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid email or password' });
    expect(browser.cookies.size).toBe(0);
  });

  it.each([
    [{ password: 'x' }, 'email', 'Email is required'],
    [{ email: '', password: 'x' }, 'email', 'Email is required'],
    [
      { email: 'not-an-email', password: 'x' },
      'email',
      'Enter a valid email address, such as name@example.com',
    ],
    [{ email: admin.email }, 'password', 'Password is required'],
    [{ email: admin.email, password: '' }, 'password', 'Password is required'],
    [{ email: admin.email, password: 42 }, 'password', 'Password is required'],
  ])('400 for %j with a field message', async (body, field, error) => {
    const response = await server.browser().request('POST', '/api/session', { json: body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error, field });
  });

  it('400 for malformed JSON, 415 for a body that is not JSON', async () => {
    const browser = server.browser();
    const malformed = await browser.request('POST', '/api/session', {
      body: '{"email": "ada@example.com", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'The request body is not valid JSON.' });
    for (const body of ['[]', '"ada@example.com"', 'null', '42']) {
      const notObject = await browser.request('POST', '/api/session', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(notObject.status).toBe(400);
      expect(await notObject.json()).toEqual({ error: 'The request body must be a JSON object.' });
    }
    const form = await browser.request('POST', '/api/session', {
      body: 'email=ada@example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({
      error: 'Send the body as JSON with the header Content-Type: application/json.',
    });
  });

  it('413 for an oversized body, before it is parsed', async () => {
    const response = await server.browser().request('POST', '/api/session', {
      json: { email: admin.email, password: 'x'.repeat(20_000) },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The request body is too large (at most 16 KB).' });
  });

  it('refuses a request without Origin or from another site, and does not log in', async () => {
    for (const origin of [null, 'https://evil.example', 'http://127.0.0.1:1']) {
      const browser = server.browser();
      const response = await browser.request('POST', '/api/session', {
        json: { email: admin.email, password: admin.password },
        origin,
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: ORIGIN_REFUSED });
      expect(browser.cookies.size).toBe(0);
    }
  });

  it('throttles an account after 5 failures in 15 minutes: 429 with Retry-After, even for the right password', async () => {
    const browser = server.browser();
    for (let i = 0; i < 5; i++) {
      const response = await browser.request('POST', '/api/session', {
        json: { email: admin.email, password: `bad${i}` },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await browser.request('POST', '/api/session', {
      json: { email: admin.email, password: admin.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('900');
    expect(await blocked.json()).toEqual({
      error: 'Too many failed login attempts. Try again in 15 minutes.',
    });
    expect(browser.cookies.size).toBe(0);

    // Another account from the same address is still allowed.
    expect((await browser.request('POST', '/api/session', { json: client })).status).toBe(200);

    server.clock.now += 10 * 60_000;
    const later = await browser.request('POST', '/api/session', {
      json: { email: admin.email, password: admin.password },
    });
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('300');

    server.clock.now += 5 * 60_000;
    const allowed = await browser.request('POST', '/api/session', {
      json: { email: admin.email, password: admin.password },
    });
    expect(allowed.status).toBe(200);
  });

  it('throttles an address spraying many accounts after 50 attempts', async () => {
    const browser = server.browser();
    for (let i = 0; i < 50; i++) {
      const response = await browser.request('POST', '/api/session', {
        json: { email: `user${i}@example.com`, password: 'guess' },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await browser.request('POST', '/api/session', { json: client });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);
});

describe('GET and DELETE /api/session', () => {
  it('returns the current user, then logs out with 204 and a cleared cookie', async () => {
    const browser = await loggedIn(server, client);
    const current = await browser.request('GET', '/api/session');
    expect(current.status).toBe(200);
    expect(await current.json()).toEqual({
      user: { id: server.clientId, name: client.name, email: client.email, role: 'Client' },
    });
    const logout = await browser.request('DELETE', '/api/session');
    expect(logout.status).toBe(204);
    expect(browser.setCookies.at(-1)).toMatch(/^voxdesk_session=;.*Max-Age=0/);
    const after = await browser.request('GET', '/api/session');
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: 'Not logged in' });
  });

  it('401 without a cookie, with a tampered cookie, and after the expiry', async () => {
    expect((await server.browser().request('GET', '/api/session')).status).toBe(401);

    const browser = await loggedIn(server, client);
    const [name, value] = [...browser.cookies][0]!;
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const forged = `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
    const tampered = server.browser();
    tampered.cookies.set(name, `${forged}.${signature}`);
    expect((await tampered.request('GET', '/api/session')).status).toBe(401);

    expect((await browser.request('GET', '/api/session')).status).toBe(200);
    server.clock.now += SESSION_TTL_SECONDS * 1000 + 1000;
    expect((await browser.request('GET', '/api/session')).status).toBe(401);
  });

  it('ends the session of a deleted user at once', async () => {
    const browser = await loggedIn(server, client);
    await server.accounts.remove(server.clientId);
    expect((await browser.request('GET', '/api/session')).status).toBe(401);
  });

  it('logout also needs the Origin check', async () => {
    const browser = await loggedIn(server, client);
    expect((await browser.request('DELETE', '/api/session', { origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect((await browser.request('GET', '/api/session')).status).toBe(200);
  });
});

describe('behind a proxy', () => {
  it('marks the cookie Secure and uses X-Forwarded-* only when TRUST_PROXY is on', async () => {
    const trusted = await startTestServer({ trustProxy: true });
    try {
      const browser = trusted.browser();
      const response = await browser.request('POST', '/api/session', {
        json: { email: admin.email, password: admin.password },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'voxdesk.example' },
        origin: 'https://voxdesk.example',
      });
      expect(response.status).toBe(200);
      expect(browser.setCookies[0]).toContain('Secure');
    } finally {
      await trusted.close();
    }

    const browser = server.browser();
    const untrusted = await browser.request('POST', '/api/session', {
      json: { email: admin.email, password: admin.password },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'voxdesk.example' },
      origin: 'https://voxdesk.example',
    });
    expect(untrusted.status).toBe(403);
  });
});

describe('request log', () => {
  it('writes one structured line per request without passwords or cookies', async () => {
    const browser = await loggedIn(server, admin);
    await browser.request('GET', '/api/session?token=abc');
    const lines = server.logs.filter((line) => line.msg === 'request');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ method: 'POST', path: '/api/session', status: 200, ip: '127.0.0.1' });
    expect(lines[1]).toMatchObject({ method: 'GET', path: '/api/session', status: 200 });
    const text = JSON.stringify(server.logs);
    expect(text).not.toContain(admin.password);
    expect(text).not.toContain('voxdesk_session');
    expect(text).not.toContain('token=abc');
  });
});

describe('client address behind a proxy', () => {
  it('throttles by the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const proxied = await startTestServer({ trustProxy: true });
    try {
      const browser = proxied.browser();
      for (let i = 0; i < 50; i++) {
        const response = await browser.request('POST', '/api/session', {
          json: { email: `user${i}@example.com`, password: 'guess' },
          headers: { 'x-forwarded-for': `10.0.0.${i}, 203.0.113.7` },
        });
        expect(response.status).toBe(401);
      }
      const blocked = await browser.request('POST', '/api/session', {
        json: client,
        headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' },
      });
      expect(blocked.status).toBe(429);
      const other = await browser.request('POST', '/api/session', {
        json: client,
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
      expect(other.status).toBe(200);
      expect(proxied.logs.at(-1)).toMatchObject({ ip: '198.51.100.1' });
    } finally {
      await proxied.close();
    }
  });
});

describe('log lines of refused requests (issue 26 M6)', () => {
  it('writes at most 20 a second and then one line counting the rest', async () => {
    const flooded = await startTestServer();
    try {
      const browser = flooded.browser();
      // 60 refused requests (no JSON body) as fast as the loop goes, then a real one.
      for (let i = 0; i < 60; i++) await browser.request('POST', '/api/session', { body: '' });
      const refused = flooded.logs.filter(
        (line) => line.msg === 'request' && Number(line.status) >= 400,
      ).length;
      const counted = flooded.logs
        .filter((line) => line.msg === 'refused requests not logged (too many)')
        .reduce((sum, line) => sum + Number(line.count), 0);
      expect(refused).toBeLessThan(60);
      expect(refused + counted).toBeLessThanOrEqual(60);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await browser.request('POST', '/api/session', { body: '' });
      const total =
        flooded.logs.filter((line) => line.msg === 'request' && Number(line.status) >= 400).length +
        flooded.logs
          .filter((line) => line.msg === 'refused requests not logged (too many)')
          .reduce((sum, line) => sum + Number(line.count), 0);
      expect(total).toBe(61);
    } finally {
      await flooded.close();
    }
  });
});
