import { expect, test } from './support/axe-test';

test('the free test drive reaches the dashboard with its title', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Take a free test drive' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Demo Organisation - Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle(/Demo Organisation - Dashboard/);
  await expect(page.getByTestId('organisation-name')).toHaveText(/Demo Organisation/);
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
});
