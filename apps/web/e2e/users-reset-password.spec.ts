import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { waitForMail } from './support/mailbox';
import { DEMO_PASSWORD, signIn } from './support/sign-in';

test("an administrator resets another user's password and the instructions arrive by mail", async ({
  page,
}) => {
  await signIn(page, 'demo');
  await page.goto('/users');
  await page.getByLabel('Filter by name').fill('olive');
  await page.getByRole('row', { name: /Olive Observer/ }).click();
  const panel = page.getByRole('region', { name: 'Details of Olive Observer' });
  await panel.getByRole('button', { name: 'Reset password' }).click();

  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel('Your password').fill('Not-my-password-1');
  await dialog.getByRole('button', { name: 'Send reset instructions' }).click();
  await expect(dialog.getByText('Your password was not correct')).toBeVisible();

  const since = new Date().toISOString();
  await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Send reset instructions' }).click();
  await sawBanner(page, 'Olive Observer has been sent password reset instructions.');
  await expect(dialog).toBeHidden();

  const mail = await waitForMail('observer@verdant.example', since);
  expect(mail.subject).toBe('Reset your Verdant password');
  expect(mail.text).toMatch(/\/reset-password\?token=[\w-]+/);
});
