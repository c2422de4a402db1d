// @vitest-environment node
// Issue 12's smaller holes, through the real server: cookie names and duplicates, the forced
// change of a temporary password, password rules, normalised emails, paging, build metadata.
import { markTemporary, hashPassword } from '@voxdesk/auth';
import { writeFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { admin, client, FAST_SCRYPT, loggedIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterEach(() => server.close());

describe('session cookie', () => {
  it('is __Host-voxdesk_session over https (Secure, Path=/, no Domain), and works under that name', async () => {
    const browser = server.browser();
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': new URL(server.url).host };
    const login = await browser.request('POST', '/api/session', {
      json: { email: client.email, password: client.password },
      headers: https,
      origin: `https://${new URL(server.url).host}`,
    });
    expect(login.status).toBe(200);
    const cookie = browser.setCookies.at(-1)!;
    expect(cookie).toMatch(/^__Host-voxdesk_session=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    expect((await browser.request('GET', '/api/session', { headers: https })).status).toBe(200);
    // The plain name is not read over https.
    const [, value] = [...browser.cookies][0]!;
    const plain = server.browser();
    plain.cookies.set('voxdesk_session', value);
    expect((await plain.request('GET', '/api/session', { headers: https })).status).toBe(401);
    const logout = await browser.request('DELETE', '/api/session', {
      headers: https,
      origin: `https://${new URL(server.url).host}`,
    });
    expect(logout.status).toBe(204);
    expect(browser.setCookies.at(-1)).toMatch(/^__Host-voxdesk_session=;.*Max-Age=0/);
  });

  it('refuses a request carrying two session cookies', async () => {
    const browser = await loggedIn(server, client);
    const [name, value] = [...browser.cookies][0]!;
    const response = await fetch(`${server.url}/api/session`, {
      headers: { cookie: `${name}=planted.value; ${name}=${value}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'The request carries two session cookies. Clear the cookies of this site and log in again.',
    });
  });
});

describe('password lifecycle', () => {
  it('a temporary password logs in, then opens nothing but the change', async () => {
    await server.store.users.setPassword(
      server.adminId,
      markTemporary(await hashPassword('generated-once', FAST_SCRYPT)),
    );
    const browser = server.browser();
    const login = await browser.request('POST', '/api/session', {
      json: { email: admin.email, password: 'generated-once' },
    });
    expect(await login.json()).toMatchObject({ user: { mustChangePassword: true } });
    const blocked = await browser.request('GET', '/api/clients');
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({ error: 'Change your password before doing anything else.' });
    const change = await browser.request('POST', '/api/session/password', {
      json: { currentPassword: 'generated-once', newPassword: 'an admin passphrase of my own' },
    });
    expect(change.status).toBe(200);
    expect(await change.json()).toEqual({
      user: { id: server.adminId, name: admin.name, email: admin.email, role: 'Admin' },
    });
    expect((await browser.request('GET', '/api/clients')).status).toBe(200);
  });

  it('refuses a new password built from the email, the name or the site name (issue 26 L5)', async () => {
    const browser = await loggedIn(server, client);
    for (const newPassword of [client.email, 'Voxdesk12345', 'CarlClient2026!']) {
      const change = await browser.request('POST', '/api/session/password', {
        json: { currentPassword: client.password, newPassword },
      });
      expect(change.status, newPassword).toBe(400);
      expect(await change.json()).toMatchObject({
        error: expect.stringContaining('Do not build the password'),
      });
    }
    const ada = await loggedIn(server, admin);
    const added = await ada.request('POST', '/api/clients', {
      json: { name: 'Dora Duka', email: 'dora@example.com', password: 'dora@example.com' },
    });
    expect(added.status).toBe(400);
  });

  it('refuses a wrong current password, a short and a common new one, each saying why', async () => {
    const browser = await loggedIn(server, client);
    const change = (currentPassword: string, newPassword: string) =>
      browser.request('POST', '/api/session/password', { json: { currentPassword, newPassword } });
    const wrong = await change('not it', 'a fine long passphrase');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: 'The current password is not correct.',
      field: 'currentPassword',
    });
    const short = await change(client.password, 'short');
    expect(await short.json()).toMatchObject({
      error: expect.stringContaining('at least 12 characters'),
      field: 'newPassword',
    });
    const common = await change(client.password, 'Qwerty123456');
    expect(await common.json()).toMatchObject({ error: expect.stringContaining('common or breached') });
  });

  it("an Admin sets a client's password (the client's sessions end), never another Admin's", async () => {
    const carl = await loggedIn(server, client);
    const ada = await loggedIn(server, admin);
    const set = await ada.request('PUT', `/api/clients/${server.clientId}/password`, {
      json: { password: 'set by the admin today' },
    });
    expect(set.status).toBe(204);
    expect((await carl.request('GET', '/api/session')).status).toBe(401);
    // The Admin's password is temporary (issue 26 L4): the client logs in, must change it first.
    const again = server.browser();
    const login = await again.request('POST', '/api/session', {
      json: { email: client.email, password: 'set by the admin today' },
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ user: { mustChangePassword: true } });
    expect((await again.request('GET', '/api/leads')).status).toBe(403);
    const own = await again.request('POST', '/api/session/password', {
      json: { currentPassword: 'set by the admin today', newPassword: 'my very own passphrase' },
    });
    expect(own.status).toBe(200);
    expect(await own.json()).not.toHaveProperty('user.mustChangePassword');
    const other = await server.store.users.createAdmin({ name: 'B', email: 'b@example.com', password: 'x' });
    const refused = await ada.request('PUT', `/api/clients/${other.id}/password`, {
      json: { password: 'set by the admin today' },
    });
    expect(refused.status).toBe(403);
    const unknown = await ada.request('PUT', '/api/clients/usr_nobody/password', {
      json: { password: 'set by the admin today' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('emails, paging, build metadata', () => {
  it('logs in and refuses duplicates whatever the case and spacing of the email', async () => {
    expect(
      (await loggedIn(server, { email: `  ${client.email.toUpperCase()} `, password: client.password }))
        .cookies.size,
    ).toBe(1);
  });

  it('pages GET /api/clients and explains a bad limit', async () => {
    const ada = await loggedIn(server, admin);
    for (let i = 0; i < 5; i++)
      await server.store.users.create({ name: `C${i}`, email: `c${i}@example.com`, password: 'x' });
    const first = (await (await ada.request('GET', '/api/clients?limit=3')).json()) as {
      clients: unknown[];
      next: string;
    };
    expect(first.clients).toHaveLength(3);
    const second = (await (await ada.request('GET', `/api/clients?limit=3&after=${first.next}`)).json()) as {
      clients: unknown[];
      next?: string;
    };
    expect(second.clients).toHaveLength(3);
    const third = (await (await ada.request('GET', `/api/clients?limit=3&after=${second.next}`)).json()) as {
      clients: unknown[];
      next?: string;
    };
    expect(third).toEqual({ clients: [expect.objectContaining({ name: 'C4' })] });
    const bad = await ada.request('GET', '/api/clients?limit=1000');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'limit must be a whole number from 1 to 100', field: 'limit' });
    expect((await ada.request('GET', '/api/clients?after=not-a-cursor')).status).toBe(400);
  });

  it('reads a hostile query string as the first value of each known field, in parallel, with no 5xx', async () => {
    const ada = await loggedIn(server, admin);
    for (let i = 0; i < 4; i++)
      await server.store.users.create({ name: `H${i}`, email: `h${i}@example.com`, password: 'x' });
    const cases: [string, number, string?][] = [
      // Repeated: the first value counts (2), not the refused second one.
      ['limit=2&limit=1000', 200],
      ['__proto__=x&constructor=1&toString=2&limit=2', 200],
      ['role=Admin&limit=2', 200],
      [`after=${'a'.repeat(10_000)}`, 400, 'after'],
      ['limit=2%00', 400, 'limit'],
      ['limit=%FF', 400, 'limit'],
      ['limit[]=2', 200],
    ];
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cases)
        .flat()
        .map(async ([query, status, field]) => {
          const response = await ada.request('GET', `/api/clients?${query}`);
          const body = (await response.json()) as { clients?: unknown[]; field?: string };
          return {
            query,
            status: response.status,
            field: body.field,
            count: body.clients?.length,
            want: status,
            wantField: field,
          };
        }),
    );
    for (const answer of answers) {
      expect({ query: answer.query, status: answer.status, field: answer.field }).toEqual({
        query: answer.query,
        status: answer.want,
        field: answer.wantField,
      });
    }
    const sized = answers.filter((a) => a.query.includes('limit=2&') || a.query.endsWith('limit=2'));
    expect(new Set(sized.map((a) => a.count))).toEqual(new Set([2]));
  });

  it('never serves /.vite/ or other dot paths', async () => {
    mkdirSync(join(server.clientDir, '.vite'), { recursive: true });
    writeFileSync(join(server.clientDir, '.vite', 'manifest.json'), '{"secret":"layout"}');
    for (const path of ['/.vite/manifest.json', '/.vite/', '/assets/../.vite/manifest.json', '/.env']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('secret');
    }
  });

  it('creates the database file 0600 in a 0700 folder', () => {
    const db = join(server.clientDir, '..', 'data', 'voxdesk.db');
    expect(statSync(db).mode & 0o777).toBe(0o600);
    expect(statSync(join(db, '..')).mode & 0o777).toBe(0o700);
  });
});
