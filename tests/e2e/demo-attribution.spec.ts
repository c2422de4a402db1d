import { signWebhook } from '@voxdesk/sdk/webhooks';
import { chromiumArgs, chromiumPath, e2eWebhookSecret } from './fixtures.ts';
import { logIn } from './log-in.ts';
import { addClient, answerVapi, expect, test } from './site-server.ts';

/**
 * With keys set: a client starts a live call from /demo; the browser's POST /call/web carries
 * the server's signed attribution as assistant-override metadata (captured here, at Vapi's
 * door, and answered in the browser: nothing leaves loopback). Vapi's end-of-call report for
 * that call, carrying the same overrides and signed with the webhook secret, then appears under
 * that client in /admin; a report whose metadata was forged is stored under no client.
 */
const publicKey = 'e2e-attribution-public-key';
const assistantId = 'e2e-attribution-assistant';

test.use({
  siteEnv: {
    VAPI_PUBLIC_KEY: publicKey,
    VAPI_ASSISTANT_ID: assistantId,
    VAPI_WEBHOOK_SECRET: e2eWebhookSecret,
    DEMO_CALL_MAX_SECONDS: '180',
  },
});

let baseUrl = '';
test.beforeEach(({ site }) => {
  baseUrl = site.url;
});

test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream'],
  },
});

async function deliverReport(callId: string, call: Record<string, unknown>, summary: string) {
  const startedAt = new Date(Date.now() - 95_000).toISOString();
  const body = JSON.stringify({
    message: {
      type: 'end-of-call-report',
      call: { id: callId, assistantId, type: 'webCall', ...call },
      startedAt,
      endedAt: new Date().toISOString(),
      endedReason: 'customer-ended-call',
      analysis: { summary },
      artifact: {
        transcript: 'AI: Thanks for calling.\nUser: I need advice about a lease.',
        recordingUrl: `https://storage.vapi.ai/${callId}-mono.wav`,
      },
    },
  });
  const signed = await signWebhook(
    { type: 'hmac', algorithm: 'sha256', secretKey: e2eWebhookSecret },
    { body },
  );
  const response = await fetch(`${baseUrl}/api/vapi/events`, {
    method: 'POST',
    headers: signed.headers,
    body,
  });
  expect(response.status).toBe(200);
}

test('a signed end-of-call report carrying the call metadata appears under that client in /admin', async ({
  browser,
  loginAsAdmin,
}) => {
  // Two browsers, a first-login password change (two real scrypt checks), a live call start
  // and two reports: under a load average of 30 the body alone took over 60 s here.
  test.slow();
  const client = {
    name: 'Dr Smith',
    email: `dr-smith-${Date.now()}@example.com`,
    password: 'dr smith demo password',
  };
  const adminPage = await browser.newPage();
  await loginAsAdmin(adminPage, { baseUrl });
  await addClient(adminPage, baseUrl, client);

  // The client calls the law-firm receptionist; Vapi's /call/web is answered in the browser.
  const context = await browser.newContext();
  await context.grantPermissions(['microphone'], { origin: baseUrl });
  const clientPage = await context.newPage();
  const starts: { assistantId?: string; assistantOverrides?: Record<string, unknown> }[] = [];
  await answerVapi(clientPage, baseUrl, async (route, cors) => {
    starts.push(route.request().postDataJSON() as (typeof starts)[number]);
    return route.fulfill({ status: 400, headers: cors, json: { message: 'Stopped by the test.' } });
  });
  await logIn(clientPage, client, { baseUrl, chooseOwnPassword: 'dr smith picked this phrase' });
  await expect(clientPage.getByRole('status')).toHaveText('Ready');
  await clientPage.getByLabel(/Law firm/).check();
  await clientPage.getByRole('button', { name: 'Start Conversation' }).click();
  await expect.poll(() => starts.length).toBe(1);
  const [start] = starts;
  expect(start!.assistantId).toBe(assistantId);
  expect(start!.assistantOverrides).toMatchObject({
    maxDurationSeconds: 180,
    metadata: { receptionist: 'law-firms', voxdeskAttribution: expect.any(String) },
  });
  await context.close();

  // Vapi reports the call with the overrides it started with; a second report forges a client.
  await deliverReport(
    'call-dr-smith',
    { assistantOverrides: start!.assistantOverrides },
    'Dr Smith asked about a lease.',
  );
  await deliverReport(
    'call-forged',
    { assistantOverrides: { metadata: { clientId: 'someone', receptionist: 'law-firms' } } },
    'Forged metadata.',
  );

  await adminPage.goto(`${baseUrl}/admin`);
  const panel = adminPage.getByRole('region', { name: 'Recent demo calls, scrollable' });
  const row = panel.getByRole('row').filter({ hasText: 'Dr Smith asked about a lease.' });
  await expect(row).toContainText('Dr Smith');
  await expect(row).toContainText(client.email);
  await expect(row).toContainText('Law firm');
  await expect(row).toContainText('1m 35s');
  await expect(row.getByRole('link', { name: /Listen/ })).toHaveAttribute(
    'href',
    'https://storage.vapi.ai/call-dr-smith-mono.wav',
  );
  const forged = panel.getByRole('row').filter({ hasText: 'Forged metadata.' });
  await expect(forged.getByRole('button')).toHaveCount(0);

  await row.getByRole('button', { name: 'Dr Smith' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Demo calls of Dr Smith' })).toBeVisible();
  const own = adminPage.getByRole('region', { name: 'Recent demo calls, scrollable' });
  await expect(own.getByRole('row').filter({ hasText: 'Dr Smith asked about a lease.' })).toHaveCount(1);
  await expect(own.getByRole('row').filter({ hasText: 'Forged metadata.' })).toHaveCount(0);
});
