import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';
import { demoMonth } from './support/today';

// The invoice page loads the invoice, the ledger's neighbours and the virtual invoice: slow on a loaded machine.
test.describe.configure({ timeout: 180_000 });

test("the smart meter's latest invoice beside its virtual invoice, with the tariff alert", async ({
  page,
}, info) => {
  // The latest invoice is the month before last: last month's half-hour data has the demo's gap, so the
  // retailer's invoice for it is not in the demo.
  const number = `SMT-${demoMonth(-2).slice(0, 7).replace('-', '')}`;
  await signIn(page, 'demo');
  await openDataSource(page, 'Civic Library', 'Civic Library Smart meter');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await page.getByRole('link', { name: number, exact: true }).click();
  const panel = page.getByRole('region', { name: 'Virtual invoice' });
  await expect(panel).toBeVisible({ timeout: 60_000 });
  const table = panel.getByRole('table', { name: 'Virtual invoice' });
  // Eight TOU lines (four periods by two day types); weekday Day is billed 2 c/kWh over the contract.
  await expect(table.getByRole('row')).toHaveCount(1 + 8 + 1);
  const day = table.getByRole('row').filter({ hasText: 'Energy - Day, Weekday' });
  await expect(day.getByRole('cell').nth(2)).toHaveText(/^19\.8|^20\.79/);
  await expect(day.getByRole('cell').last()).toHaveText(/^\+\$/);
  await expect(
    table.getByRole('row').filter({ hasText: 'Energy - Night, Weekday' }).getByRole('cell').last(),
  ).toHaveText(/^\$0\.0[01]$|^\+\$0\.01$|^-\$0\.01$/);
  await expect(panel.getByText('Tariff alert', { exact: true })).toBeVisible();
  await expect(panel.getByText(/more for energy than the contract prices the half-hour data/)).toBeVisible();
  await shots(page, 'virtual-invoice', info);
});
