import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/index.ts';
import { readLocalSession } from './local-session.ts';
import { fetchSessionUser, logIn, logOut } from './session-api.ts';
import { realClient as clientUser, serveRealSiteApi } from '../../../test/real-site-api.ts';

// The real site server in-process (createApp over a temp SQLite file).
const api = serveRealSiteApi();

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
