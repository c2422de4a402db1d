import { expect, test, type Page } from '@playwright/test';
import { atEachViewport } from './a11y.ts';

/** Layout fixes from the walk-through, each checked by geometry or the DOM (no screenshots). */

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} has no box`);
  return found;
};

// One load of the home page, checked at each width in turn (a resize lays the header out again;
// atEachViewport waits for the frames that follow it): four loads cost ~3 CPU-s more.
test("from 1201 to 1440 px the header's buttons stay inside the content column", async ({ page }) => {
  const widths = [1201, 1240, 1320, 1440];
  await page.setViewportSize({ width: widths[0]!, height: 900 });
  await page.goto('/');
  const viewports = widths.map((width) => ({ width, height: 900 }));
  await atEachViewport(
    page,
    'the header',
    async (label) => {
      const { width } = page.viewportSize()!;
      const bar = await box(page, '.site-header__bar');
      const book = await box(page, '.site-header__desktop-actions a:last-child');
      const column = await box(page, 'main .container');
      expect(book.x + book.width, label).toBeLessThanOrEqual(width);
      expect(book.x + book.width, label).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
      // The content column and the header bar share their right edge (within a pixel).
      expect(Math.abs(bar.x + bar.width - (column.x + column.width)), label).toBeLessThanOrEqual(1);
      const overflow = await page
        .locator('.site-header__bar')
        .evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow, label).toBeLessThanOrEqual(0);
      // The nav and the buttons do not overlap.
      const nav = await box(page, '.site-nav--desktop');
      const actions = await box(page, '.site-header__desktop-actions');
      expect(nav.x + nav.width, label).toBeLessThanOrEqual(actions.x);
    },
    viewports,
  );
});

test('Shift+Tab never leaves focus under the fixed header (WCAG 2.2 focus not obscured)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const padding = await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop);
  expect(parseFloat(padding)).toBeGreaterThanOrEqual(80);
  const links = page.locator('main a[href], main button');
  const count = await links.count();
  let checked = 0;
  for (let i = Math.floor(count / 2); i < count - 1 && checked < 3; i++) {
    const target = links.nth(i);
    const next = links.nth(i + 1);
    if (!(await target.isVisible()) || !(await next.isVisible())) continue;
    // Put the target 10 px from the top of the viewport: under the 80 px header.
    await target.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 10));
    await next.evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }));
    await page.keyboard.press('Shift+Tab');
    if (!(await target.evaluate((el) => el === document.activeElement))) continue;
    const header = await box(page, '.site-header');
    const focused = (await target.boundingBox())!;
    expect(focused.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the sticky 'Book Free Call' never covers the CTA section's button or the footer", async ({
    page,
  }) => {
    await page.goto('/chatbot');
    const sticky = page.locator('.chatbot-sticky');
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2));
    await expect(sticky).toBeVisible();
    const overlaps = async (selector: string) => {
      const other = await page.locator(selector).first().boundingBox();
      const mine = (await sticky.isVisible()) ? await sticky.boundingBox() : null;
      if (!other || !mine) return false;
      return !(
        mine.x + mine.width <= other.x ||
        other.x + other.width <= mine.x ||
        mine.y + mine.height <= other.y ||
        other.y + other.height <= mine.y
      );
    };
    await page.locator('#book-call .chatbot-center').scrollIntoViewIfNeeded();
    await page
      .locator('#book-call .chatbot-center')
      .evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 10));
    await expect.poll(() => overlaps('#book-call .chatbot-center')).toBe(false);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => overlaps('.chatbot-footer__inner')).toBe(false);
  });

  test('the menu icon becomes a close icon while the menu is open', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const bars = toggle.locator('.site-header__toggle-bar');
    const heights = () => bars.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    const opacities = () => bars.evaluateAll((els) => els.map((el) => getComputedStyle(el).opacity));
    expect((await heights()).every((h) => h <= 3)).toBe(true);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // An X: the outer bars turn (their boxes grow tall) and the middle one disappears.
    await expect.poll(async () => (await heights())[0]).toBeGreaterThan(10);
    await expect.poll(async () => (await opacities())[1]).toBe('0');
    const [first, , third] = await bars.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().toJSON()),
    );
    expect(Math.abs(first.y - third.y)).toBeLessThanOrEqual(1);
    await toggle.click();
    await expect.poll(async () => (await heights())[0]).toBeLessThanOrEqual(3);
  });

  test('Escape closes the industry dropdown and gives focus back to it', async ({ page }) => {
    await page.goto('/industries/law-firms');
    const summary = page.locator('.switcher__summary');
    await summary.click();
    const details = page.locator('.switcher__dropdown');
    await expect(details).toHaveAttribute('open', '');
    await page.keyboard.press('Escape');
    await expect(details).not.toHaveAttribute('open');
    await expect(summary).toBeFocused();
  });
});

test('Albanian chat timestamps use the 24-hour clock', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-23T15:07:00') });
  await page.goto('/chatbot');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('al');
  // The scripted chat plays once it is on screen: 2 s pause, 1.5 s typing per message.
  await page.getByRole('log').first().scrollIntoViewIfNeeded();
  await page.clock.runFor(10_000);
  const time = page.locator('.chat-bubble__meta time').first();
  await expect(time).toHaveText(/^15:0\d$/);
});

test('the login page focuses the email field', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeFocused();
});

for (const path of ['/', '/industries/law-firms', '/case-studies/health-clinics', '/chatbot']) {
  test(`${path} has Open Graph and Twitter card tags with its own title and image`, async ({
    page,
    request,
  }) => {
    await page.goto(path);
    const meta = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');
    const title = await page.title();
    expect(await meta('property="og:title"')).toBe(title);
    expect(await meta('property="og:description"')).toBe(await meta('name="description"'));
    expect(await meta('property="og:type"')).toBe('website');
    expect(await meta('name="twitter:card"')).toBe('summary_large_image');
    expect(await meta('name="twitter:title"')).toBe(title);
    const image = (await meta('property="og:image"'))!;
    expect(await meta('name="twitter:image"')).toBe(image);
    const url = new URL(image);
    const served = await request.get(url.pathname);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\//);
  });
}
