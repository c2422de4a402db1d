import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { marketingRoutes } from './marketing-routes.ts';

const paths = [
  ...marketingRoutes.map((route) => route.path),
  '/landingpage/index.html',
  '/blueprint/index.html',
];

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  for (const path of paths) {
    test(`${path} (${viewport.name}) has no serious or critical axe violations`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' }); // settled layout, no mid-animation colours
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `${path} (${viewport.name})`);
    });
  }
}
