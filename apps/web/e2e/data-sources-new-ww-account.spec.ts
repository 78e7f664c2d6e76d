import { expect, test } from './support/axe-test';
import { openSiteDataSources } from './support/data-source';
import { signIn } from './support/sign-in';

test('New W/WW Acct creates a water and a wastewater meter with equal numbers suffixed (W) and (WW)', async ({
  page,
}) => {
  const account = `WCC-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 'demo');
  await page.goto('/data-sources?show=new-ww-account');
  const dialog = page.getByRole('dialog', { name: 'New Combined Water/Wastewater Account' });

  // Everything is required.
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText('Account is required')).toBeVisible();
  await expect(dialog.getByText('Water meter number is required', { exact: true })).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: 'Civic Library' }).click();
  await dialog.getByRole('textbox', { name: 'Account', exact: true }).fill(account);
  // The names follow the account.
  await expect(dialog.getByRole('textbox', { name: 'Water meter name', exact: true })).toHaveValue(
    `${account} - Water`,
  );
  await expect(dialog.getByRole('textbox', { name: 'Wastewater meter name', exact: true })).toHaveValue(
    `${account} - Wastewater`,
  );
  await dialog.getByRole('textbox', { name: 'Water meter number', exact: true }).fill('M 5521');
  await dialog.getByRole('textbox', { name: 'Wastewater meter number', exact: true }).fill('M 5521');
  await expect(
    dialog.getByText('The two meter numbers are the same, so they are saved as M 5521 (W) and M 5521 (WW).'),
  ).toBeVisible();
  await dialog.getByLabel('Open date').fill('01/07/2026');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(
    page.getByText(`${account} - Water and ${account} - Wastewater created.`, { exact: false }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Both meters are the site's data sources now.
  await openSiteDataSources(page, 'Civic Library');
  await expect(page.getByRole('link', { name: `${account} - Water`, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `${account} - Wastewater`, exact: true })).toBeVisible();
});
