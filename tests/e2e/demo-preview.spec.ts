import type { Page } from '@playwright/test';
import { PREVIEW_TITLE } from '../../site/src/content/demo.ts';
import { STATUS } from '../../site/src/features/demo/call-state.ts';
import { expect, logIn, test } from './log-in.ts';
import { watchProblems } from './page-problems.ts';
import { addClient } from './site-server.ts';

/**
 * The shared e2e server runs without Vapi keys: /demo offers a preview call that plays the
 * picked receptionist's sample through Web Audio, in real Chromium, through every state the
 * spec names. A client sees no server settings; an Admin sees which would make it live.
 */

/** Records every status line and the loudest level the meter showed, so brief states are seen too. */
async function recordCall(page: Page) {
  await page.evaluate(() => {
    const seen = { statuses: [] as string[], maxVolume: 0, partials: 0 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    const note = () => {
      const status = document.querySelector('.demo-status')?.textContent ?? '';
      if (status && seen.statuses.at(-1) !== status) seen.statuses.push(status);
      const volume = Number(document.querySelector('[role="meter"]')?.getAttribute('aria-valuenow') ?? 0);
      seen.maxVolume = Math.max(seen.maxVolume, volume);
      if (document.querySelector('.transcript-partial')) seen.partials += 1;
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { seen: { statuses: string[]; maxVolume: number; partials: number } }).seen,
    );
}

test('a signed-in Admin runs the preview call through every state to Call ended and its summary', async ({
  page,
  loginAsAdmin,
}) => {
  test.setTimeout(90_000);
  const problems = watchProblems(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { name: PREVIEW_TITLE })).toBeVisible();
  const hint = page.getByText(/Admins only: to make the demo live/);
  await expect(hint).toContainText('VAPI_PUBLIC_KEY');
  await expect(hint).toContainText('VAPI_ASSISTANT_ID');
  const card = page.getByRole('region', { name: /Ready|Live call|Ending|Call ended|Connecting/ });
  await expect(card.getByText('Preview', { exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(STATUS.ready);
  await expect(page.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  expect(scripts.filter((url) => /preview-voice-client/.test(url))).toEqual([]);

  const seen = await recordCall(page);
  await page.getByLabel(/Law firm/).check();
  await page.getByRole('button', { name: 'Start Conversation' }).click();
  // "Call started" lasts until the receptionist speaks: on a loaded machine a poll of the
  // page can miss it, the recorder cannot.
  await expect.poll(async () => (await seen()).statuses, { timeout: 20_000 }).toContain(STATUS.started);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // The receptionist answers: speech starts and ends, the transcript fills partial then final.
  await expect
    .poll(async () => (await seen()).statuses, { timeout: 20_000 })
    .toContain(STATUS.finishedSpeaking);
  const transcript = page.getByRole('log', { name: 'Conversation transcript' });
  await expect(transcript).toContainText(/Assistant\s*\S+/);
  await expect(page.getByLabel(/Call time 0:0[1-9]/)).toBeVisible();
  expect((await seen()).partials).toBeGreaterThan(0);
  expect((await seen()).maxVolume).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Mute' }).click();
  await expect(page.getByRole('status')).toHaveText(STATUS.muted);
  await page.getByRole('button', { name: 'Unmute' }).click();
  await expect(page.getByRole('status')).toHaveText(STATUS.unmuted);

  await page.getByRole('button', { name: 'End Call' }).click();
  await expect(page.getByRole('status')).toHaveText(STATUS.ended);
  await expect(page.getByRole('heading', { name: 'Call summary' })).toBeVisible();
  await expect(
    page.getByText(/on the line: you spoke \d+ times?, the receptionist [1-9]\d* times?\./),
  ).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeHidden();

  const { statuses } = await seen();
  const order = [
    STATUS.starting,
    STATUS.initialized,
    STATUS.started,
    STATUS.speaking,
    STATUS.finishedSpeaking,
    STATUS.muted,
    STATUS.unmuted,
    STATUS.ending,
    STATUS.ended,
  ];
  expect(statuses.filter((s) => (order as readonly string[]).includes(s))).toEqual(
    expect.arrayContaining(order),
  );
  // In the spec's order: each first seen after the one before.
  const firstSeen = order.map((s) => statuses.indexOf(s));
  expect(firstSeen).toEqual([...firstSeen].sort((a, b) => a - b));
  expect(problems).toEqual([]);

  // The preview is recorded too, marked as one, under the Admin who played it.
  await page.goto('/admin');
  const calls = page.getByRole('region', { name: 'Recent demo calls, scrollable' });
  const row = calls.getByRole('row').filter({ hasText: 'Law firm (preview)' }).first();
  await expect(row).toContainText('Administrator');
  await expect(row).toContainText(/AI: /);
});

test('a client gets the labelled preview and never the names of server settings', async ({
  browser,
  baseURL,
  loginAsAdmin,
}) => {
  // The client first replaces the Admin-set password: two more real scrypt checks.
  test.setTimeout(90_000);
  const adminPage = await browser.newPage();
  await loginAsAdmin(adminPage);
  const client = {
    name: 'Preview Client',
    email: `preview-${Date.now()}@example.com`,
    password: 'amber lantern quietly hums',
  };
  await addClient(adminPage, baseURL!, client);
  await adminPage.close();

  const clientPage = await browser.newPage();
  await logIn(clientPage, client, { chooseOwnPassword: 'amber lantern hums my own tune' });
  await expect(clientPage.getByRole('heading', { name: PREVIEW_TITLE })).toBeVisible();
  await expect(clientPage.getByRole('link', { name: /Book a Call/ })).toBeVisible();
  await expect(clientPage.locator('main')).not.toContainText('VAPI_');
  await expect(clientPage.getByRole('button', { name: 'Start Conversation' })).toBeEnabled();
  await clientPage.close();
});
