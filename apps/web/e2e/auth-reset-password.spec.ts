import { expect, test } from './support/axe-test';
import { waitForMail } from './support/mailbox';
import { signIn } from './support/sign-in';

// Uses harbour.admin, whom no other journey signs in as.
test('forgot password sends a link that sets a new password once', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill('adm');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Email does not seem to be a valid email')).toBeVisible();

  const since = new Date().toISOString();
  await dialog.getByLabel('Email').fill('admin@harbour.example');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('An email has been sent with instructions')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  const mail = await waitForMail('admin@harbour.example', since);
  const link = mail.text.match(/https?:\/\/\S+reset-password\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await page.getByLabel('New password').fill('weakpass');
  await page.getByLabel('Repeat password').fill('weakpass');
  await expect(page.getByText('Password requires greater complexity')).toBeVisible();
  await page.getByLabel('New password').fill('Harbour-new-2');
  await page.getByLabel('Repeat password').fill('Harbour-new-3');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Repeat password').fill('Harbour-new-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  await signIn(page, 'harbour.admin', 'Harbour-new-2');
  await expect(page.getByRole('heading', { name: 'Harbour Council - Dashboard' })).toBeVisible();

  // The link works once only.
  await page.goto(link ?? '');
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
});
