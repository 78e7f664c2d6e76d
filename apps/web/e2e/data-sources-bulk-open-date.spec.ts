import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test('Bulk Actions set the open date of three meters, each recorded in its history', async ({
  page,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/data-sources');
  const table = page.getByRole('table', { name: 'Data sources' });
  await expect(table.getByRole('link', { name: 'Head Office Main supply' })).toBeVisible();

  await shots(page, 'data-sources', info);

  await page.getByLabel('Name or account').fill('Head Office');
  await expect(table.getByRole('link', { name: 'Northern Depot Gas' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Bulk Actions' }).click();
  const names = ['Head Office Main supply', 'Head Office Data room', 'Head Office Car park lighting'];
  for (const name of names) await table.getByRole('checkbox', { name: `Select ${name}` }).check();
  const bulk = page.getByRole('region', { name: 'Bulk Actions' });
  await expect(bulk.getByText('3 selected')).toBeVisible();
  await bulk.getByRole('button', { name: 'Set Open Date' }).click();

  const dialog = page.getByRole('dialog', { name: 'Bulk Set Data Source Open Date' });
  await expect(dialog.getByRole('checkbox', { name: 'Move earlier' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Set Open Date' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A date is required');
  await dialog.getByRole('textbox', { name: 'Open date' }).fill('01/07/2019');
  await shots(page, 'bulk-open-date', info);
  await dialog.getByRole('button', { name: 'Set Open Date' }).click();
  await sawBanner(page, 'Open dates updated');
  await expect(dialog).toBeHidden();
  await expect(bulk.getByText('0 selected')).toBeVisible();
  await bulk.getByRole('button', { name: 'Exit Bulk Actions' }).click();
  await expect(bulk).toBeHidden();

  // Each meter's change is in the organisation's history, with the old and the new open date.
  await page.goto('/organisation/history');
  const history = page.getByRole('table', { name: 'History' });
  for (const name of names) {
    const row = history
      .getByRole('row')
      .filter({ hasText: name })
      .filter({ hasText: /meter ?open/i });
    await expect(row.first()).toContainText('2019-07-01');
  }
});
