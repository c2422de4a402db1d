import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ClientPage, ConfigBody, LeadForm, SessionBody } from '../../../contract/api-types.ts';
import { realAdmin, realClient, serveRealSiteApi } from '../../../test/real-site-api.ts';
import { logIn } from '../session/session-api.ts';
import { api, ApiError, call, segment, type Answer } from './client.ts';

// The real site server in-process (createApp over a temp SQLite file).
const site = serveRealSiteApi();

describe('call', () => {
  it("turns the server's { error } body into an ApiError with its status", async () => {
    const failure = await call(api.clients.$get({ query: {} })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Not logged in', fromServer: true });
  });

  it('describes a non-JSON failure by its status, not as a server message', async () => {
    site.use(http.get('*/api/config', () => new HttpResponse('<h1>502</h1>', { status: 502 })));
    await expect(call(api.config.$get())).rejects.toMatchObject({ status: 502, fromServer: false });
  });

  it('refuses a 2xx that is not JSON (a proxy page) instead of giving undefined for a body', async () => {
    site.use(http.get('*/api/config', () => HttpResponse.html('<h1>Sign in to the Wi-Fi</h1>')));
    await expect(call(api.config.$get())).rejects.toMatchObject({
      status: 200,
      fromServer: false,
      message: expect.stringContaining('other than JSON'),
    });
  });

  it('reports a network failure as status 0', async () => {
    site.use(http.get('*/api/config', () => HttpResponse.error()));
    await expect(call(api.config.$get())).rejects.toMatchObject({ status: 0, fromServer: false });
  });

  it('sends JSON with same-origin credentials, no referrer, and asks for JSON', async () => {
    let seen: Request | undefined;
    site.use(
      http.post('*/api/session', ({ request }) => {
        seen = request;
      }),
    );
    await logIn(realClient.email, realClient.password);
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(seen?.headers.get('accept')).toBe('application/json');
    expect(seen?.credentials).toBe('same-origin');
  });

  it('sends no referrer (spec §7), asked of fetch itself: Node drops the policy on the way', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      await call(api.config.$get());
      expect(fetchSpy).toHaveBeenCalledWith(
        new URL('/api/config', window.location.href),
        expect.objectContaining({ referrerPolicy: 'no-referrer', credentials: 'same-origin' }),
      );
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('gives the typed body of a 2xx and undefined for a 204', async () => {
    await logIn(realAdmin.email, realAdmin.password);
    const page = await call(api.clients.$get({ query: { limit: '1' } }));
    expect(page.clients).toHaveLength(1);
    expect(page.next).toEqual(expect.any(String));
    await expect(call(api.session.$delete())).resolves.toBeUndefined();
  });

  it("sends the query as the route reads it (a bad limit is the server's 400 with the field)", async () => {
    await logIn(realAdmin.email, realAdmin.password);
    await expect(call(api.clients.$get({ query: { limit: '0' } }))).rejects.toMatchObject({
      status: 400,
      fromServer: true,
      body: { field: 'limit' },
    });
  });
});

// Checked by `tsc -b` (the test program): the client's types come from the server's routes, so a
// route that changes its path, input or answer breaks the browser code at compile time.
describe('types from the routes', () => {
  type AnswerOf<F extends (...args: never[]) => Promise<unknown>> = Answer<Awaited<ReturnType<F>>>;

  it('gives each route the answer its handler sends', () => {
    expectTypeOf<AnswerOf<typeof api.clients.$get>>().toEqualTypeOf<ClientPage>();
    expectTypeOf<AnswerOf<typeof api.session.$get>>().toEqualTypeOf<SessionBody>();
    expectTypeOf<AnswerOf<typeof api.config.$get>>().toEqualTypeOf<ConfigBody>();
    expectTypeOf<AnswerOf<typeof api.session.$delete>>().toEqualTypeOf<undefined>();
  });

  it('asks for the inputs the routes check', () => {
    expectTypeOf(api.leads.$post).parameter(0).toEqualTypeOf<{ json: LeadForm }>();
    expectTypeOf(api.clients[':id'].$delete).parameter(0).toEqualTypeOf<{ param: { id: string } }>();
    // @ts-expect-error -- the login route needs a password (never called: a type check only).
    const _withoutPassword = () => api.session.$post({ json: { email: 'a@example.com' } });
  });
});

describe('segment', () => {
  it('percent-encodes an id so it stays one path segment', () => {
    expect(segment('a/b?c#d')).toBe('a%2Fb%3Fc%23d');
    expect(segment('usr_1f')).toBe('usr_1f');
  });

  it.each(['', '.', '..', '%2e%2E', '.%2e'])('refuses %j before anything is sent', async (id) => {
    await logIn(realAdmin.email, realAdmin.password);
    const before = site.requests.length;
    await expect(
      (async () => call(api.clients[':id'].$delete({ param: { id: segment(id) } })))(),
    ).rejects.toThrow(/non-empty|dot segment/);
    expect(site.requests.length).toBe(before);
  });

  it('keeps a slash inside the id: the route refuses the id, no other route answers', async () => {
    await logIn(realAdmin.email, realAdmin.password);
    const failure = call(api.clients[':id'].$delete({ param: { id: segment('x/../../session') } }));
    await expect(failure).rejects.toMatchObject({ status: 400, body: { field: 'id' } });
    expect(site.requests.at(-1)).toBe('DELETE /api/clients/x%2F..%2F..%2Fsession');
  });
});
