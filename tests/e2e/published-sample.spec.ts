import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '@voxdesk/sdk/webhooks';
import type { Page } from '@playwright/test';
import { parseVtt } from '../../site/common/vtt.ts';
import { expectAccessible } from './a11y.ts';
import { e2eAdmin, e2eWebhookSecret } from './fixtures.ts';
import { logIn } from './log-in.ts';
import { expect, test } from './site-server.ts';

/**
 * Issue 23, "publish a real call": Vapi's end-of-call report of a real demo call (signed,
 * with a recording on a loopback host and timed messages) is published from /admin as the law
 * firm sample; after a restart of the built server the industry page plays the server's copy
 * with its transcript and an honest label, fetching nothing before Play; unpublish restores
 * the synthesised call.
 */
const assistantId = 'e2e-published-assistant';
// A real recording for the loopback "Vapi storage": the law-firm call's Opus file, whose cue
// times we turn into the report's messages, so the transcript follows the audio.
const recording = readFileSync('site/public/samples/law-firms.webm');
const cues = parseVtt(readFileSync('site/public/samples/law-firms.vtt', 'utf8'));

let storage: Server;
let storageUrl = '';
let baseUrl = '';

test.use({ siteEnv: { VAPI_ASSISTANT_ID: assistantId, VAPI_WEBHOOK_SECRET: e2eWebhookSecret } });

test.beforeAll(async () => {
  storage = createServer((req, res) => {
    if (req.url !== '/recordings/call-mono.webm') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': recording.length });
    res.end(recording);
  });
  storage.listen(0, '127.0.0.1');
  await once(storage, 'listening');
  storageUrl = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
});

test.beforeEach(({ site }) => {
  baseUrl = site.url;
});

test.afterAll(() => {
  storage?.close();
});

test.describe.configure({ timeout: 120_000 });

async function deliverReport(callId: string, summary: string) {
  const start = Date.now() - 60_000;
  const body = JSON.stringify({
    message: {
      type: 'end-of-call-report',
      call: { id: callId, assistantId, type: 'webCall' },
      startedAt: new Date(start).toISOString(),
      endedAt: new Date().toISOString(),
      endedReason: 'customer-ended-call',
      analysis: { summary },
      artifact: {
        transcript: cues.map((cue) => `${cue.speaker === 'Caller' ? 'User' : 'AI'}: ${cue.text}`).join('\n'),
        recordingUrl: `${storageUrl}/recordings/call-mono.webm`,
        messages: [
          { role: 'system', message: 'You are the receptionist.', time: start, secondsFromStart: 0 },
          ...cues.map((cue) => ({
            role: cue.speaker === 'Caller' ? 'user' : 'bot',
            message: cue.text,
            time: start + cue.start * 1000,
            endTime: start + cue.end * 1000,
            secondsFromStart: cue.start,
          })),
        ],
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

/** The admin screen as it is now, on a phone and on a laptop (this spec's page is a laptop). */
async function expectAccessibleAtBothWidths(page: Page, state: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(page, `${state} at 375 px`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectAccessible(page, `${state} at 1280 px`);
}

/** Every request for a sample call's files, as it is made. */
function watchSamples(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/samples/')) requested.push(pathname);
  });
  return requested;
}

test('a real call published from /admin plays on its industry page after a restart; unpublish restores the synthesised call', async ({
  page,
  site,
}) => {
  const summary = `A café owner asked about a lease (${Date.now()}).`;
  await deliverReport(`call-real-${Date.now()}`, summary);

  await test.step('the Admin publishes the call as the law firm sample, after ticking consent', async () => {
    await logIn(page, e2eAdmin, { baseUrl });
    await page.goto(`${baseUrl}/admin`);
    const row = page.getByRole('row').filter({ hasText: summary });
    await row.getByText('Publish…').click();
    await row.getByLabel('Industry page').selectOption('law-firms');
    const publish = row.getByRole('button', { name: 'Publish as the law firm sample' });
    await publish.click();
    await expect(row.getByRole('alert')).toHaveText('Tick that the caller agreed first.');
    await expectAccessibleAtBothWidths(page, '/admin, a demo call with the publish form refused');
    await row.getByLabel('The caller agreed to have this call published on the site').check();
    await publish.click();
    await expect(row.getByRole('status')).toHaveText('Published: the law firm page now plays this call.');
    await expect(page.getByText(`consent confirmed by ${e2eAdmin.name}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Published sample calls' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, '/admin, the published samples list');
  });

  await test.step('the server restarts', async () => {
    await site.restart();
    baseUrl = site.url;
  });

  await test.step('the industry page plays the published call with its transcript, and labels it', async () => {
    const requested = watchSamples(page);
    await page.goto(`${baseUrl}/industries/law-firms`);
    const player = page.getByTestId('sample-call-law-firms');
    await expect(player.getByText('Real demo call, published with the caller’s consent')).toBeVisible();
    await expect(player.getByText('Example call, synthesised voices')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);

    await player.getByRole('button', { name: 'Play example call' }).click();
    const turns = player.getByRole('list', { name: 'Transcript' }).getByRole('listitem');
    await expect(turns).toHaveCount(cues.length);
    await expect(turns.first()).toContainText(cues[0]!.text);
    await expect(turns.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
    const time = await player.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);
    expect(time).toBeGreaterThan(cues[1]!.start - 0.5);
    expect(requested).toContain('/samples/published/law-firms/audio');
    expect(requested).toContain('/samples/published/law-firms/transcript.vtt');
    expect(requested.some((path) => /law-firms\.(webm|m4a|vtt)$/.test(path))).toBe(false);
  });

  await test.step('unpublish: the page plays the synthesised call again', async () => {
    await logIn(page, e2eAdmin, { baseUrl });
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('button', { name: 'Unpublish the Law firm sample' }).click();
    await expect(page.getByRole('heading', { name: 'Published sample calls' })).toHaveCount(0);
    await page.goto(`${baseUrl}/industries/law-firms`);
    const player = page.getByTestId('sample-call-law-firms');
    await expect(player.getByText('Example call, synthesised voices')).toBeVisible();
    await expect(player.getByText('Real demo call, published with the caller’s consent')).toHaveCount(0);
  });
});
