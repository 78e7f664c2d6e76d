import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { openDataSource } from './support/data-source';
import { expectNoPageOverflow, shots } from './support/screens';
import { signIn } from './support/sign-in';

// The invoice list reads every invoice and the invoice page its neighbours: slow on a loaded machine.
test.describe.configure({ timeout: 240_000 });
const SLOW = { timeout: 60_000 };

/** The demo's invoice number of a month so many back ('EL1-yyyyMM' for the Head Office main supply). */
function numberOf(monthsBack: number) {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - monthsBack);
  return `EL1-${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

test("a note bound to an invoice from its row, and the latest bill's PDF linked as another's original", async ({
  page,
}, info) => {
  // The demo's library keeps the bills of each data source's latest six invoices (demo-invoice-library.ts):
  // eight months back is an invoice without its original. A retry takes the month before: the failed try may
  // have noted and linked this one.
  const older = numberOf(8 + info.retry);
  const latest = numberOf(1);
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Head Office', 'Head Office Main supply');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const table = page.getByRole('table', { name: 'Invoices' });
  await table.getByRole('link', { name: `Add a note to invoice ${older}` }).click(SLOW);

  // New Note opens bound to that invoice: its period, the types disabled.
  await expect(page).toHaveURL(/\/notes\?show=new&invoice=\d+$/);
  const dialog = page.getByRole('dialog', { name: 'New Note' });
  await expect(dialog.getByRole('radio', { name: 'Note is bound to invoice' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Note is ongoing' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Invoice' })).toHaveValue(new RegExp(`^${older} · `));
  await dialog
    .getByRole('textbox', { name: 'Note' })
    .fill(`Checked ${older} against the meter photo: the read is right.`);
  await shots(page, 'note-bound', info);
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await sawBanner(page, 'Note added');
  await expect(page).not.toHaveURL(/show=new/);
  const row = page
    .getByRole('table', { name: 'Notes' })
    .getByRole('row')
    .filter({ hasText: `Checked ${older} against` });
  await expect(row).toContainText('Note is bound to invoice');
  await expect(row).toContainText(`Invoice ${older}`);

  // The list shows the note beside its invoice.
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(table.getByRole('button', { name: `View the note of invoice ${older}` })).toBeVisible(SLOW);

  // The older invoice has no original: the latest bill's PDF (a statement of the same data source) is offered.
  await table.getByRole('link', { name: older, exact: true }).click();
  const invoice = page.getByRole('article', { name: 'Invoice' });
  const choice = invoice.getByRole('combobox', { name: 'A PDF already in the portal' });
  await expect(choice).toBeVisible(SLOW);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoPageOverflow(page);
    await choice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`link-options-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
  await choice.click();
  await page.getByRole('option', { name: new RegExp(`^${latest}\\.pdf \\(invoice ${latest},`) }).click();
  await invoice.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByText('Original PDF linked')).toBeVisible();
  const view = invoice.getByRole('link', { name: 'View the original PDF' });
  await expect(view).toBeVisible();
  const pdf = await page.request.get((await view.getAttribute('href')) ?? '');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
