import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
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
      const { violations } = await new AxeBuilder({ page }).analyze();
      const blocking = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target).join(' | ')})`,
        );
      expect(blocking).toEqual([]);
    });
  }
}
