import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { marketingRoutes } from './marketing-routes.ts';

/** Errors, and React warnings (hydration mismatches are reported through console.error). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  const onMessage = (message: ConsoleMessage) => {
    const text = message.text();
    if (message.type() === 'error' || (message.type() === 'warning' && /react|hydrat/i.test(text))) {
      problems.push(`${message.type()}: ${text}`);
    }
  };
  page.on('console', onMessage);
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

for (const route of marketingRoutes) {
  test(`${route.path} hydrates with no console errors or React warnings`, async ({ page }) => {
    const problems = collectProblems(page);
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.css')) stylesheets.push(request.url());
    });
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: route.h1 })).toBeVisible();
    // Hydration is done once React has attached handlers: the menu toggle then responds.
    await page.setViewportSize({ width: 1000, height: 800 });
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
    expect(problems).toEqual([]);
    // The page's CSS is inline: nothing to fetch for the first paint or for hydration.
    expect(stylesheets).toEqual([]);
  });
}

test('client-side navigation between marketing pages logs nothing and lands at the top', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/');
  // The tabs live in the home page's deferred part: prerendered, and interactive once its chunk
  // has hydrated. A click before that does nothing (as for a visitor), so click until it takes.
  const lawFirms = page.getByRole('tab', { name: 'Law Firms' });
  await expect(async () => {
    await lawFirms.click();
    await expect(lawFirms).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Learn More about Law Firms' }).click();
  await expect(page).toHaveURL(/\/industries\/law-firms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Never Miss a Client Call Again' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole('link', { name: 'Case Study', exact: true }).click();
  await expect(page).toHaveURL(/\/case-studies\/law-firms$/);
  await expect(page).toHaveTitle(/Case Study: Law Firm/);
  expect(problems).toEqual([]);
});

test('prerendered pages carry their CSS inline: no stylesheet request to paint or hydrate', async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || request.url().endsWith('.css'))
      stylesheets.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed');
  // The tabs hydrate from the home page's deferred chunk (below the fold): once it is in, they respond.
  await page.waitForLoadState('networkidle');
  await page.getByRole('tab', { name: 'Home Services' }).click();
  await expect(page.getByRole('tab', { name: 'Home Services' })).toHaveAttribute('aria-selected', 'true');
  expect(stylesheets).toEqual([]);

  // Client navigation to a page with other styles fetches them.
  await page.getByRole('link', { name: 'Learn More about Home Services' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Never Miss a Job Again');
  await expect(page.locator('.pain-card').first()).toHaveCSS('border-top-left-radius', '14px');
  expect(stylesheets.length).toBeGreaterThan(0);
});
