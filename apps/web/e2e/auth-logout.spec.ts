import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

test('logout ends the session and clears the client', async ({ page }) => {
  await signIn(page, 'demo');
  await page
    .getByRole('link', { name: 'Logout' })
    .or(page.getByRole('button', { name: 'Logout' }))
    .click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('a path ending in /logout signs out and reloads without the suffix', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('/dashboard/logout');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard|\/login/);
  await expect(page).not.toHaveURL(/logout/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});
