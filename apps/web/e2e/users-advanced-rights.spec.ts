import type { Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

async function openAdvancedRights(page: Page) {
  const panel = page.getByRole('region', { name: 'Details of Gene General' });
  await panel.getByRole('button', { name: 'Advanced Rights' }).click();
  return page.getByRole('dialog', { name: 'Advanced Rights: Gene General' });
}

test('an administrator grants a right on a site found by the asset search, then removes it', async ({
  page,
}) => {
  await signIn(page, 'demo');
  await page.goto('/users');
  await page.getByLabel('Filter by name').fill('demo.general');
  await page.getByRole('row', { name: /Gene General/ }).click();

  let dialog = await openAdvancedRights(page);
  await expect(dialog.getByText(/^No advanced rights/)).toBeVisible();

  const search = dialog.getByLabel('Search assets');
  await search.fill('zzzz');
  await expect(dialog.getByText('No results')).toBeVisible();
  await search.fill('Civ');
  await dialog.getByRole('button', { name: /Civic Library/ }).click();
  await dialog.getByLabel('Right', { exact: true }).click();
  await page.getByRole('option', { name: 'Observer' }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();

  const rights = dialog.getByRole('table', { name: 'Advanced rights' });
  const row = rights.getByRole('row', { name: /Civic Library/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Site', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Observer' })).toBeVisible();

  // The grant is stored: it is still there when the modal opens again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  dialog = await openAdvancedRights(page);
  await expect(dialog.getByRole('row', { name: /Civic Library/ })).toBeVisible();

  await dialog.getByRole('button', { name: 'Remove the right on Civic Library' }).click();
  await expect(dialog.getByRole('row', { name: /Civic Library/ })).toHaveCount(0);
  await expect(dialog.getByText(/^No advanced rights/)).toBeVisible();
});
