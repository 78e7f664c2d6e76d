import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

test('New Entity creates a pump through the wizard and opens it on its Pump Details tab', async ({
  page,
}) => {
  const name = `Booster Pump ${Date.now().toString(36)}`;
  await signIn(page, 'demo');
  await page.goto('/organisation/entities?show=new');
  const dialog = page.getByRole('dialog', { name: 'New Entity' });
  const next = dialog.getByRole('button', { name: 'Next' });

  // Overview: Next stays disabled until name, site and type are chosen.
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: 'Water Treatment Plant' }).click();
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Pump' }).click();
  await expect(next).toBeEnabled();
  await next.click();

  // Details: a new facility name, and the occupancy.
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Facility').fill('Booster Station');
  await dialog.getByRole('combobox', { name: 'Occupancy' }).click();
  await page.getByRole('option', { name: 'Water and wastewater' }).click();
  await next.click();

  // Specifics: pump head digits only, and the site's power and flow meters.
  await dialog.getByLabel('Pump head (metres)').fill('4.5');
  await expect(dialog.getByText('Pump head must be digits only')).toBeVisible();
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Pump head (metres)').fill('45');
  await dialog.getByRole('combobox', { name: 'Power meter' }).click();
  await page.getByRole('option', { name: 'Water Treatment Plant Intake pumps' }).click();
  await dialog.getByRole('combobox', { name: 'Flow meter' }).click();
  await page.getByRole('option', { name: 'Water Treatment Plant Water' }).click();
  await next.click();

  // Review, then Create.
  const summary = dialog.getByRole('table', { name: 'New entity summary' });
  await expect(summary).toContainText(name);
  await expect(summary).toContainText('Booster Station');
  await expect(summary).toContainText('45 m');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page).toHaveURL(/\/entities\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const pumpTab = page.getByRole('tab', { name: 'Pump Details' });
  await expect(pumpTab).toBeVisible();
  await expect(page.getByRole('tab', { name: 'WWTP Details' })).toHaveCount(0);
  await pumpTab.click();
  await expect(page).toHaveURL(/\/entities\/\d+\/pump-details$/);
  await expect(page.getByLabel('Pump head (metres)')).toHaveValue('45');
  await expect(page.getByRole('combobox', { name: 'Flow meter' })).toHaveValue('Water Treatment Plant Water');
});
