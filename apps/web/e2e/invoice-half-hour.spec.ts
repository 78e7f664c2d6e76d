import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';
import { demoMonth, lastDayOf, shownDate } from './support/today';

/*
 * The half-hour check on the invoice page: the demo's Civic Library Smart meter has half-hour data over its
 * last thirteen months. A new invoice over the first of those months shows the half-hour total as soon as it
 * opens, and compares it with the consumption as it is typed. Nothing is saved.
 */
test('a new invoice on a smart meter is compared with its half-hour data as the consumption is typed', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Civic Library', 'Civic Library Smart meter');
  const meterPath = new URL(page.url()).pathname.match(/^\/data-sources\/\d+/)?.[0];
  await page.goto(`${meterPath}/new-invoice`);
  const dialog = page.getByRole('dialog', { name: 'New Invoice' });
  await expect(dialog.getByLabel('Start date')).not.toHaveValue('');
  // The half-hour data starts twelve months before last month.
  const first = demoMonth(-13);
  await dialog.getByLabel('Start date').fill(shownDate(first));
  await dialog.getByLabel('End date').fill(shownDate(lastDayOf(first)));
  await dialog.getByRole('button', { name: 'Create' }).click();

  const check = page.getByRole('region', { name: 'Half-hour data for this period' });
  await expect(check).toContainText('Type the consumption to compare it with the half-hour data.');
  const total = ((await check.getByText(/kWh$/).nth(1).textContent()) ?? '').replace(/[^\d.]/g, '');
  const consumption = page.getByRole('article', { name: 'Invoice' }).getByLabel(/^Consumption in/);
  await consumption.fill(String(Math.round(Number(total) * 0.9)));
  await expect(check).toContainText('differ by more than 2%');
  await shots(page, 'half-hour-check', info, { part: check });
  await consumption.fill(total);
  await expect(check).toContainText('Within 2% of the half-hour data.');
  // A difference that rounds to nothing reads 0.0%, never -0.0% (the half-hour total is shown to 0.1 kWh).
  await expect(check.getByText('0.0%', { exact: true })).toBeVisible();
});
