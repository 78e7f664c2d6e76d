import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

test('New Site checks its fields, then creates the site and opens its page', async ({ page }) => {
  const name = `Pump Station ${Date.now().toString(36)}`;
  await signIn(page, 'demo');
  await page.goto('/organisation/sites?show=new');
  const dialog = page.getByRole('dialog', { name: 'New Site' });

  // A name already used in the organisation (any case) is refused as it is typed.
  await dialog.getByLabel('Site name').fill('head office');
  await expect(dialog.getByText('A site with that name already exists')).toBeVisible();

  // The check of the new name answers late (held here for 3 s, as on a busy server): the refusal of 'head office'
  // belongs to that name, and does not stop the new one.
  await page.route(/\/site-name-check\/Pump/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await dialog.getByLabel('Site name').fill(name);
  await dialog.getByRole('button', { name: 'Create site' }).click();
  await expect(dialog.getByText('Region is required')).toBeVisible();
  await expect(dialog.getByText('Open date is required')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Wellington', exact: true }).click();
  await dialog.getByLabel('Open date').fill('31/02/2024');
  await dialog.getByRole('button', { name: 'Create site' }).click();
  await expect(dialog.getByText('Write the date as dd/mm/yyyy')).toBeVisible();

  await dialog.getByLabel('Open date').fill('12/05/2024');
  await dialog.getByRole('button', { name: 'Create site' }).click();
  await expect(page).toHaveURL(/\/sites\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Open date', { exact: true })).toHaveValue('12/05/2024');
});
