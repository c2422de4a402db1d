import { e2eAdmin } from './fixtures.ts';
import { expect, test } from './log-in.ts';
import { watchProblems } from './page-problems.ts';

/**
 * The admin screen asks the server's capabilities before it asks for data: on the shared e2e
 * server (webhook secret set, no Vapi keys) it loads with no console error and no failed request.
 */
test('the admin screen loads with no console error or failed request', async ({ page, loginAsAdmin }) => {
  const problems = watchProblems(page);
  await loginAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Client Management' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent demo calls' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: e2eAdmin.email })).toBeVisible();

  // The Leads tab is a URL: it opens from a link, and Back returns to the Clients tab.
  await page.getByRole('tab', { name: 'Leads' }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  await expect(page).toHaveTitle('Voxdesk — Leads');
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('tab', { name: 'Clients' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('listitem').filter({ hasText: e2eAdmin.email })).toBeVisible();
  expect(problems).toEqual([]);
});
