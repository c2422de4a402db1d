import { expect, test } from '@playwright/test';
import { atEachViewport } from './a11y.ts';

/** Industry and case-study pages: a product visual beside each hero, and card grids without a lone orphan (issue 16). */

const subPages = [
  '/industries/health-clinics',
  '/industries/law-firms',
  '/industries/home-services',
  '/case-studies/health-clinics',
  '/case-studies/law-firms',
  '/case-studies/home-services',
];

const widths = [1024, 1280, 1440];

// Each page is loaded once and checked at each width in turn (atEachViewport waits for the
// frames after each resize): 7 loads instead of 21, ~10 CPU-s of Chromium less.
test.describe('industry and case-study pages at desktop width', () => {
  for (const path of ['/', ...subPages]) {
    test(`${path} at ${widths.join(', ')} px: ${path === '/' ? '' : 'the hero has a visual beside its text, '}no grid leaves a lone card`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: widths[0]!, height: 900 });
      await page.goto(path);
      await atEachViewport(
        page,
        path,
        async (label) => {
          const { width } = page.viewportSize()!;
          // Cards that slide in must have arrived before their rows count.
          await page.evaluate(() => document.querySelector('.pain-cards')?.scrollIntoView());
          await page.waitForFunction(
            () => document.querySelector('.pain-cards')?.getAttribute('data-phase') !== 'stacked',
          );
          const orphans = await page.evaluate(() =>
            Array.from(document.querySelectorAll('main ul, main ol'))
              .filter((list) => list.children.length > 2)
              .map((list) => {
                const rows = new Map<number, number>();
                for (const item of Array.from(list.children)) {
                  if (item.getClientRects().length === 0) continue;
                  const top = Math.round(item.getBoundingClientRect().top);
                  rows.set(top, (rows.get(top) ?? 0) + 1);
                }
                const counts = [...rows.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
                return { list: list.className, counts };
              })
              // A lone card under a row of several is an orphan; a one-per-row list is not.
              .filter(({ counts }) => counts.length > 1 && Math.max(...counts) > 1 && counts.at(-1) === 1),
          );
          expect.soft(orphans, `${label} grids`).toEqual([]);
          if (path === '/') return;

          const visual = page.getByTestId('hero-visual');
          await expect(visual, label).toBeVisible();
          await expect(visual).toHaveAttribute('role', 'img');
          await expect(visual).toHaveAttribute('aria-label', /.{40,}/);
          const text = (await page.locator('.page-hero h1').boundingBox())!;
          const art = (await visual.boundingBox())!;
          // Beside the heading, inside the right half, level with it.
          expect
            .soft(art.x, `${label} visual right of the heading`)
            .toBeGreaterThanOrEqual(text.x + text.width);
          expect.soft(art.x, `${label} visual in the right half`).toBeGreaterThanOrEqual(width / 2);
          expect.soft(art.x + art.width, `${label} visual inside the viewport`).toBeLessThanOrEqual(width);
          expect.soft(art.y, `${label} visual level with the heading`).toBeLessThan(text.y + text.height);
          expect.soft(art.y + art.height, `${label} visual level with the heading`).toBeGreaterThan(text.y);
        },
        widths.map((width) => ({ width, height: 900 })),
      );
    });
  }
});
