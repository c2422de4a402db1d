import { expect, test as base, type Page } from '@playwright/test';
import { e2eAdmin } from './fixtures.ts';

export interface LogInOptions {
  /** Open /login first (default); false when the page already shows it (e.g. after Logout). */
  open?: boolean;
  /** Another server than the shared one (a spec that starts its own). */
  baseUrl?: string;
  /**
   * The account has a temporary password (an Admin added it or set it): after the login,
   * choose this one on the "Choose your own password" step, as the person would.
   */
  chooseOwnPassword?: string;
}

/** Signs in through the /login form, as a person does, and waits for /demo. */
export async function logIn(
  page: Page,
  who: { email: string; password: string },
  { open = true, baseUrl = '', chooseOwnPassword }: LogInOptions = {},
) {
  if (open) await page.goto(`${baseUrl}/login`);
  await expect(page.getByRole('heading', { name: 'Access Your Demo' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/demo$/);
  if (chooseOwnPassword === undefined) return;
  const step = page.getByRole('heading', { name: 'Choose your own password' });
  await expect(step).toBeVisible();
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(who.password);
  await form.getByLabel('New password', { exact: true }).fill(chooseOwnPassword);
  await form.getByLabel('New password again').fill(chooseOwnPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  // Two real scrypt checks (current, new) on a busy machine: more than the default 5 s.
  await expect(step).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Playwright's `test` with `loginAsAdmin(page, options?)`: signs the page in as the e2e
 * server's Admin (the one it creates at start, `e2eAdmin`). It takes the page, so a spec can
 * sign in pages of its own contexts (a time zone, downloads).
 */
export const test = base.extend<{
  loginAsAdmin: (page: Page, options?: LogInOptions) => Promise<void>;
}>({
  // Playwright reads a fixture's dependencies from this pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  loginAsAdmin: async ({}, use) => {
    await use((page, options) => logIn(page, e2eAdmin, options));
  },
});

export { expect };
