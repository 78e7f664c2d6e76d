import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test('a site field edited inline saves itself and is there after a reload', async ({ page }, info) => {
  const description = `Refurbished ${Date.now().toString(36)}`;
  await signIn(page, 'demo');
  await page.goto('/organisation/sites');
  await page.getByRole('link', { name: 'Civic Library' }).click();
  await expect(page).toHaveURL(/\/sites\/\d+$/);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/sites\/\d+\/settings$/);

  const field = page.getByLabel('Description');
  await field.fill(description);
  await expect(field).toHaveAttribute('data-save-state', 'saved');

  // An indicator saves itself too; a retry types another figure, as the same one again saves nothing.
  const fte = String(81 + info.retry);
  const staff = page.getByLabel('Full-time equivalent staff (FTE)');
  await staff.fill(fte);
  await expect(staff).toHaveAttribute('data-save-state', 'saved');

  await expect(page.getByRole('region', { name: 'Site Detail' }).getByLabel('Region')).not.toHaveValue('');
  await shots(page, 'site-details', info);
  await page.reload();
  await expect(page.getByLabel('Description')).toHaveValue(description);
  await expect(page.getByLabel('Full-time equivalent staff (FTE)')).toHaveValue(fte);
});
