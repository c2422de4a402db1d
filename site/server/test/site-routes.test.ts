// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { admin, client, loggedIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({
    publicConfig: { vapiPublicKey: 'pk_public', vapiAssistantId: 'asst_demo' },
  });
});
afterEach(() => server.close());

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

describe('GET /api/config', () => {
  const everyone = (assistantId: string) => [
    { id: 'health-clinics', assistantId },
    { id: 'law-firms', assistantId },
    { id: 'home-services', assistantId },
  ];

  it('gives an anonymous visitor no key and no assistant id, only whether the demo is live', async () => {
    const response = await get('/api/config');
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ demo: { available: true, receptionists: [] } });
    expect(body).not.toContain('pk_public');
    expect(body).not.toContain('asst_demo');
  });

  it('returns the public Vapi key, the default assistant and the demo receptionists to a session', async () => {
    const asClient = await loggedIn(server, client);
    const response = await asClient.request('GET', '/api/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      vapiPublicKey: 'pk_public',
      vapiAssistantId: 'asst_demo',
      demo: { available: true, receptionists: everyone('asst_demo') },
    });
  });

  it('gives each receptionist its own assistant when configured, the default otherwise', async () => {
    const custom = await startTestServer({
      publicConfig: {
        vapiPublicKey: 'pk',
        vapiAssistantId: 'asst_default',
        receptionists: { 'law-firms': 'asst_law' },
      },
    });
    try {
      const asClient = await loggedIn(custom, client);
      const body = (await (await asClient.request('GET', '/api/config')).json()) as { demo: unknown };
      expect(body.demo).toEqual({
        available: true,
        receptionists: [
          { id: 'health-clinics', assistantId: 'asst_default' },
          { id: 'law-firms', assistantId: 'asst_law' },
          { id: 'home-services', assistantId: 'asst_default' },
        ],
      });
    } finally {
      await custom.close();
    }
  });

  it('without keys: offline for everyone; only an Admin session learns which settings are missing', async () => {
    const bare = await startTestServer({ publicConfig: { vapiAssistantId: 'asst_demo' } });
    try {
      const offline = { available: false, receptionists: [] };
      expect(await (await fetch(`${bare.url}/api/config`)).json()).toEqual({ demo: offline });
      const asClient = await loggedIn(bare, client);
      expect(await (await asClient.request('GET', '/api/config')).json()).toEqual({
        vapiAssistantId: 'asst_demo',
        demo: offline,
      });
      const asAdmin = await loggedIn(bare, admin);
      expect(await (await asAdmin.request('GET', '/api/config')).json()).toMatchObject({
        demo: { ...offline, missing: ['VAPI_PUBLIC_KEY'] },
      });
    } finally {
      await bare.close();
    }
    const empty = await startTestServer({ publicConfig: {} });
    try {
      const asAdmin = await loggedIn(empty, admin);
      expect(await (await asAdmin.request('GET', '/api/config')).json()).toEqual({
        demo: { available: false, receptionists: [], missing: ['VAPI_PUBLIC_KEY', 'VAPI_ASSISTANT_ID'] },
        admin: { demoCalls: false },
      });
    } finally {
      await empty.close();
    }
  });
});

describe('unknown API paths', () => {
  it.each(['/api/nope', '/api', '/api/sessions'])('%s → JSON 404', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ error: expect.stringContaining('No API route for GET') });
  });
});

describe('the built site', () => {
  it.each([
    ['/special-landing', '/landingpage/index.html'],
    ['/blueprint', '/blueprint/index.html'],
    ['/no-such-page', '/'],
    ['/industries/unknown/deeper', '/'],
  ])('%s → 302 %s', async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
  });

  it('serves prerendered pages and the SPA shell for client routes, revalidated every time', async () => {
    for (const [path, text] of [
      ['/', 'Home page'],
      ['/chatbot', 'Chatbot'],
      ['/chatbot/', 'Chatbot'],
      ['/login', 'id="root"'],
      ['/demo', 'id="root"'],
      ['/admin', 'id="root"'],
      ['/admin/leads', 'id="root"'],
      ['/admin/leads/', 'id="root"'],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text(), path).toContain(text);
    }
  });

  it('serves hashed assets with a one-year immutable cache; a missing one is a 404, not HTML', async () => {
    const asset = await get('/assets/app-3f9a1c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("app");');
    const missing = await get('/assets/app-000000.js');
    expect(missing.status).toBe(404);
    expect((await get('/favicon.svg')).status).toBe(200);
  });

  it('gzips text over 1 KB for clients that accept it', async () => {
    const big = await fetch(`${server.url}/assets/vendor-8e2b4d.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect(await big.text()).toBe(`export const words = ${JSON.stringify('voxdesk '.repeat(500))};`);
    const plain = await fetch(`${server.url}/assets/vendor-8e2b4d.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const small = await fetch(`${server.url}/assets/app-3f9a1c.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('answers analytics script paths with 404, not the home page', async () => {
    const response = await get('/_vercel/insights/script.js');
    expect(response.status).toBe(404);
  });

  it('sends the security headers, with a CSP that lets /demo reach Vapi and Daily', async () => {
    const response = await get('/demo');
    const csp = response.headers.get('content-security-policy')!;
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name!, values];
      }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'", 'https://c.daily.co']);
    expect(directives.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://api.vapi.ai',
        'wss://api.vapi.ai',
        'https://*.daily.co',
        'wss://*.daily.co',
      ]),
    );
    expect(directives.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('permissions-policy')).toContain('microphone=(self)');
  });
});

describe('a missing build', () => {
  it('answers 503 instead of redirecting / to itself', async () => {
    const { rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const built = await fetch(`${server.url}/`);
    expect(built.status).toBe(200);
    rmSync(join(server.clientDir, 'index.html'));
    const home = await get('/');
    expect(home.status).toBe(503);
    expect(await home.text()).toBe('The site is not built yet: run `npm run build -w @voxdesk/site`.');
    expect((await get('/elsewhere')).status).toBe(503);
    rmSync(join(server.clientDir, 'spa-fallback.html'));
    const login = await get('/login');
    expect(login.status).toBe(503);
    expect(await login.text()).toBe('The site is not built yet: run `npm run build -w @voxdesk/site`.');
  });
});
