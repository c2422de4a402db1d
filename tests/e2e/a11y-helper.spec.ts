import { expect, test } from '@playwright/test';
import { expectAccessible, expectAccessibleAtEach } from './a11y.ts';

/** The shared a11y check itself, on pages made here: it passes a clean page and names faults. */

test.use({ viewport: { width: 375, height: 812 } });

const page = (body: string, outside = '') =>
  `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>${body}</main>${outside}</body></html>`;

test('a clean page passes', async ({ page: tab }) => {
  await tab.setContent(page('<p>Nothing wide, nothing unlabelled.</p>'));
  await expectAccessible(tab, 'clean');
});

test('a page wider than the viewport fails, naming the element that sticks out', async ({ page: tab }) => {
  await tab.setContent(
    page(
      '<div class="scroller" style="overflow-x:auto"><table style="width:900px"><tr><td>inside a scroller</td></tr></table></div>' +
        '<nav class="too-wide" style="width:520px">Logout</nav>',
    ),
  );
  const failure = await expectAccessible(tab, 'wide').catch((error: Error) => error.message);
  expect(failure).toContain('wide: the page is');
  expect(failure).toContain('in a 375 px viewport');
  // The table scrolls inside its own box: the nav is what widens the page.
  expect(failure).toContain('<nav.too-wide> "Logout" reaches 528 px');
});

test('absolute text in a scroller positioned outside it widens the page and is named', async ({
  page: tab,
}) => {
  const scroller = (position: string) =>
    `<div role="region" aria-label="Wide table" tabindex="0" style="overflow-x:auto;${position}"><table style="width:900px"><tr><td style="padding-left:540px">` +
    '<span class="hidden-text" style="position:absolute;width:1px;height:1px;overflow:hidden">Escapes</span>' +
    '</td></tr></table></div>';
  await tab.setContent(page(scroller('')));
  const failure = await expectAccessible(tab, 'escaping').catch((error: Error) => error.message);
  expect(failure).toContain('<span.hidden-text> "Escapes"');
  // A positioned scroller is its containing block: nothing escapes.
  await tab.setContent(page(scroller('position:relative')));
  await expectAccessible(tab, 'contained');
});

test('a serious axe violation fails with its rule and node; a minor one only when asked', async ({
  page: tab,
}) => {
  await tab.setContent(page('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'));
  const failure = await expectAccessible(tab, 'image').catch((error: Error) => error.message);
  expect(failure).toContain('image-alt (critical)');
  expect(failure).toContain('img');

  // Text outside every landmark is a moderate fault: passed by default, failed with impacts: 'all'.
  await tab.setContent(page('', '<p>Outside every landmark</p>'));
  await expectAccessible(tab, 'outside');
  const strict = await expectAccessible(tab, 'outside', { impacts: 'all' }).catch(
    (error: Error) => error.message,
  );
  expect(strict).toContain('region (moderate)');
});

test('a violation inside a same-origin frame fails too, and axe is put into each document once', async ({
  page: tab,
}) => {
  const framed = `<iframe title="Inner" srcdoc='${page('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">')}'></iframe>`;
  await tab.setContent(page(framed));
  await expect(tab.frameLocator('iframe').locator('img')).toBeAttached();
  const failure = await expectAccessible(tab, 'framed').catch((error: Error) => error.message);
  expect(failure).toContain('image-alt (critical)');
  expect(failure).toContain('iframe img');

  // A second scan of the same document reuses the axe the first one put there (marked here).
  await tab.setContent(page('<p>Clean.</p>'));
  await expectAccessible(tab, 'first scan');
  // why: the first scan evaluated axe-core into this window.
  await tab.evaluate(() => ((window as unknown as { axe: { marked?: boolean } }).axe.marked = true));
  await expectAccessible(tab, 'second scan');
  // why: as above.
  expect(await tab.evaluate(() => (window as unknown as { axe: { marked?: boolean } }).axe.marked)).toBe(
    true,
  );
});

test('expectAccessibleAtEach checks the page at each size, labelled with the width', async ({
  page: tab,
}) => {
  // Too wide only on a laptop: a media query widens the nav from 1000 px up.
  const style = '<style>@media (min-width: 1000px) { .grows { width: 1400px } }</style>';
  await tab.setContent(page(`${style}<nav class="grows">Logout</nav>`));
  const laptop = await expectAccessibleAtEach(tab, 'grows').catch((error: Error) => error.message);
  expect(laptop).toContain('grows at 1280 px: the page is');
  expect(laptop).toContain('in a 1280 px viewport');
  // Too wide only on a phone: the phone is checked first.
  await tab.setContent(page('<nav class="fixed" style="width:520px">Logout</nav>'));
  const phone = await expectAccessibleAtEach(tab, 'fixed').catch((error: Error) => error.message);
  expect(phone).toContain('fixed at 375 px: the page is');
});
