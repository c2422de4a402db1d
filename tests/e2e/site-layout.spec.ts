import { expect, test } from '@playwright/test';

/** Industry and case-study pages: a product visual beside each hero, and card grids without a lone orphan (issue 16). */

const subPages = [
  '/industries/health-clinics',
  '/industries/law-firms',
  '/industries/home-services',
  '/case-studies/health-clinics',
  '/case-studies/law-firms',
  '/case-studies/home-services',
];

test.describe('industry and case-study pages at desktop width', () => {
  for (const width of [1024, 1280, 1440]) {
    test(`at ${width} px: the hero has a visual beside its text and no grid leaves a lone card`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/', ...subPages]) {
        await page.goto(path);
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
        expect.soft(orphans, `${path} grids`).toEqual([]);
        if (path === '/') continue;

        const visual = page.getByTestId('hero-visual');
        await expect(visual, path).toBeVisible();
        await expect(visual).toHaveAttribute('role', 'img');
        await expect(visual).toHaveAttribute('aria-label', /.{40,}/);
        const text = (await page.locator('.page-hero h1').boundingBox())!;
        const art = (await visual.boundingBox())!;
        // Beside the heading, inside the right half, level with it.
        expect.soft(art.x, `${path} visual right of the heading`).toBeGreaterThanOrEqual(text.x + text.width);
        expect.soft(art.x, `${path} visual in the right half`).toBeGreaterThanOrEqual(width / 2);
        expect.soft(art.x + art.width, `${path} visual inside the viewport`).toBeLessThanOrEqual(width);
        expect.soft(art.y, `${path} visual level with the heading`).toBeLessThan(text.y + text.height);
        expect.soft(art.y + art.height, `${path} visual level with the heading`).toBeGreaterThan(text.y);
      }
    });
  }
});
