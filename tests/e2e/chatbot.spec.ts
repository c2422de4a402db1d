import { expect, test, type Page } from '@playwright/test';
import { chatbotCopy } from '../../site/src/content/chatbot/index.ts';
import { expectAccessible } from './a11y.ts';

const { en, al } = chatbotCopy;

/** Console errors and uncaught exceptions (hydration mismatches surface here too). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens /chatbot and waits until React has hydrated it (the chat demo starts empty then). */
async function openChatbot(page: Page) {
  await page.goto('/chatbot');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.hero.title);
  await expect(page.getByRole('log')).toBeAttached();
  await page.waitForFunction(() => document.querySelector('[role="log"] li') === null);
}

test('/chatbot is prerendered, readable without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/chatbot');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.hero.title);
  await expect(page.getByText(en.faq.questions[3]!.question)).toBeVisible();
  // Without the animation the whole demo transcript is there to read.
  await expect(page.getByRole('log').getByRole('listitem')).toHaveCount(en.chatDemo.demoConversation.length);
  await context.close();
});

test('switching to AL shows the Albanian hero and FAQ and sets <html lang="sq">', async ({ page }) => {
  const errors = collectErrors(page);
  await openChatbot(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('combobox', { name: en.topBar.languageLabel }).selectOption('al');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(al.hero.title);
  await expect(page.getByText(al.hero.description)).toBeVisible();
  await expect(page.getByRole('button', { name: al.hero.bookStrategy })).toBeVisible();
  await expect(page.getByRole('heading', { name: al.faq.title })).toBeVisible();
  await page.getByText(al.faq.questions[1]!.question).click();
  await page.getByText(al.faq.questions[3]!.question).click();
  await expect(page.getByText(al.faq.questions[1]!.answer)).toBeVisible();
  await expect(page.getByText(al.faq.questions[3]!.answer)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
  await expect(page).toHaveTitle(al.meta.title);
  await expect(page.getByRole('combobox', { name: al.topBar.languageLabel })).toHaveValue('al');

  await expectAccessible(page, '/chatbot');
  expect(errors).toEqual([]);
});

test('the booking dialog can be completed with the keyboard only', async ({ page }) => {
  const errors = collectErrors(page);
  await openChatbot(page);
  const trigger = page.getByRole('button', { name: en.hero.bookStrategy });

  // Tab from the top of the page to the hero's book button.
  for (
    let presses = 0;
    presses < 10 && !(await trigger.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: en.booking.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(en.booking.fullName)).toBeFocused();
  await expect(dialog.getByRole('radio').first()).toBeChecked();

  // The rest of the page is inert while the modal is open.
  await expectAccessible(page, '/chatbot');

  await page.keyboard.type('Arta Krasniqi');
  await page.keyboard.press('Tab');
  await page.keyboard.type('arta@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tirana Stays');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+355 69 123 4567');
  await page.keyboard.press('Tab');
  await page.keyboard.type('We manage 24 apartments in Tirana.');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio').nth(1)).toBeChecked();
  await page.keyboard.press('Tab'); // the scheduling link
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: en.booking.submit })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(trigger).toBeFocused();
  // The lead is stored (the client waits out the server's minimum fill time) and confirmed.
  await expect(
    page.getByRole('status').filter({ hasText: en.booking.afterSubmit.split('{slot}')[0]! }),
  ).toBeVisible();

  // Reopened: every field is cleared and the first slot is selected again; Escape closes it.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  for (const label of [en.booking.fullName, en.booking.email, en.booking.company, en.booking.phone]) {
    await expect(dialog.getByLabel(label)).toHaveValue('');
  }
  await expect(dialog.getByLabel(en.booking.message)).toHaveValue('');
  await expect(dialog.getByRole('radio').first()).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  expect(errors).toEqual([]);
});

test('while the booking dialog is open, Tab never reaches the page behind it', async ({ page }) => {
  await openChatbot(page);
  await page.getByRole('button', { name: en.hero.bookDemo }).click();
  await expect(page.getByRole('dialog', { name: en.booking.title })).toBeVisible();
  for (let presses = 0; presses < 24; presses++) {
    await page.keyboard.press(presses % 3 === 2 ? 'Shift+Tab' : 'Tab');
    // Past the last control focus goes to the browser's own UI (body here), then back in.
    const where = await page.evaluate(() =>
      document.activeElement === document.body
        ? 'browser'
        : document.activeElement?.closest('dialog')
          ? 'dialog'
          : 'page',
    );
    expect(where).not.toBe('page');
  }
});

test('the promo video loads the no-cookie player only after a click, and the CSP allows it', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await openChatbot(page);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(requested.filter((url) => !url.startsWith('http://127.0.0.1'))).toEqual([]);

  await page.getByRole('button', { name: en.hero.playVideo }).click();
  const player = page.frameLocator(`iframe[title="${en.hero.videoTitle}"]`).owner();
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?/);
  await expect(player).toBeFocused();
  // Nothing leaves loopback in tests, so the frame itself cannot load; the CSP must not refuse it.
  expect(errors.filter((text) => /Content Security Policy|Refused to frame/i.test(text))).toEqual([]);
});

test('an incomplete booking form stays open with the browser telling what is missing', async ({ page }) => {
  await openChatbot(page);
  await page.getByRole('button', { name: en.hero.bookDemo }).click();
  const dialog = page.getByRole('dialog', { name: en.booking.title });
  await dialog.getByLabel(en.booking.fullName).fill('Arta Krasniqi');
  await dialog.getByLabel(en.booking.email).fill('not-an-email');
  await dialog.getByRole('button', { name: en.booking.submit }).click();
  await expect(dialog).toBeVisible();
  expect(
    await dialog.getByLabel(en.booking.email).evaluate((el: HTMLInputElement) => el.validity.typeMismatch),
  ).toBe(true);
  await expect(dialog.getByLabel(en.booking.fullName)).toHaveValue('Arta Krasniqi');
});

test('the page passes an axe scan and logs no errors; the sticky button appears after half a screen', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openChatbot(page);
  await expectAccessible(page, '/chatbot');

  const sticky = page.getByRole('link', { name: new RegExp(en.stickyCTA.button) });
  await expect(sticky).toBeHidden();
  const viewport = page.viewportSize()!;
  await page.evaluate((y) => window.scrollTo(0, y), viewport.height * 0.5 + 50);
  await expect(sticky).toBeVisible();
  await expect(sticky).toHaveAttribute('target', '_blank');
  await page.getByRole('button', { name: en.stickyCTA.hide }).click();
  await expect(sticky).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(sticky).toBeHidden();

  expect(errors).toEqual([]);
});

test('the chat demo plays in the browser and is static under reduced motion', async ({ page }) => {
  await openChatbot(page);
  const log = page.getByRole('log');
  await log.scrollIntoViewIfNeeded();
  await expect(log.getByRole('listitem').first()).toHaveText(
    new RegExp(en.chatDemo.demoConversation[0]!.text),
    {
      timeout: 6000,
    },
  );

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(log.getByRole('listitem')).toHaveCount(en.chatDemo.demoConversation.length);
  await expect(log.getByRole('img')).toHaveAttribute('src', '/chatbot/entrance.svg');
});
