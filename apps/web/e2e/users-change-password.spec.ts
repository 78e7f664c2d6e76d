import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { DEMO_PASSWORD, signIn } from './support/sign-in';

const NEW_PASSWORD = 'General-new-22';

// Later journeys may sign in as demo.general with the demo password: put it back whatever happened here.
test.afterAll(async ({ request }) => {
  const login = await request.post('/api/public/login', {
    data: { username: 'demo.general', password: NEW_PASSWORD },
  });
  if (!login.ok()) return;
  const { data } = (await login.json()) as { data: { token: string; user: { id: number } } };
  const restored = await request.put(`/api/users/${data.user.id}/change-password`, {
    headers: { Authorization: `Bearer ${data.token}` },
    data: { current: NEW_PASSWORD, new: DEMO_PASSWORD },
  });
  expect(restored.ok()).toBe(true);
});

test('a user changes their own password on My Details and signs in with the new one', async ({ page }) => {
  await signIn(page, 'demo.general');
  await page.goto('/my-details');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  const submit = dialog.getByRole('button', { name: 'Change password' });

  await dialog.getByLabel('Current password').fill('Not-my-password-1');
  await dialog.getByLabel('New password', { exact: true }).fill('simple');
  await expect(dialog.getByText('Password requires greater complexity')).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Repeat new password').fill(`${NEW_PASSWORD}x`);
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Repeat new password').fill(NEW_PASSWORD);
  await expect(submit).toBeEnabled();

  await submit.click();
  await expect(dialog.getByText('Password was not correct')).toBeVisible();

  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await submit.click();
  await sawBanner(page, 'Password changed');
  await expect(dialog).toBeHidden();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email or username').fill('demo.general');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login unsuccessful.  Please try again')).toBeVisible();

  await signIn(page, 'demo.general', NEW_PASSWORD);
  await expect(page.getByTestId('user-name')).toHaveText('Gene General');
});
