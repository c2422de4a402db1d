import { expect, test } from '@playwright/test';
import { expectAccessibleAtEach } from './a11y.ts';
import { marketingRoutes } from './marketing-routes.ts';

const paths = [
  ...marketingRoutes.map((route) => route.path),
  '/landingpage/index.html',
  '/blueprint/index.html',
];

// Each page is loaded once and checked at each size in turn: desktop, then mobile.
const viewports = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

for (const path of paths) {
  test(`${path} (desktop and mobile) has no serious or critical axe violations`, async ({ page }) => {
    await page.setViewportSize(viewports[0]!);
    await page.emulateMedia({ reducedMotion: 'reduce' }); // settled layout, no mid-animation colours
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessibleAtEach(page, path, viewports);
  });
}
