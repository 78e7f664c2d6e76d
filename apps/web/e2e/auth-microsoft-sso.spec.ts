import { E2E_SHORT_SESSION_PORT } from '../../../playwright.config';
import { expect, test } from './support/axe-test';
import { shots } from './support/screens';

// The main server is configured with the test OpenID Connect provider (global-setup); its development login
// page accepts any password, and the login typed is the provider's account ('olive' is the demo Observer).
test('signs in with Microsoft through the provider and lands on the dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await page.locator('input[name="login"]').fill('olive');
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Olive', { exact: false }).first()).toBeVisible();
});

test('an unknown person is refused with the login failure message', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await page.locator('input[name="login"]').fill('newcomer');
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole('alert')).toHaveText('Login unsuccessful.  Please try again');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the button shows only where single sign-on is configured', async ({ page }, info) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
  await shots(page, 'login-sso', info);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/public/login/sso'));
  await page.goto(`http://127.0.0.1:${E2E_SHORT_SESSION_PORT}/login`);
  expect(await (await asked).json()).toMatchObject({ microsoft: false });
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toHaveCount(0);
  await shots(page, 'login-plain', info);
});
