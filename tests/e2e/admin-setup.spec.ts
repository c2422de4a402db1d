import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { expect, test } from './log-in.ts';

// The /admin setup checklist on the README's server: no Vapi keys, no SMTP, default site
// settings. Each open item names what to set; the test email says why it was not sent.

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
];

// The checklist is held to every axe violation, not only the serious ones.
const expectAxeClean = (page: Page, state: string) =>
  expectAccessible(page, state, { include: '.admin-setup', impacts: 'all' });

for (const viewport of VIEWPORTS) {
  test(`setup checklist at ${viewport.width} px: says what to set; the test email says why not`, async ({
    page,
    loginAsAdmin,
  }) => {
    await page.setViewportSize(viewport);
    await loginAsAdmin(page);
    await page.goto('/admin');
    const checklist = page.getByRole('region', { name: 'Setup checklist' });
    await expect(checklist).toBeVisible();
    for (const [title, setting] of [
      ['Vapi public key', 'VAPI_PUBLIC_KEY'],
      ['Vapi assistant', 'VAPI_ASSISTANT_ID'],
      ['Outgoing mail (SMTP)', 'SMTP_URL'],
      ['Booking page', 'SCHEDULING_URL'],
      ['Promo video', 'PROMO_VIDEO_ID'],
      ['Public site address', 'SITE_URL'],
    ]) {
      const item = checklist.getByRole('listitem').filter({ hasText: title });
      await expect(item, title).toContainText('To do');
      await expect(item.locator('code'), title).toHaveText(setting!);
      // Long settings wrap inside the phone's width rather than running off it.
      const box = await item.boundingBox();
      expect(box!.x + box!.width, title).toBeLessThanOrEqual(viewport.width);
    }
    // The README's server sets VAPI_WEBHOOK_SECRET.
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Vapi webhook secret' })).toContainText(
      'Done',
    );
    await expectAxeClean(page, 'checklist');

    await checklist.getByRole('button', { name: 'Send test email' }).click();
    await expect(checklist.getByRole('status')).toHaveText(
      'Test email not sent: SMTP_URL is not set, so no mail can be sent. Set it and restart the server.',
    );
    await expectAxeClean(page, 'after the test email');
  });
}
