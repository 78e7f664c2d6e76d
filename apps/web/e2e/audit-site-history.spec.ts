import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test("a site's new name is in the site's history, with the old one", async ({ page }, info) => {
  const suffix = Date.now().toString(36);
  const name = `Audit Depot ${suffix}`;
  const renamed = `Audit Store ${suffix}`;
  await signIn(page, 'demo');
  await page.goto('/organisation/sites?show=new');
  const dialog = page.getByRole('dialog', { name: 'New Site' });
  await dialog.getByLabel('Site name').fill(name);
  await dialog.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Wellington', exact: true }).click();
  await dialog.getByLabel('Open date').fill('12/05/2024');
  await dialog.getByRole('button', { name: 'Create site' }).click();
  await expect(page).toHaveURL(/\/sites\/\d+$/);

  await page.getByRole('tab', { name: 'Settings' }).click();
  const field = page.getByLabel('Site name');
  await field.fill(renamed);
  await expect(field).toHaveAttribute('data-save-state', 'saved');

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/sites\/\d+\/history$/);
  const history = page.getByRole('table', { name: 'History' });
  const row = history.getByRole('row').filter({ hasText: 'update' });
  await expect(row).toContainText(name);
  await expect(row).toContainText(renamed);
  // The region chosen is shown by its name, not its id.
  const created = history.getByRole('row').filter({ hasText: 'create' });
  await expect(created).toContainText('region (empty) → Wellington');

  await shots(page, 'site-history', info);
  await page.goto('/organisation/history');
  await expect(page.getByRole('table', { name: 'History' }).getByText(renamed).first()).toBeVisible();
  await shots(page, 'organisation-history', info);
});

test('the history refuses someone who is not an administrator, with nothing to filter', async ({ page }) => {
  await signIn(page, 'demo.general');
  await page.goto('/organisation/history');
  await expect(page.getByText('You do not have access to this')).toBeVisible();
  await expect(page.getByText('The history could not be loaded.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'History' })).toHaveCount(0);
});
