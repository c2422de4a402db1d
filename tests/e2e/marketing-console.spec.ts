import { expect, test } from '@playwright/test';
import { watchConsoleProblems } from './page-problems.ts';

// Each marketing page's own load (hydration, console, axe) is checked in marketing-pages.spec.ts.

test('client-side navigation between marketing pages logs nothing and lands at the top', async ({ page }) => {
  const problems = watchConsoleProblems(page);
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
