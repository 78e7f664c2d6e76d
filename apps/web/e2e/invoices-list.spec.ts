import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { signIn } from './support/sign-in';
import { demoMonth } from './support/today';

/** The demo's monthly invoices run from 36 months before last month; 'yyyy-MM' of a month so many back. */
function monthBack(n: number) {
  const month = demoMonth(-n);
  return { y: Number(month.slice(0, 4)), m: Number(month.slice(5, 7)) };
}
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

// A replacement recomputes the meter's ledger and the list reads every invoice: slow on a loaded machine.
const SLOW = { timeout: 60_000 };

test('a general user replaces two invoices and sees them nested under the replacement', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Southern Depot', 'Southern Depot Wash bay');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/data-sources\/\d+\/invoices$/);
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table.getByRole('columnheader', { name: 'Inv.Number' })).toBeVisible(SLOW);
  await expect(table.getByRole('columnheader', { name: 'kWh' })).toBeVisible();

  // The two months four and three months back, replaced by one invoice.
  const a = monthBack(4);
  const b = monthBack(3);
  const start = `01/${pad(a.m)}/${a.y}`;
  const end = `${lastDay(b.y, b.m)}/${pad(b.m)}/${b.y}`;
  await page.getByRole('button', { name: 'Invoice Actions' }).click();
  await page.getByRole('menuitem', { name: 'Replace Invoice' }).click();
  await expect(page).toHaveURL(/show=replacement/);
  const dialog = page.getByRole('dialog', { name: 'Replace Invoice' });
  // A start that is no invoice's start is refused with the spec's message.
  await dialog.getByLabel('Start date').fill(`02/${pad(a.m)}/${a.y}`);
  await dialog.getByLabel('End date').fill(end);
  await dialog.getByLabel('Invoice number').fill('RE-2001');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Start date of the reversal period did not match an invoice')).toBeVisible();
  await dialog.getByLabel('Start date').fill(start);
  await expect(dialog.getByRole('table', { name: 'Consumption reversed and charged' })).toBeVisible();
  await page.screenshot({ path: 'test-results/invoices-replace-dialog-1280.png' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Replacement saved')).toBeVisible(SLOW);
  await expect(page).not.toHaveURL(/show=/);

  const replacement = table.locator('tr[data-depth="0"]').filter({ hasText: 'RE-2001' });
  await expect(replacement).toContainText('Replacement');
  const nested = table.locator('tr[data-depth="1"]');
  await expect(nested).toHaveCount(2, SLOW);
  await expect(nested.first()).toContainText('Reversed');
  await expect(nested.nth(0)).toContainText(`EL7-${b.y}${pad(b.m)}`);
  await expect(nested.nth(1)).toContainText(`EL7-${a.y}${pad(a.m)}`);
  await page.screenshot({ path: 'test-results/invoices-list-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/invoices-list-390.png', fullPage: true });
});

test('an observer reads the list; the Actions menu offers nothing to change', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo.observer');
  await openDataSource(page, 'Head Office', 'Head Office Main supply');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(
    page.getByRole('table', { name: 'Invoices' }).locator('tr[data-invoice-id]').first(),
  ).toBeVisible(SLOW);
  // ?show=reversal opens nothing for someone who may not change the invoices.
  await page.goto(`${new URL(page.url()).pathname}?show=reversal`);
  await expect(page.getByRole('table', { name: 'Invoices' })).toBeVisible(SLOW);
  await expect(page.getByRole('dialog', { name: 'New Reversal' })).toHaveCount(0);
});

test('a general user uploads a PDF to an invoice and opens it', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Southern Depot', 'Southern Depot Workshop supply');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const last = monthBack(1);
  const number = `EL6-${last.y}${pad(last.m)}`;
  const row = page
    .getByRole('table', { name: 'Invoices' })
    .locator('tr[data-invoice-id]')
    .filter({ hasText: number });
  await expect(row).toBeVisible(SLOW);
  await row.locator('input[type=file]').setInputFiles({
    name: 'bill.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    ),
  });
  await expect(page.getByText('bill.pdf uploaded')).toBeVisible(SLOW);
  // The PDF icon's direct link answers the PDF (the fixture's scan would revisit a viewer tab, so read it).
  const href = await row
    .getByRole('link', { name: `View the PDF of invoice ${number}` })
    .getAttribute('href');
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
