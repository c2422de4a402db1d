import { expect, test } from '@playwright/test';
import { e2eAdmin } from './fixtures.ts';
import { watchProblems } from './page-problems.ts';

/**
 * The admin screen asks the server's capabilities before it asks for data: on the shared e2e
 * server (webhook secret set, no Vapi keys) it loads with no console error and no failed request.
 */
test('the admin screen loads with no console error or failed request', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(e2eAdmin.email);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Client Management' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent demo calls' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: e2eAdmin.email })).toBeVisible();
  expect(problems).toEqual([]);
});
