import { readFile } from 'node:fs/promises';
import { chatbotCopy } from '../../site/src/content/chatbot/index.ts';
import { contactForm } from '../../site/src/content/contact.ts';
import { expectAccessible } from './a11y.ts';
import { expect, test } from './log-in.ts';

/**
 * Leads end to end on the real server: a visitor in Tirana books from /chatbot in Albanian,
 * the Admin finds the lead, marks it contacted and exports CSV; a visitor without
 * JavaScript sends the home page's contact form.
 */
const { al } = chatbotCopy;

test('a visitor books in Albanian; the Admin sees the lead, marks it contacted and exports CSV', async ({
  browser,
  loginAsAdmin,
}) => {
  // Two contexts, a download and an axe scan: on a busy shared machine more than the default.
  test.slow();
  const stamp = Date.now();
  const visitorName = `Arta Krasniqi ${stamp}`;
  const visitor = await browser.newContext({ timezoneId: 'Europe/Tirane', locale: 'sq-AL' });
  const page = await visitor.newPage();
  // Prerendered at build time (UTC), hydrated in Tirana: nothing zone-dependent may differ.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/chatbot');
  await page.getByRole('combobox', { name: chatbotCopy.en.topBar.languageLabel }).selectOption('al');
  await page.getByRole('button', { name: al.cta.button }).click();
  const dialog = page.getByRole('dialog', { name: al.booking.title });
  await expect(dialog).toBeVisible();

  // Four slots on the next working days, with the date, on a 24-hour clock, in Tirana time.
  const radios = dialog.getByRole('radio');
  await expect(radios).toHaveCount(4);
  await expect(dialog.getByText(al.booking.timeZoneNote.replace('{zone}', 'Europe/Tirane'))).toBeVisible();
  const labels = await dialog.locator('.booking-form__slot').allInnerTexts();
  expect(labels[0]).toMatch(/ · 14:00$/);
  expect(labels[1]).toMatch(/ · 10:00$/);
  const slotValues = await radios.evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).value),
  );
  for (const value of slotValues) {
    const day = new Date(value);
    expect(day.getTime()).toBeGreaterThan(Date.now());
    const weekday = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'Europe/Tirane' }).format(
      day,
    );
    expect(['Sat', 'Sun']).not.toContain(weekday);
  }

  await dialog.getByLabel(al.booking.fullName).fill(visitorName);
  await dialog.getByLabel(al.booking.email).fill(`arta.${stamp}@example.al`);
  await dialog.getByLabel(al.booking.company).fill('Vila Arta');
  await dialog.getByLabel(al.booking.phone).fill('+355 69 123 4567');
  await radios.nth(1).check();
  const chosen = labels[1]!;
  await dialog.getByRole('button', { name: al.booking.submit }).click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(
    page.getByRole('status').filter({ hasText: al.booking.afterSubmit.replace('{slot}', chosen) }),
  ).toBeVisible();
  expect(errors).toEqual([]);
  await visitor.close();

  // The Admin: Leads tab (other specs add leads in parallel; order is checked in component tests).
  const adminContext = await browser.newContext({ acceptDownloads: true, timezoneId: 'Australia/Sydney' });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Leads' }).click();
  await expect(admin).toHaveURL(/\/admin\/leads$/);
  const table = admin.getByRole('table', { name: 'Leads, newest first' });
  const row = table.getByRole('row').filter({ hasText: visitorName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Albanian');
  await expect(row).toContainText('/chatbot');
  await expect(row).toContainText('(Europe/Tirane)');

  await expectAccessible(admin, '/admin/leads', { include: '.admin-page' });

  const status = row.getByRole('combobox', { name: `Status of ${visitorName}` });
  await expect(status).toHaveValue('new');
  await status.selectOption('contacted');
  await expect(admin.getByText(`${visitorName} marked contacted.`)).toBeVisible();
  // Reloaded from the server (the tab is its URL), the change has stuck.
  await admin.reload();
  await expect(admin.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
  await expect(admin.getByRole('combobox', { name: `Status of ${visitorName}` })).toHaveValue('contacted');

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^voxdesk-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const line = csv.split('\r\n').find((l) => l.includes(visitorName))!;
  expect(line).toContain('"contacted"');
  expect(line).toContain(`"arta.${stamp}@example.al"`);
  expect(line).toContain(`" +355 69 123 4567"`);
  expect(line).toContain(`"${slotValues[1]}"`);
  expect(line).toContain('"sq"');
  await adminContext.close();
});

test('without JavaScript the home contact form still posts and gets a plain confirmation page', async ({
  browser,
  loginAsAdmin,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `nojs.${Date.now()}@example.com`;
  await page.goto('/');
  const form = page.getByRole('form', { name: contactForm.title });
  await form.getByLabel(contactForm.name).fill('No Script Owner');
  await form.getByLabel(contactForm.email).fill(email);
  await form.getByLabel(contactForm.message).fill('Please call after 5 pm.');
  await form.getByRole('button', { name: contactForm.submit }).click();

  // The prerendered form carries no token: the server asks once to confirm, with a fresh one.
  await expect(page.getByRole('heading', { level: 1, name: 'Check your details and send' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/api/leads');
  await expect(page.getByLabel('Email Address')).toHaveValue(email);
  // A person reads the page before pressing Send (the server's minimum fill time is 3 s).
  await page.waitForTimeout(3_200);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you — we have your request' }),
  ).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('link', { name: 'Back to the site' }).click();
  await expect(page).toHaveURL(/\/$/);
  await context.close();

  // Stored as a lead from the home page.
  const admin = await browser.newPage();
  await loginAsAdmin(admin);
  const leads = (await (await admin.request.get('/api/leads?limit=100')).json()) as {
    leads: { email: string; sourcePage: string; language: string; message: string }[];
  };
  expect(leads.leads.find((lead) => lead.email === email)).toMatchObject({
    sourcePage: '/',
    language: 'en',
    message: 'Please call after 5 pm.',
  });
  await admin.close();
});
