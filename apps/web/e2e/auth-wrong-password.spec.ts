import { expect, test } from './support/axe-test';

test('a wrong password shows the message and keeps the user on the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  const login = page.getByRole('button', { name: 'Login' });
  await expect(login).toBeDisabled();

  // Enter moves focus to the field that is still empty.
  await page.getByLabel('Email or username').fill('demo');
  await page.getByLabel('Email or username').press('Enter');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(login).toBeDisabled();

  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await expect(login).toBeEnabled();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByText('Login unsuccessful.  Please try again')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
