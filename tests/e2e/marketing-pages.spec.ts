import { expect, test } from '@playwright/test';
import { expectAccessibleAtEach } from './a11y.ts';
import { marketingRoutes } from './marketing-routes.ts';
import { watchConsoleProblems } from './page-problems.ts';

// Each page is loaded once for every check of it: its answer, its hydration with a clean
// console, and axe at each size in turn (desktop, then mobile). Two specs each loading every
// page cost 11 more page loads (~10 CPU-s of Chromium) for the same checks.
const pages = [
  ...marketingRoutes,
  // Static pages outside the app: no hydration to check.
  { path: '/landingpage/index.html', h1: undefined },
  { path: '/blueprint/index.html', h1: undefined },
];

// The app's phone size (375 px, the narrowest the project checks) after the desktop one: the
// legal pages (/privacy, /terms and their Albanian pages) are checked here for app-states-a11y too.
const viewports = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

for (const { path, h1 } of pages) {
  const hydrates = h1 !== undefined;
  test(`${path} ${hydrates ? 'hydrates with a clean console and ' : ''}has no serious or critical axe violations (desktop and mobile)`, async ({
    page,
  }) => {
    const problems = watchConsoleProblems(page);
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.css')) stylesheets.push(request.url());
    });
    await page.setViewportSize(viewports[0]!);
    await page.emulateMedia({ reducedMotion: 'reduce' }); // settled layout, no mid-animation colours
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    await expectAccessibleAtEach(page, path, viewports);
    if (!hydrates) return;

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
