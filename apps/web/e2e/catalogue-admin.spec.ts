import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * The admin catalogue (data-portal.md 2.8, 5): a product administrator creates a data type with a scope 1
 * factor, adds a unit to it (the spec's messages on the way), and creates a composite of two fuels.
 */
test('a product administrator creates a data type, a unit and a composite', async ({ page }, info) => {
  test.setTimeout(180_000);
  const pellets = afresh(info, 'Wood pellets');
  const blend = afresh(info, 'Diesel B20 blend');
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/setup');
  await expect(page.getByRole('tab', { name: 'Activities' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Data types' });
  await expect(table.getByRole('row', { name: /Electricity \(grid supplied\)/ })).toBeVisible();
  await shots(page, 'activities', info);

  await page.getByRole('button', { name: 'Create New Data Type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Data Type' });
  await dialog.getByLabel('Name').fill('natural gas');
  await expect(dialog.getByText('A data type with that name already exists')).toBeVisible();
  await dialog.getByLabel('Name').fill(pellets);
  await dialog.getByRole('combobox', { name: 'Group' }).fill('Biomass');
  await dialog.getByLabel('Standard Unit').fill('kg');
  await dialog.getByLabel('Source notes').fill('Supplier data sheet 2025');
  await expect(dialog.getByText('Give at least one scope a factor and a start date')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Scope 1' }).check();
  await dialog.getByLabel('Scope 1 factor').fill('0.0158');
  await dialog.getByLabel('Scope 1 from').fill('01/01/2024');
  await shots(page, 'new-data-type', info);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await sawBanner(page, `${pellets} created.`);
  const row = table.getByRole('row', { name: new RegExp(`^(Edit|Close) ${pellets}`) });
  await expect(row).toContainText('kg');

  await page.getByRole('button', { name: `Edit ${pellets}` }).click();
  await expect(page.getByRole('table', { name: 'Emission factors' })).toContainText('0.0158');
  await page.getByRole('button', { name: 'Create New Unit' }).click();
  const unit = page.getByRole('dialog', { name: /Create New Unit/ });
  await unit.getByRole('button', { name: 'Create' }).click();
  await expect(unit.getByText('Name cannot be blank')).toBeVisible();
  await expect(unit.getByText('Factor must be specified')).toBeVisible();
  await unit.getByLabel('Name').fill('KG');
  await expect(unit.getByText('There is already a KG unit')).toBeVisible();
  await unit.getByLabel('Name').fill('tonnes');
  await unit.getByLabel(/Factor/).fill('0');
  await expect(unit.getByText('Factor cannot be zero')).toBeVisible();
  await unit.getByLabel(/Factor/).fill('1000');
  await unit.getByRole('button', { name: 'Create' }).click();
  await sawBanner(page, 'tonnes unit created.');
  await expect(row).toContainText('tonnes');
  await shots(page, 'data-type-expanded', info);

  await page.getByRole('button', { name: 'New composite factor' }).click();
  const mix = page.getByRole('dialog', { name: 'New composite factor' });
  await mix.getByLabel('Name').fill(blend);
  await mix.getByRole('combobox', { name: 'Measured in' }).click();
  await page.getByRole('option', { name: 'kWh', exact: true }).click();
  await mix.getByRole('combobox', { name: 'Component 1' }).click();
  await page.getByRole('option', { name: /^Diesel \(Diesel\)/ }).click();
  await mix.getByLabel('%').first().fill('80');
  await mix.getByRole('combobox', { name: 'Component 2' }).click();
  await page.getByRole('option', { name: /^Bioethanol/ }).click();
  await mix.getByLabel('%').nth(1).fill('19');
  await expect(mix.getByText('The percentages must total 100 (they total 99)')).toBeVisible();
  await expect(mix.getByRole('button', { name: 'Create' })).toBeDisabled();
  await mix.getByLabel('%').nth(1).fill('20');
  await mix.getByRole('button', { name: 'Create' }).click();
  await sawBanner(page, `${blend} created.`);
  await expect(mix).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(blend) })).toBeVisible();
});
