import { STATUS } from '../../site/src/features/demo/call-state.ts';
import { appViewports, expectAccessibleAtEach } from './a11y.ts';
import { chromiumArgs, chromiumPath } from './fixtures.ts';
import { logIn } from './log-in.ts';
import { answerVapi, expect, fakeVapiKeys, signInNewClient, test } from './site-server.ts';

/**
 * The /demo states only a server with Vapi keys shows (a server of this file's own, answered
 * at Vapi's door in the browser), at 375 and 1280 px (`expectAccessibleAtEach`): axe clean, no
 * sideways scroll. The rest of the app's states are in app-states-a11y.spec.ts.
 */

test.describe.configure({ timeout: 120_000 });

test.use({
  siteEnv: { ...fakeVapiKeys },
  // Chromium's fake audio device: a microphone exists; each test decides whether it is allowed.
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream'],
  },
});

test('a failed call, and the microphone refused', async ({ browser, site }) => {
  const viewport = appViewports[0];
  const allowed = await browser.newContext({ viewport });
  await allowed.grantPermissions(['microphone'], { origin: site.url });
  const page = await allowed.newPage();
  await answerVapi(page, site.url, (route, cors) =>
    route.fulfill({ status: 401, headers: cors, json: { message: 'Invalid Key.', statusCode: 401 } }),
  );
  const client = await signInNewClient(page, site.url);
  await expect(page.getByRole('status')).toHaveText(STATUS.ready);
  await expectAccessibleAtEach(page, '/demo live, before Start');
  await page.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(page.getByRole('region', { name: 'Call failed' })).toBeVisible();
  await expectAccessibleAtEach(page, '/demo, the call failed');
  await allowed.close();

  // No grant: headless Chromium answers the permission prompt with a refusal.
  const refused = await browser.newContext({ viewport });
  const second = await refused.newPage();
  await answerVapi(second, site.url, (route) => route.abort());
  await logIn(second, client, { baseUrl: site.url });
  await expect(second.getByRole('status')).toHaveText(STATUS.ready);
  await second.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(second.getByRole('region', { name: 'Call failed' })).toContainText('Microphone blocked');
  await expectAccessibleAtEach(second, '/demo, microphone refused');
  await refused.close();
});
