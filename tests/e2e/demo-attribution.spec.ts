import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signWebhook } from '@voxdesk/sdk/webhooks';
import { chromiumArgs, chromiumPath, e2eAdmin, e2eSessionSecret, e2eWebhookSecret } from './fixtures.ts';
import { expect, logIn, test } from './log-in.ts';

/**
 * With keys set: a client starts a live call from /demo; the browser's POST /call/web carries
 * the server's signed attribution as assistant-override metadata (captured here, at Vapi's
 * door, and answered in the browser: nothing leaves loopback). Vapi's end-of-call report for
 * that call, carrying the same overrides and signed with the webhook secret, then appears under
 * that client in /admin; a report whose metadata was forged is stored under no client.
 */
const publicKey = 'e2e-attribution-public-key';
const assistantId = 'e2e-attribution-assistant';

let server: ChildProcess | undefined;
let baseUrl = '';
let dataDir = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'voxdesk-e2e-attribution-'));
  server = spawn(process.execPath, ['site/dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      VOXDESK_DB: join(dataDir, 'voxdesk.db'),
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      SESSION_SECRET: e2eSessionSecret,
      AIRTABLE_BASE_ID: '',
      AIRTABLE_TABLE_ID: '',
      AIRTABLE_TOKEN: '',
      VAPI_PRIVATE_KEY: '',
      VAPI_PUBLIC_KEY: publicKey,
      VAPI_ASSISTANT_ID: assistantId,
      VAPI_WEBHOOK_SECRET: e2eWebhookSecret,
      DEMO_CALL_MAX_SECONDS: '180',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    server!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    server!.once('exit', (code) => reject(new Error(`the site server exited with ${code}:\n${output}`)));
  });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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
  // The client first replaces the Admin-set password: two more real scrypt checks.
  test.setTimeout(90_000);
  const client = {
    name: 'Dr Smith',
    email: `dr-smith-${Date.now()}@example.com`,
    password: 'dr smith demo password',
  };
  const adminPage = await browser.newPage();
  await loginAsAdmin(adminPage, { baseUrl });
  const created = await adminPage.request.post(`${baseUrl}/api/clients`, {
    data: client,
    headers: { origin: baseUrl },
  });
  expect(created.status()).toBe(201);

  // The client calls the law-firm receptionist; Vapi's /call/web is answered in the browser.
  const context = await browser.newContext();
  await context.grantPermissions(['microphone'], { origin: baseUrl });
  const clientPage = await context.newPage();
  const starts: { assistantId?: string; assistantOverrides?: Record<string, unknown> }[] = [];
  await clientPage.route('https://api.vapi.ai/**', async (route) => {
    const cors = {
      'access-control-allow-origin': baseUrl,
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
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
