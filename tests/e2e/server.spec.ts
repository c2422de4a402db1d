import { expect, test } from '@playwright/test';
import { e2eAdmin } from './fixtures.ts';

// The real server (`node site/dist/server/main.js`, see playwright.config.ts) from a browser.

test('pages carry the security headers and load without CSP violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self' https://c.daily.co");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/chatbot');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test('the spec redirects reach the static pages', async ({ page }) => {
  const landing = await page.goto('/special-landing');
  expect(landing?.status()).toBe(200);
  await expect(page).toHaveURL(/\/landingpage\/index\.html$/);
  await page.goto('/blueprint');
  await expect(page).toHaveURL(/\/blueprint\/index\.html$/);
});

test('the browser logs in with an HttpOnly cookie the page cannot read', async ({ page }) => {
  await page.goto('/');
  const result = await page.evaluate(async (admin) => {
    const login = await fetch('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const me = await fetch('/api/session');
    return { status: login.status, body: await login.json(), me: me.status, cookie: document.cookie };
  }, e2eAdmin);
  expect(result.status).toBe(200);
  expect(result.body).toEqual({
    user: { id: expect.any(String), name: e2eAdmin.name, email: e2eAdmin.email, role: 'Admin' },
  });
  expect(result.me).toBe(200);
  expect(result.cookie).not.toContain('voxdesk_session');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'voxdesk_session')).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
    secure: false,
  });
});

test('a request without an Origin header is refused and logs nobody in', async ({ request }) => {
  const response = await request.post('/api/session', {
    data: { email: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toEqual({
    error:
      'Request refused: it did not come from this site (the Origin header is missing or names another site).',
  });
  expect((await request.get('/api/session')).status()).toBe(401);
});

test('another site cannot make the browser delete clients', async ({ page, baseURL }) => {
  await page.goto('/');
  await page.evaluate(async (admin) => {
    await fetch('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
  }, e2eAdmin);
  const forged = await page.request.delete('/api/clients/usr_anything', {
    headers: { origin: 'https://attacker.example' },
  });
  expect(forged.status()).toBe(403);
  const sameSite = await page.request.get('/api/clients');
  expect(sameSite.status()).toBe(200);
  expect(baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

test('unknown API paths are JSON 404s; unknown pages redirect home', async ({ request, page }) => {
  const api = await request.get('/api/does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ error: 'No API route for GET /api/does-not-exist.' });
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('GET /api/config answers the public runtime config', async ({ request }) => {
  const response = await request.get('/api/config');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-store');
  const body = (await response.json()) as Record<string, unknown>;
  for (const key of Object.keys(body)) expect(['vapiPublicKey', 'vapiAssistantId', 'demo']).toContain(key);
  // An anonymous caller gets no key and no assistant id, nor which settings are missing.
  expect(body.demo).toEqual({ available: false, receptionists: [] });
});
