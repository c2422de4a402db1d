import { expect, test, type Page } from '@playwright/test';

const headerTop = (page: Page, id: string) =>
  page.locator(`#${id}`).evaluate((element) => Math.round(element.getBoundingClientRect().top));

test.describe('desktop header at 1201 px', () => {
  test.use({ viewport: { width: 1201, height: 900 } });

  // Read-only checks of a fresh home page share one load.
  test('shows the desktop nav, hides the hamburger; Book a Call opens a new tab with rel=noopener', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await expect(page.getByRole('banner')).toHaveCSS('height', '80px');
    const bookCall = page
      .getByRole('banner')
      .getByRole('link', { name: /Book a Call/ })
      .first();
    await expect(bookCall).toHaveAttribute('target', '_blank');
    await expect(bookCall).toHaveAttribute('rel', 'noopener');
    await expect(bookCall).toHaveAttribute('href', /^https:\/\//);
  });

  // One load, the items clicked in turn: each scrolls from wherever the last one left the page.
  test('clicking a nav item smooth-scrolls its section to 80 px below the top and marks it active', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Integrations', 'integrations'],
      ['Comparison', 'comparison'],
      ['How It Works', 'how-it-works'],
    ] as const) {
      const link = nav.getByRole('link', { name: label });
      await link.click();
      await expect.poll(() => headerTop(page, id), { timeout: 5000, message: label }).toBe(80);
      await expect(link, label).toHaveAttribute('aria-current', 'location');
      await expect(nav.locator('[aria-current]'), label).toHaveCount(1);
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.getByRole('banner')).toHaveClass(/site-header--scrolled/);
    }
  });

  test('the active item follows the scroll position', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Put the bundles section's top 100 px below the viewport top (inside the 120 px threshold).
    await page
      .locator('#bundles')
      .evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 100));
    await expect(nav.getByRole('link', { name: 'Bundles' })).toHaveAttribute('aria-current', 'location');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(nav.locator('[aria-current]')).toHaveCount(0);
    await expect(page.getByRole('banner')).not.toHaveClass(/site-header--scrolled/);
  });

  test('a nav item on another page opens the home section below the header', async ({ page }) => {
    await page.goto('/industries/law-firms');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bundles' }).click();
    await expect(page).toHaveURL(/\/#bundles$/);
    await expect.poll(() => headerTop(page, 'bundles')).toBe(80);
  });

  test('the custom cursor follows the mouse and grows over links; the system cursor stays', async ({
    page,
  }) => {
    await page.goto('/');
    const cursor = page.getByTestId('custom-cursor');
    await expect(cursor).toBeAttached(); // mounted once hydration has run
    await page.mouse.move(300, 400);
    await expect(cursor).toHaveClass(/cursor--visible/);
    await expect(page.locator('body')).not.toHaveCSS('cursor', 'none');
    const link = page.getByRole('link', { name: 'Voxdesk home' }).first();
    await link.hover();
    await expect(cursor).toHaveClass(/cursor--active/);
    await expect(cursor).toHaveCSS('pointer-events', 'none');
  });
});

test.describe('narrow viewports', () => {
  test('at 1200 px the hamburger replaces the desktop nav and works from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(toggle).toBeVisible();
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByRole('link', { name: 'Benefits' }).click();
    await expect(menu).toBeHidden();
    await expect.poll(() => headerTop(page, 'benefits'), { timeout: 5000 }).toBe(80);
  });

  test('no custom cursor at 900 px or below', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto('/');
    await page.mouse.move(200, 200);
    await expect(page.getByTestId('custom-cursor')).toHaveCount(0);
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(page.getByTestId('custom-cursor')).toHaveCount(1);
  });

  test('the industry switcher becomes a dropdown on small screens', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/industries/law-firms');
    await expect(page.locator('.switcher__pills')).toBeHidden();
    const summary = page.locator('.switcher__summary');
    await expect(summary).toHaveText(/Law Firms/);
    await summary.click();
    await page.locator('.switcher__menu').getByRole('link', { name: 'Home Services' }).click();
    await expect(page).toHaveURL(/\/industries\/home-services$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Never Miss a Job Again');
  });
});

test.describe('redirects', () => {
  test('/special-landing goes to the static landing page', async ({ page }) => {
    await page.goto('/special-landing');
    await expect(page).toHaveURL(/\/landingpage\/index\.html$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Never Miss Another Call');
  });

  test('/blueprint goes to the static blueprint page', async ({ page }) => {
    await page.goto('/blueprint');
    await expect(page).toHaveURL(/\/blueprint\/index\.html$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('in Days, Not Weeks');
  });

  test('an unknown path, also under /industries, is replaced with /', async ({ page }) => {
    for (const path of ['/no-such-page', '/industries/dentists']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your AI Receptionist, On 24/7');
    }
  });
});

test('Book a Free Demo is a real button that opens the scheduling page', async ({ page, context }) => {
  await page.route(/calendly\.com/, (route) => route.fulfill({ status: 200, body: 'scheduling page' }));
  await context.route(/calendly\.com/, (route) => route.fulfill({ status: 200, body: 'scheduling page' }));
  await page.goto('/industries/health-clinics');
  const button = page.getByRole('button', { name: /Book a Free Demo/ });
  const popup = context.waitForEvent('page');
  await button.click();
  const opened = await popup;
  await expect.poll(() => opened.url()).toMatch(/^https:\/\/calendly\.com\//);
});

test('reduced motion: the marquee is static and pain cards never stack', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/industries/health-clinics');
  await expect(page.locator('.pain-cards')).toHaveAttribute('data-phase', 'static');
  await page.goto('/');
  await expect(page.locator('.marquee__track')).toHaveCSS('animation-name', 'none');
});

test('pain cards slide into the grid once scrolled into view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/industries/law-firms');
  const cards = page.locator('.pain-cards');
  await expect(cards).toHaveAttribute('data-phase', 'stacked');
  await cards.scrollIntoViewIfNeeded();
  await expect(cards).toHaveAttribute('data-phase', 'in');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(cards).toHaveAttribute('data-phase', 'in');
});

test('the integrations marquee: 14 slots of 266 px, a 32 s linear loop that pauses on hover and focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const track = page.locator('.marquee__track');
  await expect(page.locator('.marquee__list').first().locator('.marquee__slot')).toHaveCount(14);
  await expect(page.locator('.marquee__slot').first()).toHaveCSS('width', '266px');
  await expect(track).toHaveCSS('animation-duration', '32s');
  await expect(track).toHaveCSS('animation-timing-function', 'linear');
  await expect(track).toHaveCSS('animation-play-state', 'running');
  await page.locator('.marquee').hover();
  await expect(track).toHaveCSS('animation-play-state', 'paused');
  await page.mouse.move(5, 5);
  await expect(track).toHaveCSS('animation-play-state', 'running');
  const pause = page.getByRole('button', { name: 'Pause integrations animation' });
  await pause.focus();
  await expect(track).toHaveCSS('animation-play-state', 'paused');
  await pause.press('Enter');
  await expect(pause).toHaveAttribute('aria-pressed', 'true');
  await page.locator('body').focus();
  await expect(track).toHaveCSS('animation-play-state', 'paused');
});

test('health-clinic pain cards light up on hover; other industries do not', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const accent = 'rgb(56, 189, 248)';
  await page.goto('/industries/health-clinics');
  const card = page.locator('.pain-card').first();
  await card.hover();
  await expect(card).toHaveCSS('border-top-color', accent);
  await page.goto('/industries/law-firms');
  const other = page.locator('.pain-card').first();
  await other.hover();
  await expect(other).not.toHaveCSS('border-top-color', accent);
});
