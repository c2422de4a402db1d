import type { Page } from '@playwright/test';
import { appViewports, atEachViewport, expectAccessible } from './a11y.ts';
import { e2eAdmin } from './fixtures.ts';
import { expect, logIn, test } from './log-in.ts';
import { startSiteServer } from './site-server.ts';

// Every state of every app screen, in the one app shell: axe clean and no sideways scroll,
// on a phone (375 px) and a laptop (1280 px). A flow is walked once: each state is checked at
// both sizes on the same page (phone first; the flow goes on at the laptop's size).

const VIEWPORTS = appViewports;

const expectShellAtEach = (page: Page, state: string) =>
  atEachViewport(page, state, (label) => expectShellAxeAndNoOverflow(page, label));

async function expectShellAxeAndNoOverflow(page: Page, state: string) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Voxdesk home' }), state).toBeVisible();
  // Every control of the shell's nav sits inside the viewport (Logout was half off-screen).
  const outside = await page
    .locator('.app-shell__nav a, .app-shell__nav button')
    .evaluateAll((items) =>
      items
        .filter((item) => item.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((item) => item.textContent),
    );
  expect(outside, `${state}: nav items off-screen`).toEqual([]);
  await expectAccessible(page, state);
}

test.describe('at 375 and 1280 px', () => {
  test.use({ viewport: VIEWPORTS[0] });

  test('/login, blank and after a refused sign-in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Access Your Demo' })).toBeVisible();
    await expectShellAtEach(page, '/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectShellAtEach(page, '/login refused');
  });

  test('/demo, with the password form open, and /admin on both tabs', async ({ page }) => {
    await logIn(page, e2eAdmin);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
    await expectShellAtEach(page, '/demo');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();
    await expectShellAtEach(page, '/demo changing password');

    await page
      .getByRole('navigation', { name: 'Demo' })
      .getByRole('link', { name: 'Client Management' })
      .click();
    await expect(page.getByRole('heading', { name: 'Client Management' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Clients' })).toBeVisible();
    await expectShellAtEach(page, '/admin');
    await page.getByRole('tab', { name: 'Leads' }).click();
    await expect(page).toHaveURL(/\/admin\/leads$/);
    await expectShellAtEach(page, '/admin/leads');
  });
});

test('the first-run "choose your password" screen is in the shell, axe clean, no sideways scroll', async ({
  browser,
}) => {
  // A server of its own without ADMIN_EMAIL/ADMIN_PASSWORD: its first Admin has a generated,
  // temporary password.
  const server = await startSiteServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  try {
    const url = server.url;
    const password = /password: (\S+)/.exec(server.output())![1]!;
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${url}/login`);
      await page.getByLabel('Email').fill('admin@voxdesk.local');
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
      await expectShellAxeAndNoOverflow(page, `first run at ${viewport.width} px`);
      await context.close();
    }
  } finally {
    await server.stop();
  }
});

test.describe('the app splash (the static first paint of /login, /demo, /admin)', () => {
  test.use({ viewport: VIEWPORTS[0] });

  test('is in the served HTML outside #root, hidden from assistive tech; public pages have none', async ({
    request,
  }) => {
    for (const path of ['/login', '/demo', '/admin/leads']) {
      const html = await (await request.get(path)).text();
      // Outside #root, which is empty: createRoot renders into it and never meets the splash.
      expect(html, path).toMatch(
        /<div id="app-splash"[^>]*aria-hidden="true"[^>]*inert[^>]*>[\s\S]*<\/div>\s*<div id="root"><\/div>/,
      );
      // The route's chunks are fetched beside the entry, not after it.
      expect(html, path).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/route-[\w-]+\.js">/);
    }
    expect(await (await request.get('/')).text()).not.toContain('id="app-splash"');
  });

  test('paints the bar before any script runs, then gives way to the app in the same place', async ({
    page,
  }) => {
    // Without scripts the splash is the page: the brand in the header bar, nothing focusable.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    const splashBrand = page.locator('#app-splash .logo');
    await expect(splashBrand).toBeVisible();
    const before = await splashBrand.boundingBox();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#app-splash') ?? null)).toBeNull();
    await expectAccessible(page, 'the splash alone');

    await page.unroute('**/assets/*.js');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Access Your Demo' })).toBeVisible();
    await expect(page.locator('#app-splash')).toHaveCount(0);
    // The app's brand sits exactly where the splash's was: nothing jumps when it takes over.
    expect(await page.getByRole('banner').locator('.logo').boundingBox()).toEqual(before);
  });
});
