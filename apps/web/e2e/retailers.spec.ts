import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * Retailers and line item overrides: a product administrator adds a retailer (not 'New Retailer', not a name
 * in use), edits its load unit, then keeps its line item overrides for an invoice type (non-empty, each line item once).
 */
test('a product administrator adds a retailer and its line item overrides', async ({ page }, info) => {
  test.setTimeout(180_000);
  const retailer = afresh(info, 'Waikato Power');
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/setup/retailers');
  const table = page.getByRole('table', { name: 'Retailers' });
  await expect(table.getByRole('row', { name: /Frank Energy/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Load Unit' })).toBeVisible();
  // Electricity is billed by load in kVA; fuel and water are not billed by load at all.
  await expect(table.getByRole('row', { name: /Frank Energy\s*kVA/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Z Energy\s*Not billed by load/ })).toBeVisible();

  await page.getByRole('button', { name: 'New Retailer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Retailer' });
  const name = dialog.getByLabel('Retailer Name');
  await expect(name).toHaveValue('New Retailer');
  await expect(dialog.getByText("Choose a name other than 'New Retailer'")).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await name.fill('frank energy');
  await expect(dialog.getByText('A retailer with that name already exists')).toBeVisible();
  await name.fill(retailer);
  await dialog.getByRole('combobox', { name: 'Load Unit' }).click();
  await page.getByRole('option', { name: 'kVA' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await sawBanner(page, `${retailer} created.`);
  await expect(table.getByRole('row', { name: new RegExp(`${retailer}\\s*kVA`) })).toBeVisible();
  await shots(page, 'retailers', info);

  // Edited: another retailer's name is refused before the call; its own stays; the load unit changes.
  await table.getByRole('button', { name: `Edit ${retailer}` }).click();
  const editing = page.getByRole('dialog', { name: 'Edit Retailer' });
  await expect(editing.getByLabel('Retailer Name')).toHaveValue(retailer);
  await editing.getByLabel('Retailer Name').fill('FRANK ENERGY');
  await expect(editing.getByText('A retailer with that name already exists')).toBeVisible();
  await expect(editing.getByRole('button', { name: 'Save' })).toBeDisabled();
  await editing.getByLabel('Retailer Name').fill(retailer);
  await editing.getByRole('combobox', { name: 'Load Unit' }).click();
  await page.getByRole('option', { name: 'kW', exact: true }).click();
  await shots(page, 'retailer-edit', info);
  await editing.getByRole('button', { name: 'Save' }).click();
  await sawBanner(page, `${retailer} updated.`);
  await expect(table.getByRole('row', { name: new RegExp(`${retailer}\\s*kW\\b`) })).toBeVisible();

  await page.getByRole('tab', { name: 'Line Items' }).click();
  await expect(page).toHaveURL(/\/setup\/line-item-overrides$/);
  await page.getByRole('combobox', { name: 'Retailer' }).fill('Waikato');
  await page.getByRole('option', { name: retailer, exact: true }).click();
  await expect(page.getByText('No line item overrides for this retailer and invoice type.')).toBeVisible();
  await page.getByRole('button', { name: 'Add line item' }).click();
  await page.getByLabel('Line item 1', { exact: true }).fill('Energy Anytime');
  await page.getByLabel('Instructions 1', { exact: true }).fill('Charge type Energy');
  await page.getByRole('button', { name: 'Add line item' }).click();
  await page.getByLabel('Line item 2', { exact: true }).fill('energy anytime');
  await page.getByLabel('Instructions 2', { exact: true }).fill('Charge type Daily fixed charge');
  await expect(page.getByText('There is already an override for the line item energy anytime')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByLabel('Line item 2', { exact: true }).fill('Daily Charge');
  await page.getByRole('button', { name: 'Save' }).click();
  await sawBanner(page, 'Line item overrides updated');
  await page.reload();
  await page.getByRole('combobox', { name: 'Retailer' }).fill('Waikato');
  await page.getByRole('option', { name: retailer, exact: true }).click();
  await expect(page.getByLabel('Line item 2', { exact: true })).toHaveValue('Energy Anytime');
  await expect(page.getByLabel('Line item 1', { exact: true })).toHaveValue('Daily Charge');
  await shots(page, 'line-item-overrides', info);
});
