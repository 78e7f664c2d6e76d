import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { waitForMail } from './support/mailbox';
import { signIn } from './support/sign-in';

test("a new email address waits for the old address's confirmation, which works once", async ({ page }) => {
  // A user of this journey's own, so no other journey meets the changed address.
  const loginId = `em.changer.${Date.now().toString(36)}`;
  const oldEmail = `${loginId}@example.org`;
  const newEmail = `${loginId}@new.example.org`;
  await signIn(page, 'demo');
  const created = new Date().toISOString();
  await page.goto('/users?show=new');
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Email').fill(oldEmail);
  await dialog.getByLabel('Login ID').fill(loginId);
  await dialog.getByLabel('First name').fill('Em');
  await dialog.getByLabel('Surname').fill('Changer');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await sawBanner(page, 'User Em Changer created');
  // The welcome mail goes to the old address too; the confirmation is the one after it.
  await waitForMail(oldEmail, created);

  await page.getByLabel('Filter by name').fill(loginId);
  // This journey's user by its login ID: a retry meets the failed try's Em Changer too.
  await page.getByRole('row').filter({ hasText: loginId }).click();
  const panel = page.getByRole('region', { name: 'Details of Em Changer' });
  const since = new Date().toISOString();
  const email = panel.getByLabel('Email');
  await email.fill(newEmail);
  await email.press('Enter');
  await expect(
    page.getByText(`A link to confirm the new email address has been sent to ${oldEmail}.`),
  ).toBeVisible();
  await expect(email).toHaveValue(oldEmail);

  const mail = await waitForMail(oldEmail, since);
  const link = mail.text.match(/https?:\/\/\S+confirm-email\?token=[\w.-]+/)?.[0] ?? '';
  expect(link).toContain('confirm-email');
  await page.goto(link);
  await expect(page.getByText(`from ${oldEmail} to ${newEmail}`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page.getByText(`The email address of the account is now ${newEmail}.`)).toBeVisible();

  await page.goto('/users');
  await page.getByLabel('Filter by name').fill(loginId);
  await page.getByRole('row').filter({ hasText: loginId }).click();
  await expect(page.getByRole('region', { name: 'Details of Em Changer' }).getByLabel('Email')).toHaveValue(
    newEmail,
  );

  await page.goto(link);
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
});
