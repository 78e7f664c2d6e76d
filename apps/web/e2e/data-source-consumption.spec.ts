import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { deleteConsumptionRecords, openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';
import { demoMonth, shownDate } from './support/today';

/** dd/MM/yyyy of a day in the month `monthsAgo` before the demo's current one. */
function day(monthsAgo: number, dayOfMonth: number) {
  return shownDate(`${demoMonth(-monthsAgo).slice(0, 8)}${String(dayOfMonth).padStart(2, '0')}`);
}

test('a general user adds three consumption rows, one overlapping, fixes it and creates them', async ({
  page,
}, info) => {
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Head Office', 'Head Office Level 3 submeter');
  await page.getByRole('tab', { name: 'Consumption' }).click();
  await expect(page).toHaveURL(/\/data-sources\/\d+\/consumption$/);
  const table = page.getByRole('table', { name: 'Consumption records' });
  await expect(table.getByRole('columnheader', { name: 'Used' })).toBeVisible();

  // The demo's hand readings start 36 months back; the meter was fitted the month before, unread.
  const month = 37;
  // A retry deletes the records the failed try created in that month first, and creates them again.
  if (info.retry > 0) {
    const ofMonth = day(month, 1).slice(2); // '/MM/yyyy'
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await deleteConsumptionRecords(
      page,
      table.getByRole('button', { name: new RegExp(`^Delete \\d\\d${ofMonth} to`) }),
    );
  }
  await page.getByRole('button', { name: 'New Consumption Record' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Consumption Record' });
  const row = (n: number) => dialog.getByRole('group', { name: `Row ${n}` });
  await row(1).getByLabel('From').fill(day(month, 1));
  await row(1).getByLabel('Till').fill(day(month, 10));
  await row(1).getByLabel('Used (kWh)').fill('2000');
  await dialog.getByRole('button', { name: 'Add row' }).click();
  // A new row starts the day after the row above it.
  await expect(row(2).getByLabel('From')).toHaveValue(day(month, 11));
  await row(2).getByLabel('Till').fill(day(month, 20));
  await row(2).getByLabel('Used (kWh)').fill('2100');
  await dialog.getByRole('button', { name: 'Add row' }).click();
  await row(3).getByLabel('From').fill(day(month, 15));
  await row(3).getByLabel('Till').fill(day(month, 25));
  await row(3).getByLabel('Used (kWh)').fill('1900');
  await expect(row(3).getByRole('alert')).toHaveText('Period overlaps with another entry');
  await expect(row(2).getByRole('alert')).toHaveText('Period overlaps with another entry');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  // Two months ago is read by hand already.
  await row(3).getByLabel('From').fill(day(2, 15));
  await row(3).getByLabel('Till').fill(day(2, 16));
  await expect(row(3).getByRole('alert')).toHaveText('Period overlaps with an existing record');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();

  await row(3).getByLabel('From').fill(day(month, 21));
  await row(3).getByLabel('Till').fill(day(month, 28));
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await sawBanner(page, '3 consumption records created');
  await expect(dialog).toBeHidden();
  for (const [from, used] of [
    [day(month, 1), '2,000 kWh'],
    [day(month, 11), '2,100 kWh'],
    [day(month, 21), '1,900 kWh'],
  ] as const) {
    await expect(table.getByRole('row').filter({ hasText: from })).toContainText(used);
  }

  // Editing a row keeps it between its neighbours.
  await table.getByRole('button', { name: `Edit ${day(month, 11)} to ${day(month, 20)}` }).click();
  await table.getByLabel('Date till').fill(day(month, 22));
  await expect(table.getByText('Date till cannot be after next date from')).toBeVisible();
  await table.getByLabel('Date till').fill(day(month, 19));
  await table.getByRole('button', { name: 'Save' }).click();
  await sawBanner(page, 'Consumption record updated');
  await expect(table.getByRole('row').filter({ hasText: day(month, 19) })).toContainText('2,100 kWh');
  await shots(page, 'consumption', info, { widths: [1440, 390] });
});

test('an observer reads the consumption records without the editing controls', async ({ page }) => {
  await signIn(page, 'demo.observer');
  await openDataSource(page, 'Head Office', 'Head Office Level 3 submeter');
  await page.getByRole('tab', { name: 'Consumption' }).click();
  await expect(page.getByRole('table', { name: 'Consumption records' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Consumption Record' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
});
