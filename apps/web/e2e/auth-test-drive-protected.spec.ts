import type { Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { DEMO_PASSWORD } from './support/sign-in';

const READ_ONLY = 'This is the free test drive: you can look at everything, but changes are not saved.';

async function startTestDrive(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Take a free test drive' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('organisation-name')).toHaveText(/Demo Organisation/);
  await expect(page.getByText('Test drive', { exact: true })).toBeVisible();
}

test('a test drive cannot change the password or disable the organisation, and the next one works as before', async ({
  browser,
  axe,
}) => {
  // Each visitor has a browser of their own: every page is watched by axe, and scanned before it closes.
  const open = async () => {
    const page = await browser.newPage();
    await axe.watch(page);
    return page;
  };
  const first = await open();
  await startTestDrive(first);

  // Change the demo account's password: refused, nothing saved.
  await first.goto('/my-details');
  await first.getByRole('button', { name: 'Change password' }).click();
  const dialog = first.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await dialog.getByLabel('New password', { exact: true }).fill('Taken-over-pass-9!');
  await dialog.getByLabel('Repeat new password').fill('Taken-over-pass-9!');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(first.getByText(READ_ONLY).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Disable the organisation: refused.
  await first.goto('/organisation/settings');
  await first.getByRole('button', { name: 'Disable organisation' }).click();
  await first
    .getByRole('dialog', { name: /Disable Demo Organisation/ })
    .getByRole('button', { name: 'Disable' })
    .click();
  await expect(first.getByText(READ_ONLY).first()).toBeVisible();
  await expect(first.getByText('The organisation is enabled.')).toBeVisible();
  await axe.check(first);
  await first.close();

  // The next visitor: the test drive works and the demo account still signs in with its password.
  const second = await open();
  await startTestDrive(second);
  await expect(second.getByRole('heading', { name: 'Demo Organisation - Dashboard' })).toBeVisible();
  await axe.check(second);
  await second.close();
  const third = await open();
  await third.goto('/login');
  await third.getByLabel('Email or username').fill('demo');
  await third.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await third.getByRole('button', { name: 'Login' }).click();
  await expect(third).toHaveURL(/\/dashboard$/);
  await axe.check(third);
  await third.close();
});
