import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test('a general user adds a transaction at a time already taken, sees why, and saves it at another time', async ({
  page,
}, info) => {
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Northern Depot', 'Northern Depot Generator diesel');
  await page.getByRole('tab', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/data-sources\/\d+\/transactions$/);
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('columnheader', { name: 'Cost' })).toBeVisible();
  await shots(page, 'transactions', info, { widths: [1440, 390] });

  // A retry's transaction is its own, at another free time: the failed try may have saved one at 25:10.
  const notes = afresh(info, 'Top-up after the generator test');
  const free = `25:${10 + 10 * info.retry}`;
  // The latest delivery's date and time.
  const latest = table.getByRole('row').nth(1);
  const date = (await latest.getByRole('cell').nth(1).textContent()) ?? '';
  const time = (await latest.getByRole('cell').nth(2).textContent()) ?? '';
  await page.getByRole('button', { name: 'New Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Transaction' });
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Time').fill(time);
  await dialog.getByLabel('Quantity (litres)').fill('750');
  await dialog.getByLabel('Cost ($)').fill('1372.50');
  await dialog.getByLabel('Notes').fill(notes);
  await expect(dialog.getByText("There's already a transaction at that time")).toBeVisible();
  await dialog.getByLabel('Time').fill(free);
  await expect(dialog.getByText("There's already a transaction at that time")).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await sawBanner(page, 'Transaction saved');
  await expect(table.getByRole('row').filter({ hasText: notes })).toContainText(free);
});
