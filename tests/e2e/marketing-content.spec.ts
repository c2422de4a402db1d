import { expect, test } from '@playwright/test';
import { marketingRoutes } from './marketing-routes.ts';

// The prerendered HTML alone must carry the pages' content.
test.use({ javaScriptEnabled: false });

for (const route of marketingRoutes) {
  test(`${route.path} shows its key copy with JavaScript disabled`, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
    const text = await page.locator('body').textContent();
    for (const copy of route.copy) expect(text, `"${copy}" on ${route.path}`).toContain(copy);
    // Shared shell: the header CTAs and the footer with the current year.
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: /Try Demo/ })
        .first(),
    ).toHaveAttribute('href', '/demo');
    await expect(page.getByRole('contentinfo')).toContainText('Empowering businesses with AI solutions');
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    // The route's own stylesheet is linked in the head (no unstyled content without JavaScript).
    const position = await page.getByRole('banner').evaluate((header) => getComputedStyle(header).position);
    expect(position).toBe('fixed');
  });
}

test('home anchors work without JavaScript and land below the fixed header', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Benefits' }).click();
  await expect(page).toHaveURL(/#benefits$/);
  await expect
    .poll(() => page.locator('#benefits').evaluate((element) => element.getBoundingClientRect().top))
    .toBeCloseTo(80, 0);
});

test('the use-case panels and FAQ answers are in the HTML', async ({ page }) => {
  await page.goto('/');
  for (const summary of ['Health Clinics', 'Law Firms', 'Home Services']) {
    await expect(
      page.locator(`a[href="/industries/${summary.toLowerCase().replace(' ', '-')}"]`).first(),
    ).toBeAttached();
  }
  await page.goto('/industries/health-clinics');
  await expect(page.getByRole('button', { name: 'How is patient information protected?' })).toBeVisible();
  await expect(page.locator('.accordion__panel')).toHaveCount(3);
});

test('the industry switcher highlights the current page', async ({ page }) => {
  await page.goto('/industries/home-services');
  const current = page.locator('.switcher__pills a[aria-current="page"]');
  await expect(current).toHaveText('Home Services');
});

test('the static landing and blueprint pages render', async ({ page }) => {
  await page.goto('/landingpage/index.html');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Never Miss Another Call');
  await page.goto('/blueprint/index.html');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('in Days, Not Weeks');
  await expect(page.getByText('Go live', { exact: true })).toBeVisible();
});
