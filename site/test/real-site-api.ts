// The real site server (createApp over a temp SQLite file) answering the browser code's
// `/api/*` requests in component tests: msw hands each request to `app.fetch` in-process.
// It adds what a browser adds on the way (the Origin and Host of the page, the cookie jar),
// so the server's own checks run unchanged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Accounts,
  hashPassword,
  linkTokenHash,
  markTemporary,
  newLinkToken,
  SqliteStore,
} from '@voxdesk/auth';
import { http, HttpResponse, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createApp, type AppOptions } from '../server/app.ts';
import { saveLocalSession } from '../src/shared/session/local-session.ts';

const FAST_SCRYPT = { N: 1024, r: 8, p: 1 };
export const realAdmin = {
  name: 'Ada Admin',
  email: 'ada@example.com',
  password: 'admin password for tests',
};
export const realClient = {
  name: 'Carl Client',
  email: 'carl@example.com',
  password: 'client password for tests',
};

export interface RealSiteApi {
  store: SqliteStore;
  /** Signs the browser in through `POST /api/session`, as the login page does. */
  signIn(who: { email: string; password: string }): Promise<void>;
  /** `METHOD /path?query` of every request the browser code sent, in order. */
  requests: string[];
  /** From now on requests to `path` (default: all of /api) fail as a dropped connection does. */
  cutNetwork(path?: string): void;
  /** Ends every `cutNetwork` and `use`. */
  restoreNetwork(): void;
  /**
   * msw handlers put in front of the server, for what happens between browser and server (a
   * proxy's HTML error page, a held request); a handler that returns nothing falls through.
   */
  use(...handlers: Parameters<ReturnType<typeof setupServer>['use']>): void;
  /** Stores an Admin whose password is temporary (as the generated first Admin's is). */
  addTemporaryAdmin(who: { name: string; email: string; password: string }): Promise<void>;
  /** Stores a one-time set-password link for the user with `email` (as a mailed invite does); its token. */
  issueLink(email: string): Promise<string>;
  /** Restarts the app with other options (e.g. `publicConfig`), keeping the database and cookies. */
  reconfigure(overrides: Partial<AppOptions>): void;
}

export function serveRealSiteApi(overrides: Partial<AppOptions> = {}): RealSiteApi {
  const msw = setupServer();
  let dir = '';
  let app: ReturnType<typeof createApp>;
  let appOptions: AppOptions;
  const jar = new Map<string, string>();
  const api = { store: undefined as unknown as SqliteStore } as RealSiteApi;

  async function send(request: Request): Promise<Response> {
    const url = new URL(request.url);
    api.requests.push(`${request.method} ${url.pathname}${url.search}`);
    const headers = new Headers(request.headers);
    headers.set('host', url.host);
    if (request.method !== 'GET' && request.method !== 'HEAD') headers.set('origin', url.origin);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const response = await app.fetch(new Request(url, { method: request.method, headers, body }));
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (/;\s*Max-Age=0\b/i.test(cookie)) jar.delete(name!.trim());
      else jar.set(name!.trim(), value.join('='));
    }
    return response;
  }

  beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }));
  beforeEach(async () => {
    localStorage.clear();
    jar.clear();
    api.requests = [];
    dir = mkdtempSync(join(tmpdir(), 'voxdesk-ui-'));
    const store = new SqliteStore(join(dir, 'voxdesk.db'));
    const accounts = new Accounts(store, { scrypt: FAST_SCRYPT });
    await store.createAdmin({ ...realAdmin, password: await hashPassword(realAdmin.password, FAST_SCRYPT) });
    // Straight into the store: the password policy reads its word list from a file URL,
    // which jsdom's URL class does not satisfy.
    await store.create({ ...realClient, password: await hashPassword(realClient.password, FAST_SCRYPT) });
    appOptions = {
      clientDir: dir,
      accounts,
      sessionSecret: 'component-test-secret-0123456789abcdef-0123',
      log: () => {},
      // A person's minimum fill time, shortened so the browser code's wait stays brief.
      leads: { formToken: { minFillMs: 50 } },
      ...overrides,
    };
    app = createApp(appOptions);
    api.store = store;
    api.restoreNetwork();
  });
  afterEach(async () => {
    await api.store?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterAll(() => msw.close());

  api.reconfigure = (more) => {
    app = createApp({ ...appOptions, ...more });
  };
  api.addTemporaryAdmin = async (who) => {
    await api.store.createAdmin({
      ...who,
      password: markTemporary(await hashPassword(who.password, FAST_SCRYPT)),
    });
  };
  api.issueLink = async (email) => {
    const user = await api.store.users.findByEmail(email);
    if (!user) throw new Error(`issueLink: no user ${email}`);
    const token = newLinkToken();
    const now = Date.now();
    const link = { hash: linkTokenHash(token), userId: String(user.id), purpose: 'reset' as const };
    await api.store.linkTokens.issueLinkToken({ ...link, createdAt: now, expiresAt: now + 3_600_000 }, []);
    return token;
  };
  api.use = (...handlers) => msw.use(...handlers);
  api.restoreNetwork = () =>
    msw.resetHandlers(
      http.all('*/api/*', ({ request }) => send(request)),
      // The server's own calls to loopback fakes (the fake Vapi API) go out for real.
      http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
    );
  api.cutNetwork = (path = '/api/*') => msw.use(http.all(`*${path}`, () => HttpResponse.error()));
  api.signIn = async (who) => {
    const response = await send(
      new Request('http://localhost/api/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: who.email, password: who.password }),
      }),
    );
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
    const { user } = (await response.json()) as { user: Parameters<typeof saveLocalSession>[0] };
    saveLocalSession(user);
  };
  return api;
}
