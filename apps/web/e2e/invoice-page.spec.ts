import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

// The list and the invoice page read a meter's whole history: slow on a loaded machine.
const SLOW = { timeout: 60_000 };

/*
 * The invoice page: a demo invoice with its original PDF, as on paper at 1440 px, and on a phone at
 * 390 px where each line is a card with its total in reach and the page never scrolls sideways.
 */
test('the invoice page reads like the bill at 1440 px and is usable at 390 px', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Head Office', 'Head Office Main supply');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const withPdf = page
    .getByRole('table', { name: 'Invoices' })
    .locator('tr[data-invoice-id]')
    .filter({ has: page.getByRole('link', { name: /^View the PDF of invoice/ }) })
    .first();
  await expect(withPdf).toBeVisible(SLOW);
  await withPdf.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice.getByRole('link', { name: 'View the original PDF' })).toBeVisible(SLOW);
  await expect(invoice.getByRole('region', { name: 'Charges', exact: true })).toBeVisible();
  // The masthead says what is payable and by when, as the paper bill does.
  await expect(invoice.getByText(/^Due \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await shots(page, 'invoice-page', info);

  await page.setViewportSize({ width: 390, height: 844 });
  const first = invoice.getByRole('group', { name: 'Item 1' });
  await expect(first).toBeVisible();
  await expect(first.getByText('Rate', { exact: true })).toBeVisible();
  const total = await first.getByLabel('Item 1 total').boundingBox();
  expect((total?.x ?? 999) + (total?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await first.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('invoice-items-390.png') });
});
