import { expectAccessible } from './a11y.ts';
import { expect, test } from './log-in.ts';
import { postLeads } from './post-leads.ts';

/**
 * The Leads screen an owner uses daily, on the real server in Chromium: a full-width table
 * with Status in view at 1280 px, cards without sideways scroll at 375 px, server-side search
 * and filters in the URL, the "new since your last visit" count, axe clean at both widths.
 */

test('search, filters, new count; a full-width table at 1280 px and cards at 375 px', async ({
  browser,
  request,
  loginAsAdmin,
}) => {
  // Two widths and two axe scans: on a busy shared machine more than the default.
  test.slow();
  const stamp = `z${Date.now().toString(36)}`;
  await postLeads(request, [
    {
      name: `Arta ${stamp}`,
      email: `arta.${stamp}@example.al`,
      language: 'sq',
      sourcePage: '/chatbot',
      company: 'Vila Arta',
      phone: '+355 69 123 4567',
      message: `Kemi 12 apartamente në Durrës ${stamp}`,
    },
    { name: `Bo ${stamp}`, email: `bo.${stamp}@example.com`, message: 'Dental clinic, 3 chairs' },
    { name: `Cy ${stamp}`, email: `cy.${stamp}@example.com`, company: 'Cy Law' },
  ]);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await loginAsAdmin(admin);
  await admin.goto('/admin/leads');
  // Other specs add leads to this server too: the count is at least ours.
  await expect(
    admin.getByText(/^\d+ new leads?(: this is your first visit| since your last visit)\.$/),
  ).toBeVisible();

  const find = admin.getByRole('search', { name: 'Find leads' });
  await find.getByRole('searchbox', { name: 'Search' }).fill(stamp);
  await find.getByRole('button', { name: 'Find leads' }).click();
  await expect(admin).toHaveURL(new RegExp(`search=${stamp}`));
  const table = admin.getByRole('table', { name: 'Leads, newest first' });
  await expect(table.getByRole('row')).toHaveCount(4);

  // Status in view at 1280 px: the page is no longer capped at 832 px.
  const status = table.getByRole('combobox', { name: `Status of Bo ${stamp}` });
  await expect(status).toBeInViewport();
  const box = (await status.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  // The table uses the screen's width and hides no column behind a sideways scroll.
  const scroller = admin.locator('.admin-leads-scroll');
  // The app shell's padding aside, the page is the screen's width (it was capped at 832 px).
  expect((await admin.getByRole('main').boundingBox())!.width).toBeGreaterThan(1150);
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  await expectAccessible(admin, '/admin/leads at 1280 px', { include: '.admin-page' });

  await status.selectOption('invited');
  await expect(admin.getByText(`Bo ${stamp} marked invited.`)).toBeVisible();
  await find.getByRole('combobox', { name: 'Status' }).selectOption('invited');
  await find.getByRole('button', { name: 'Find leads' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('rowheader', { name: new RegExp(`Bo ${stamp}`) })).toBeVisible();

  // Albanian, from /chatbot, by a word of the message; then Clear brings every lead back.
  await admin.goto(`/admin/leads?search=durrës+${stamp}&language=sq&sourcePage=/chatbot`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('rowheader', { name: new RegExp(`Arta ${stamp}`) })).toBeVisible();
  await expect(find.getByRole('combobox', { name: 'Language' })).toHaveValue('sq');
  await admin.getByRole('link', { name: 'Clear filters' }).click();
  await expect(admin).toHaveURL(/\/admin\/leads$/);
  await expect(find.getByRole('searchbox', { name: 'Search' })).toHaveValue('');

  // A phone: each lead a card with labelled cells, nothing wider than the screen.
  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.goto(`/admin/leads?search=${stamp}`);
  const card = table.getByRole('row').filter({ hasText: `Arta ${stamp}` });
  await expect(card).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(375);
  const cardStatus = (await card.getByRole('combobox', { name: `Status of Arta ${stamp}` }).boundingBox())!;
  expect(cardStatus.x).toBeGreaterThanOrEqual(0);
  expect(cardStatus.x + cardStatus.width).toBeLessThanOrEqual(375);
  await expect(table.locator('thead')).toHaveCSS('position', 'absolute');
  await expectAccessible(admin, '/admin/leads at 375 px', { include: '.admin-page' });
  await context.close();
});
