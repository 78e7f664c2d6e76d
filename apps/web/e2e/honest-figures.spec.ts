import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

test('figures are honest: incomplete months marked, one unit per column, alert counts from the recorded alerts', async ({
  page,
}) => {
  await signIn(page, 'demo');

  // The site chart marks the current month, which is still filling.
  await page.goto('/organisation/sites');
  const table = page.getByRole('table', { name: 'Sites' });
  await expect(table.getByRole('columnheader', { name: /Consumption \((kWh|MWh|GWh)\)/ })).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^CO2e$/ })
    .click();
  await expect(table.getByRole('columnheader', { name: /Emissions \((kg|t) CO2e\)/ })).toBeVisible();
  // Each figure is a bare number under the header's unit.
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(/^[\d,.]+$/);

  await table.getByRole('link', { name: 'Head Office' }).click();
  await expect(page.getByTestId('incomplete-month')).toContainText('Data for this month is incomplete');

  // A year with no figures shows an empty state, not an empty grid.
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Previous year' }).click();
  await expect(page.getByText('No data found for that period.')).toBeVisible();

  // The overview's 'Most alerts' card counts the pending alerts of the demo's data sources.
  await page.goto('/organisation');
  const alerts = page.getByRole('table', { name: 'Sites with the most alerts' });
  await expect(alerts.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
});
