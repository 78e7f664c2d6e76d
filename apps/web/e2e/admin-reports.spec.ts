import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

// The report reads every invoice of the organisation: slow on a loaded machine.
const SLOW = { timeout: 60_000 };

/*
 * The Invoice Entry Report from the data sources list (the listed data sources), by data
 * source and by day; the full report with its `view` and `energy` query parameters and its CSV; Estimated
 * Reads.
 */
test('the invoice entry report by data source and by day, its CSV, and the estimated reads', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo');
  await page.goto('/organisation/data-sources');
  await expect(page.getByRole('table', { name: 'Data sources' })).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Invoice Report' }).click();
  await expect(page).toHaveURL(/show=invoice-report/);
  const modal = page.getByRole('dialog', { name: 'Invoice Entry Report' });
  const bySource = modal.getByRole('table', { name: 'Invoices entered by data source' });
  await expect(bySource).toBeVisible(SLOW);
  await expect(bySource.getByRole('link', { name: 'Head Office Main supply' })).toBeVisible();
  await expect(modal.getByRole('status')).toContainText(/\d+ data sources; \d+% of the days due a bill/);
  await shots(page, 'invoice-report-modal', info, { widths: [1440] });
  await modal.getByText('By day').click();
  await expect(modal.getByRole('table', { name: 'Share of data sources invoiced by day' })).toBeVisible();
  await shots(page, 'invoice-report-modal-by-day', info, { widths: [390] });
  await page.keyboard.press('Escape');

  await page.goto('/admin-reports/invoice-entry?view=day');
  await expect(page.getByRole('heading', { name: 'Invoice Entry Report', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Share of data sources invoiced by day' })).toBeVisible(SLOW);
  await expect(page.getByText(/sparse days? in \d{4}/)).toBeVisible();
  await page.getByText('By data source', { exact: true }).click();
  await expect(page).not.toHaveURL(/view=day/);
  await page.getByRole('combobox', { name: 'Data type' }).fill('Natural gas');
  await page.getByRole('option', { name: 'Natural gas', exact: true }).click();
  await expect(page).toHaveURL(/energy=\d+/);
  const table = page.getByRole('table', { name: 'Invoices entered by data source' });
  await expect(table.getByRole('link', { name: 'Civic Library Gas' })).toBeVisible(SLOW);
  await expect(table.getByRole('link', { name: 'Head Office Main supply' })).toHaveCount(0);
  await shots(page, 'invoice-entry', info);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^invoice-entry-\d{4}\.csv$/);

  await page.goto('/admin-reports/estimated-reads');
  await expect(page.getByRole('heading', { name: 'Estimated Reads', level: 1 })).toBeVisible();
  const estimated = page.getByRole('table', { name: 'Estimated reads' });
  await expect(estimated.getByRole('row', { name: /Civic Library Water/ })).toBeVisible(SLOW);
  for (const column of ['Account', 'Local Name', 'Estimates Since'])
    await expect(estimated.getByRole('columnheader', { name: column })).toBeVisible();
  await shots(page, 'estimated-reads', info);
});
