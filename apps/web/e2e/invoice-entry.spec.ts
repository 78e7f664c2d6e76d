import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * Invoice entry: a new invoice with GST-exclusive items and a discount after GST. 1,000 kWh of energy at
 * 25.5c is typed as $260.00 (more than 1% from $255.00: an alert), 30 days at 95c = $28.50, a discount of 2c
 * on 1,000 kWh = -$20.00. GST on $288.50 = $43.28; Total Payable $268.50 + $43.28 = $311.78.
 */
test('a general user enters a new invoice, fixes the total, sees the alerts and lands on the invoice', async ({
  page,
}, info) => {
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Southern Depot', 'Southern Depot Workshop supply');
  const meterPath = new URL(page.url()).pathname.match(/^\/data-sources\/\d+/)?.[0];
  await page.goto(`${meterPath}/new-invoice`);

  const dialog = page.getByRole('dialog', { name: 'New Invoice' });
  // The dialog suggests the month after the last invoice; a start before the meter opened is refused.
  const start = dialog.getByLabel('Start date');
  await expect(start).not.toHaveValue('');
  const suggested = await start.inputValue();
  await start.fill('01/01/1990');
  await expect(dialog.getByText("The invoice cannot start before the meter's open date")).toBeVisible();
  await start.fill(suggested);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/new-invoice\?from=\d{4}-\d{2}-\d{2}&till=\d{4}-\d{2}-\d{2}/);

  const invoice = page.getByRole('article', { name: 'Invoice' });
  await invoice.getByLabel('Invoice Number').fill('JRN-0001');
  await invoice.getByLabel('Invoice Date').fill('05/11/2030');
  await invoice.getByLabel('Due Date').fill('20/11/2030');
  await invoice.getByLabel(/^Consumption in/).fill('1000');
  // The demo invoice it is based on may carry lines: start from none.
  const remove = invoice.getByRole('button', { name: /^Remove item/ });
  while ((await remove.count()) > 0) await remove.first().click();

  const charges = invoice.getByRole('region', { name: 'Charges' });
  await charges.getByRole('button', { name: 'Add charge' }).click();
  await invoice.getByLabel('Item 1 description').fill('Energy');
  await invoice.getByLabel('Item 1 rate').fill('25.5');
  await invoice.getByLabel('Item 1 units').fill('1000');
  await expect(invoice.getByLabel('Item 1 total')).toHaveValue('255.00');
  await invoice.getByLabel('Item 1 total').fill('260.00');
  await expect(
    invoice.getByText('The total may not be more than 1% removed from the calculated total of $255.00'),
  ).toBeVisible();
  await charges.getByRole('button', { name: 'Add charge' }).click();
  await invoice.getByLabel('Item 2 type').selectOption({ label: 'Daily fixed charge' });
  await invoice.getByLabel('Item 2 description').fill('Daily fixed charge');
  await invoice.getByLabel('Item 2 rate').fill('95');
  await invoice.getByLabel('Item 2 units').fill('30');
  await invoice
    .getByRole('region', { name: 'Discounts' })
    .getByRole('button', { name: 'Add discount' })
    .click();
  await invoice.getByLabel('Item 3 description').fill('Prompt payment discount');
  await invoice.getByLabel('Item 3 rate').fill('-2');
  await invoice.getByLabel('Item 3 units').fill('1000');
  await invoice.getByText('after GST').click();

  const totals = invoice.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Calculated $43.28')).toBeVisible();
  await expect(totals.getByText('Calculated $311.78')).toBeVisible();
  await shots(page, 'invoice-new', info);

  // The tab order follows the bill top to bottom: key fields, the lines of each section, the foot, Save.
  const stops = await invoice.evaluate((article) =>
    Array.from(article.querySelectorAll<HTMLElement>('[tabindex]'))
      .filter((e) => e.tabIndex > 0)
      .map((e) => e.tabIndex),
  );
  expect(stops.length).toBeGreaterThan(20);
  expect(stops).toEqual([...stops].sort((a, b) => a - b));
  await invoice.getByLabel('Item 3 total').focus();
  await page.keyboard.press('Tab');
  await expect(totals.getByLabel('GST')).toBeFocused();

  // The bill's total typed wrong: the Error dialog, with the invoice as JSON.
  await totals.getByLabel('GST').fill('43.28');
  await totals.getByLabel('Total Payable').fill('311.87');
  await invoice.getByRole('button', { name: 'Save changes' }).click();
  const error = page.getByRole('dialog', { name: 'Error' });
  await expect(error).toContainText(
    'The invoice total does not match the sum of the line items. Please check.',
  );
  await expect(error.getByRole('button', { name: 'Save the invoice as JSON' })).toBeVisible();
  await error.getByRole('button', { name: 'OK' }).click();

  // Right, then the dry run's alerts, then Continue Save.
  await totals.getByLabel('Total Payable').fill('311.78');
  await invoice.getByRole('button', { name: 'Save changes' }).click();
  const alerts = page.getByRole('dialog', { name: 'Alerts will be raised' });
  // The bill audit's arithmetic check names the item, its total and the calculated one.
  await expect(alerts).toContainText(/Energy.{0,20}\$260\.00.{0,20}\$255\.00/);
  await alerts.getByRole('button', { name: 'Continue Save' }).click();

  await expect(page).toHaveURL(/\/data-sources\/\d+\/invoices\/\d+$/);
  await expect(page.getByText('JRN-0001', { exact: true })).toBeVisible();
  await expect(invoice.getByLabel('Item 1 total')).toHaveValue('260.00');
  await expect(totals).toContainText('$311.78');
  const raised = invoice.getByRole('region', { name: 'Alerts raised' });
  await expect(raised).toContainText(/Energy.{0,20}\$260\.00/);
  await expect(raised).toContainText('Unreviewed');
  await shots(page, 'invoice-saved', info);
});
