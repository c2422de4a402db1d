import { expect, test } from '@playwright/test';

/** Details from the issue 16 walk-through, in the real browser. */
test('integration logos are self-hosted brand marks, with monograms only where none exists', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/');
  const slots = page.locator('.marquee__list').first().locator('.marquee__slot');
  await expect(slots).toHaveCount(14);
  const marks = slots.locator('svg.marquee__mark use');
  await expect(marks).toHaveCount(8);
  await expect(slots.filter({ hasText: 'GitHub' }).locator('use')).toHaveAttribute(
    'href',
    '/integrations.svg#github',
  );
  await expect(slots.filter({ hasText: 'Slack' }).locator('.marquee__logo--monogram')).toHaveText('Sl');

  // Each mark really draws: the sprite loads from this origin and the shape has a size.
  const sprite = await page.request.get('/integrations.svg');
  expect(sprite.status()).toBe(200);
  expect(sprite.headers()['content-type']).toMatch(/image\/svg\+xml/);
  await page.locator('#integrations h2').scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      marks.evaluateAll((uses) => uses.map((use) => Math.round((use as SVGUseElement).getBBox().width))),
    )
    .not.toContain(0);
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
});
