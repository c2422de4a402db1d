import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';
import { readLocalSession } from './local-session.ts';
import { fetchSessionUser, logIn, logOut } from './session-api.ts';
import { realClient as clientUser, serveRealSiteApi } from '../../../test/real-site-api.ts';

// The real site server in-process (createApp over a temp SQLite file).
const api = serveRealSiteApi();

describe('apiRequest', () => {
  it("turns the server's { error } body into an ApiError with its status", async () => {
    const failure = await apiRequest('/api/clients').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Not logged in', fromServer: true });
  });

  it('describes a non-JSON failure by its status, not as a server message', async () => {
    api.use(http.get('*/api/config', () => new HttpResponse('<h1>502</h1>', { status: 502 })));
    await expect(apiRequest('/api/config')).rejects.toMatchObject({ status: 502, fromServer: false });
  });

  it('reports a network failure as status 0', async () => {
    api.use(http.get('*/api/config', () => HttpResponse.error()));
    await expect(apiRequest('/api/config')).rejects.toMatchObject({ status: 0, fromServer: false });
  });

  it('sends JSON with same-origin credentials', async () => {
    let seen: Request | undefined;
    api.use(
      http.post('*/api/session', ({ request }) => {
        seen = request;
      }),
    );
    await logIn(clientUser.email, clientUser.password);
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(seen?.credentials).toBe('same-origin');
  });
});

describe('session calls', () => {
  it('logIn keeps the user locally without the password', async () => {
    const user = await logIn(clientUser.email, clientUser.password);
    expect(user).toEqual({
      id: (await api.store.users.findByEmail(clientUser.email))!.id,
      name: clientUser.name,
      email: clientUser.email,
      role: 'Client',
    });
    expect(localStorage.getItem('user')).not.toContain(clientUser.password);
    expect(readLocalSession()).toEqual(user);
  });

  it('fetchSessionUser answers undefined for 401 and throws for other failures', async () => {
    await expect(fetchSessionUser()).resolves.toBeUndefined();
    // A proxy in front of the server that cannot reach it.
    api.use(http.get('*/api/session', () => new HttpResponse('<h1>503</h1>', { status: 503 })));
    await expect(fetchSessionUser()).rejects.toMatchObject({ status: 503 });
  });

  it('logOut clears the local session even when the server cannot be reached', async () => {
    await logIn(clientUser.email, clientUser.password);
    expect(readLocalSession()).toBeDefined();
    api.use(http.delete('*/api/session', () => HttpResponse.error()));
    await expect(logOut()).rejects.toBeInstanceOf(ApiError);
    expect(readLocalSession()).toBeUndefined();
  });
});
