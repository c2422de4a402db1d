// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { admin, client, loggedIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const newClient = { name: 'Dora New', email: 'dora@example.com', password: 'blue herons at dusk' };

describe('/api/clients access', () => {
  it.each([
    ['GET', '/api/clients', undefined],
    ['POST', '/api/clients', newClient],
    ['DELETE', '/api/clients/usr_x', undefined],
  ])('%s %s: 401 without a session, 403 for a Client session', async (method, path, json) => {
    const anonymous = await server.browser().request(method, path, { json });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Not logged in' });

    const asClient = await loggedIn(server, client);
    const refused = await asClient.request(method, path, { json });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Only Admin accounts can manage clients.' });
    expect(await server.store.findByEmail(newClient.email)).toBeUndefined();
  });

  it('follows the role in the store, not the one at login', async () => {
    const browser = await loggedIn(server, admin);
    expect((await browser.request('GET', '/api/clients')).status).toBe(200);
    await server.store.createAdmin({ name: 'Other', email: 'other@example.com', password: 'x' });
    await server.store.remove(server.adminId);
    // Deleted behind the server's back (as in Airtable's UI): refused once the 5 s cache lapses.
    server.clock.now += 5_001;
    expect((await browser.request('GET', '/api/clients')).status).toBe(401);
  });
});

describe('/api/clients for an Admin', () => {
  it('lists users with id, name, email and role, never passwords', async () => {
    const browser = await loggedIn(server, admin);
    const response = await browser.request('GET', '/api/clients');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { clients: Record<string, unknown>[] };
    expect(body).toEqual({
      clients: [
        { id: server.adminId, name: admin.name, email: admin.email, role: 'Admin' },
        { id: server.clientId, name: client.name, email: client.email, role: 'Client' },
      ],
    });
  });

  it('creates a Client (201) whatever role the body asks for; the new client logs in with a temporary password', async () => {
    const browser = await loggedIn(server, admin);
    const response = await browser.request('POST', '/api/clients', { json: { ...newClient, role: 'Admin' } });
    expect(response.status).toBe(201);
    const { client: created } = (await response.json()) as { client: { id: string } };
    expect(created).toEqual({
      id: expect.any(String),
      name: newClient.name,
      email: newClient.email,
      role: 'Client',
    });
    // The Admin chose it, so it is temporary (issue 26 L4), like PUT /api/clients/:id/password.
    expect((await server.store.findByEmail(newClient.email))?.password).toMatch(/^temporary:scrypt\$/);
    const dora = server.browser();
    const login = await dora.request('POST', '/api/session', {
      json: { email: newClient.email, password: newClient.password },
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ user: { mustChangePassword: true } });
    expect((await dora.request('GET', '/api/session')).status).toBe(200);
    const blocked = await dora.request('GET', '/api/leads');
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({ error: 'Change your password before doing anything else.' });
    const own = await dora.request('POST', '/api/session/password', {
      json: { currentPassword: newClient.password, newPassword: 'dora picked her own words' },
    });
    expect(own.status).toBe(200);
    expect(await own.json()).not.toHaveProperty('user.mustChangePassword');
    expect((await server.store.findByEmail(newClient.email))?.password).toMatch(/^scrypt\$/);
  });

  it('answers 409 with a clear message for a taken email', async () => {
    const browser = await loggedIn(server, admin);
    const response = await browser.request('POST', '/api/clients', {
      json: { name: 'Copy', email: client.email.toUpperCase(), password: 'whatever you like here' },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'A user with the email carl@example.com already exists. Use a different email address.',
    });
  });

  it.each([
    [{ email: 'x@example.com', password: 'p' }, 'name', 'Name is required'],
    [{ name: '  ', email: 'x@example.com', password: 'p' }, 'name', 'Name is required'],
    [
      { name: 'X', email: 'nope', password: 'p' },
      'email',
      'Enter a valid email address, such as name@example.com',
    ],
    [{ name: 'X', email: 'x@example.com' }, 'password', 'Password is required'],
    // Issue 26 L6: bidi overrides, isolates and C1 controls in a name.
    [
      { name: 'Carl \u202egnp.exe', email: 'x@example.com', password: 'p' },
      'name',
      'Name contains characters that cannot be typed (control or text-direction characters); remove them',
    ],
    [
      { name: 'Carl\u2066x\u2069', email: 'x@example.com', password: 'p' },
      'name',
      'Name contains characters that cannot be typed (control or text-direction characters); remove them',
    ],
    [
      { name: 'Carl\u009b', email: 'x@example.com', password: 'p' },
      'name',
      'Name contains characters that cannot be typed (control or text-direction characters); remove them',
    ],
  ])('400 for %j', async (json, field, error) => {
    const browser = await loggedIn(server, admin);
    const response = await browser.request('POST', '/api/clients', { json });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error, field });
    expect(await server.store.list()).toHaveLength(2);
  });

  it('400 for malformed JSON and 403 from another origin, creating nothing', async () => {
    const browser = await loggedIn(server, admin);
    const malformed = await browser.request('POST', '/api/clients', {
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const foreign = await browser.request('POST', '/api/clients', {
      json: newClient,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(await server.store.list()).toHaveLength(2);
  });

  it('deletes a client (204), then 404 for the same id', async () => {
    const browser = await loggedIn(server, admin);
    const response = await browser.request('DELETE', `/api/clients/${server.clientId}`);
    expect(response.status).toBe(204);
    expect(await server.store.findByEmail(client.email)).toBeUndefined();
    const again = await browser.request('DELETE', `/api/clients/${server.clientId}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      error: `No user has the id ${server.clientId}. Reload the list and try again.`,
    });
  });

  it('refuses a malformed id and deleting the signed-in account', async () => {
    const browser = await loggedIn(server, admin);
    const odd = await browser.request('DELETE', `/api/clients/${encodeURIComponent("x' OR 1=1")}`);
    expect(odd.status).toBe(400);
    expect(await odd.json()).toEqual({
      error: 'That is not a client id. Reload the list and try again.',
      field: 'id',
    });
    const self = await browser.request('DELETE', `/api/clients/${server.adminId}`);
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({
      error: 'You cannot delete your own account while signed in with it.',
    });
    expect(await server.store.list()).toHaveLength(2);
  });
});
