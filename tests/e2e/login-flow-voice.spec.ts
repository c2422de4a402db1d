import { chromium, type Page } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { chromiumArgs, chromiumPath, e2eAdmin } from './fixtures.ts';
import { answerVapi, expect, test } from './site-server.ts';
import { watchProblems } from './page-problems.ts';

/**
 * /demo with the voice demo configured, in the real build, under the real server's CSP:
 * the SDK loads (Vite 8's CommonJS interop), Start posts /call/web to Vapi with the public
 * key, and Vapi's faithful 401 answer (fulfilled in the browser: nothing leaves loopback)
 * becomes the status and one error entry, with no unhandled rejection. A second server
 * is started here because the shared e2e server runs without Vapi settings.
 */
const publicKey = 'e2e-public-key';
const assistantId = 'e2e-assistant-id';
const vapiUnauthorized = {
  message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
  error: 'Unauthorized',
  statusCode: 401,
};

test.use({ siteEnv: { VAPI_PUBLIC_KEY: publicKey, VAPI_ASSISTANT_ID: assistantId } });

let baseUrl = '';
test.beforeEach(({ site }) => {
  baseUrl = site.url;
});

/** Records every state the call card shows, so a state that lasts a moment is seen too. */
async function recordCardStates(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { cardStates: string[] }).cardStates = seen;
    const note = () => {
      const state = document.querySelector('[data-state]')?.getAttribute('data-state');
      if (state && seen.at(-1) !== state) seen.push(state);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state'],
      childList: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { cardStates: string[] }).cardStates);
}

/** Every request to Vapi, answered in the browser; nothing leaves loopback. */
async function routeVapi(page: Page) {
  const callRequests: { authorization?: string; body: unknown }[] = [];
  await answerVapi(page, baseUrl, async (route, cors) => {
    const request = route.request();
    callRequests.push({ authorization: request.headers().authorization, body: request.postDataJSON() });
    return route.fulfill({ status: 401, headers: cors, json: vapiUnauthorized });
  });
  return callRequests;
}

test('an anonymous GET /api/config carries no key and no assistant id; a session gets them', async ({
  page,
  loginAsAdmin,
}) => {
  const anonymous = await fetch(`${baseUrl}/api/config`);
  expect(anonymous.status).toBe(200);
  const body = await anonymous.text();
  expect(body).not.toContain(publicKey);
  expect(body).not.toContain(assistantId);
  expect(JSON.parse(body)).toEqual({ demo: { available: true, receptionists: [] } });

  await loginAsAdmin(page, { baseUrl });
  const signedIn = await page.request.get(`${baseUrl}/api/config`);
  expect(await signedIn.json()).toMatchObject({ vapiPublicKey: publicKey, vapiAssistantId: assistantId });
});

// Chromium's fake audio device: a microphone exists; each test decides whether it is allowed.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream'],
  },
});

test.describe('with the microphone allowed', () => {
  test.beforeEach(({ context }) => context.grantPermissions(['microphone'], { origin: baseUrl }));

  test('a configured demo loads the SDK and turns a refused call into a clear error', async ({
    page,
    loginAsAdmin,
  }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const callRequests = await routeVapi(page);
    await loginAsAdmin(page, { baseUrl });

    const status = page.getByRole('status');
    await expect(status).toHaveText('Ready');
    const transcript = page.getByRole('log', { name: 'Conversation transcript' });
    await expect(transcript).toContainText("Welcome! I'm your AI assistant.");
    // The SDK (82 kB gz) is not requested until Start is pressed.
    const vapiChunk = (url: string) => /\/assets\/vapi-[\w-]+\.js$/.test(url);
    expect(scripts.filter(vapiChunk)).toEqual([]);

    await page.getByRole('button', { name: 'Start Conversation' }).click();
    await expect.poll(() => scripts.filter(vapiChunk)).toHaveLength(1);
    const expected = `Error: ${vapiUnauthorized.message}`;
    await expect(status).toHaveText(expected);
    await expect(transcript.getByText(expected)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Start Conversation' })).toBeEnabled();

    expect(callRequests).toHaveLength(1);
    expect(callRequests[0]!.authorization).toBe(`Bearer ${publicKey}`);
    expect(callRequests[0]!.body).toMatchObject({ assistantId });
    expect(pageErrors).toEqual([]);
  });
});

test.describe('with the microphone allowed and the network failing at /call/web', () => {
  test.beforeEach(({ context }) => context.grantPermissions(['microphone'], { origin: baseUrl }));

  test('the card says it could not reach the voice service, once, and Try again calls again', async ({
    page,
    loginAsAdmin,
  }) => {
    const attempts: string[] = [];
    await page.route('https://api.vapi.ai/**', async (route) => {
      attempts.push(new URL(route.request().url()).pathname);
      return route.abort('internetdisconnected');
    });
    await loginAsAdmin(page, { baseUrl });
    await expect(page.getByRole('status')).toHaveText('Ready');
    await page.getByRole('button', { name: 'Start Conversation' }).click();
    const card = page.getByRole('region', { name: 'Call failed' });
    await expect(card).toContainText('Network problem');
    await expect(card.getByText('Could not reach the voice service')).toHaveCount(1);
    expect(attempts).toContain('/call/web');
    const before = attempts.length;
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => attempts.length).toBeGreaterThan(before);
    await expect(page.getByRole('region', { name: 'Call failed' })).toContainText('Network problem');
  });
});

