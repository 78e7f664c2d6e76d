import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
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

test('a general user replaces two invoices and sees them nested under the replacement', async ({
  page,
  axe,
}, info) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Southern Depot', 'Southern Depot Wash bay');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/data-sources\/\d+\/invoices$/);
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table.getByRole('columnheader', { name: 'Inv.Number' })).toBeVisible(SLOW);
  await expect(table.getByRole('columnheader', { name: 'kWh' })).toBeVisible();

  // The two months four and three months back, replaced by one invoice; a retry takes the two before them and a
  // number of its own (the failed try may have replaced those).
  const a = monthBack(4 + 2 * info.retry);
  const b = monthBack(3 + 2 * info.retry);
  const number = `RE-${2001 + info.retry}`;
  const start = `01/${pad(a.m)}/${a.y}`;
  const end = `${lastDay(b.y, b.m)}/${pad(b.m)}/${b.y}`;
  await page.getByRole('button', { name: 'Invoice Actions' }).click();
  // An open menu holds only its items, the first of them focused.
  await expect(page.getByRole('menuitem', { name: 'New Invoice' })).toBeFocused();
  await axe.check(page);
  await page.getByRole('menuitem', { name: 'Replace Invoice' }).click();
  await expect(page).toHaveURL(/show=replacement/);
  const dialog = page.getByRole('dialog', { name: 'Replace Invoice' });
  // A start that is no invoice's start is refused with the spec's message.
  await dialog.getByLabel('Start date').fill(`02/${pad(a.m)}/${a.y}`);
  await dialog.getByLabel('End date').fill(end);
  await dialog.getByLabel('Invoice number').fill(number);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Start date of the reversal period did not match an invoice')).toBeVisible();
  await dialog.getByLabel('Start date').fill(start);
  await expect(dialog.getByRole('table', { name: 'Consumption reversed and charged' })).toBeVisible();
  await shots(page, 'invoices-replace-dialog', info);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await sawBanner(page, 'Replacement saved', SLOW);
  await expect(page).not.toHaveURL(/show=/);

  const replacement = table.locator('tr[data-depth="0"]').filter({ hasText: number });
  await expect(replacement).toContainText('Replacement', SLOW);
  // The two rows under it are the invoices it reversed, the later first.
  const under = (n: number) => replacement.locator(`xpath=following-sibling::tr[${n}]`);
  await expect(under(1)).toHaveAttribute('data-depth', '1');
  await expect(under(1)).toContainText('Reversed');
  await expect(under(1)).toContainText(`EL7-${b.y}${pad(b.m)}`);
  await expect(under(2)).toHaveAttribute('data-depth', '1');
  await expect(under(2)).toContainText(`EL7-${a.y}${pad(a.m)}`);
  await expect(under(3)).not.toHaveAttribute('data-depth', '1');
  await shots(page, 'invoices-list', info);
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
  await sawBanner(page, 'bill.pdf uploaded', SLOW);
  // The PDF icon's direct link answers the PDF (the fixture's scan would revisit a viewer tab, so read it).
  const href = await row
    .getByRole('link', { name: `View the PDF of invoice ${number}` })
    .getAttribute('href');
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
