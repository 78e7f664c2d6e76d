import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { signIn } from './support/sign-in';

test('an administrator adds a user from the Actions ribbon and finds them in the list', async ({ page }) => {
  // Unique per run, so a retry against the same database does not meet the first attempt's user.
  const loginId = `pat.walker.${Date.now().toString(36)}`;
  await signIn(page, 'demo');
  await page.goto('/users');
  await expect(page.getByText(/^Showing 100 of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/users\?show=new$/);

  const dialog = page.getByRole('dialog', { name: 'Add user' });
  // The server's checks: an address and a login id that someone already has.
  await dialog.getByLabel('Email').fill('general@verdant.example');
  await expect(dialog.getByText(/^Email address is already in use/)).toBeVisible();
  await dialog.getByLabel('Login ID').fill('demo.general');
  await expect(dialog.getByText('Login ID is already in use')).toBeVisible();
  await dialog.getByLabel('Login ID').fill('pat walker');
  await expect(dialog.getByText('Login ID cannot contain spaces')).toBeVisible();
  await dialog.getByLabel('First name').fill('P');
  await dialog.getByLabel('First name').blur();
  await expect(dialog.getByText('Must be at least 2 characters')).toBeVisible();

  await dialog.getByLabel('Email').fill(`${loginId}@example.org`);
  await dialog.getByLabel('Login ID').fill(loginId);
  await dialog.getByLabel('Title').fill('Dr');
  await dialog.getByLabel('First name').fill('Pat');
  await dialog.getByLabel('Surname').fill('Walker');
  await dialog.getByLabel('Access level').click();
  await page.getByRole('option', { name: 'General User' }).click();
  await expect(dialog.getByText(/already in use|cannot contain|at least 2/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add user' }).click();

  await sawBanner(page, 'User Pat Walker created');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/users$/);

  await page.getByLabel('Filter by name').fill(loginId);
  const row = page.getByRole('row', { name: /Pat Walker/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: loginId })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'General User' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Never' })).toBeVisible();
});