test.describe('with the microphone permission refused', () => {
  // No grant: headless Chromium answers the permission prompt with a refusal.

  test('the call card goes from connecting to failed with the microphone message, and Vapi is never called', async ({
    page,
    loginAsAdmin,
  }) => {
    const callRequests = await routeVapi(page);
    await loginAsAdmin(page, { baseUrl });
    await expect(page.getByRole('status')).toHaveText('Ready');
    await expect(
      page.getByRole('group', { name: 'Pick a receptionist to talk to' }).getByRole('radio'),
    ).toHaveCount(3);
    await expectAccessible(page, '/demo with the microphone refused, before Start');
    const states = await recordCardStates(page);
    await page.getByRole('button', { name: 'Start Conversation' }).click();
    const card = page.getByRole('region', { name: 'Call failed' });
    await expect(card).toContainText('Microphone blocked');
    await expect(card).toContainText('Allow the microphone for this site');
    // One status surface: the message is said once in the card.
    await expect(card.getByText('Allow the microphone for this site')).toHaveCount(1);
    expect(await states()).toEqual(['ready', 'connecting', 'failed']);
    expect(callRequests).toEqual([]);

    // Try again asks again (and is refused again): the way out is the browser's setting.
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('region', { name: 'Call failed' })).toContainText('Microphone blocked');
    expect(callRequests).toEqual([]);
  });
});

// This server has no VAPI_WEBHOOK_SECRET and no VAPI_PRIVATE_KEY: demo calls have no source.
test('the admin screen says demo calls are not set up, with no 404 and no console error', async ({
  page,
  loginAsAdmin,
}) => {
  const problems = watchProblems(page);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await loginAsAdmin(page, { baseUrl });
  await page.goto(`${baseUrl}/admin`);
  const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Recent demo calls' }) });
  await expect(panel.getByText('Not set up yet.')).toContainText('VAPI_WEBHOOK_SECRET');
  await expect(page.getByRole('listitem').filter({ hasText: e2eAdmin.email })).toBeVisible();
  expect(asked).not.toContain('/api/admin/demo-calls');
  expect(problems).toEqual([]);
});

test('with no microphone at all, the card says none was found, and Vapi is never called', async ({
  loginAsAdmin,
}) => {
  // A browser of its own without the fake device: Chromium has no audio input at all, so the
  // permission is granted and no device is found. (Launch options cannot change per test.)
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext();
    await context.grantPermissions(['microphone'], { origin: baseUrl });
    const page = await context.newPage();
    const callRequests = await routeVapi(page);
    await loginAsAdmin(page, { baseUrl });
    await expect(page.getByRole('status')).toHaveText('Ready');
    await page.getByRole('button', { name: 'Start Conversation' }).click();
    const card = page.getByRole('region', { name: 'Call failed' });
    await expect(card).toContainText('No microphone');
    await expect(card).toContainText('No microphone was found');
    expect(callRequests).toEqual([]);
  } finally {
    await browser.close();
  }
});
