import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';
import { readLocalSession, saveLocalSession } from './local-session.ts';
import { fetchSessionUser, logIn, logOut } from './session-api.ts';
import { clientUser } from './testing/fake-site-api.ts';
import { serveFakeSiteApi } from './testing/serve-fake-site-api.ts';

const server = serveFakeSiteApi(() => {});

describe('apiRequest', () => {
  it("turns the server's { error } body into an ApiError with its status", async () => {
    const failure = await apiRequest('/api/clients').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Not logged in', fromServer: true });
  });

  it('describes a non-JSON failure by its status, not as a server message', async () => {
    server.use(http.get('*/api/config', () => new HttpResponse('<h1>502</h1>', { status: 502 })));
    await expect(apiRequest('/api/config')).rejects.toMatchObject({ status: 502, fromServer: false });
  });

  it('reports a network failure as status 0', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.error()));
    await expect(apiRequest('/api/config')).rejects.toMatchObject({ status: 0, fromServer: false });
  });

  it('sends JSON with same-origin credentials', async () => {
    let seen: Request | undefined;
    server.use(
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
      id: clientUser.id,
      name: clientUser.name,
      email: clientUser.email,
      role: 'Client',
    });
    expect(localStorage.getItem('user')).not.toContain(clientUser.password);
    expect(readLocalSession()).toEqual(user);
  });

  it('fetchSessionUser answers undefined for 401 and throws for other failures', async () => {
    await expect(fetchSessionUser()).resolves.toBeUndefined();
    server.use(http.get('*/api/session', () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    await expect(fetchSessionUser()).rejects.toMatchObject({ status: 500 });
  });

  it('logOut clears the local session even when the server cannot be reached', async () => {
    saveLocalSession(clientUser);
    server.use(http.delete('*/api/session', () => HttpResponse.error()));
    await expect(logOut()).rejects.toBeInstanceOf(ApiError);
    expect(readLocalSession()).toBeUndefined();
  });
});
