import { expect, test } from './support/axe-test';
import { openDataSource, openMonthBeforeLatest } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

// The demo's invoice lists read every invoice and the HH page a whole month: slow on a loaded machine.
test.describe.configure({ timeout: 240_000 });
const SLOW = { timeout: 60_000 };

/*
 * The demo as a newcomer tours it (docs/decisions/demo.md): the README's demo.observer is an Observer who may
 * change the Aquatic Centre's invoices (an advanced right) and nothing elsewhere; an invoice list ends with its
 * first invoice, not with months missing before it; the half-hour month's peaks differ from day to day.
 */
test("demo.observer edits the Aquatic Centre's invoices and only reads the Head Office's", async ({
  page,
}, info) => {
  await signIn(page, 'demo.observer');
  await openDataSource(page, 'Aquatic Centre', 'Aquatic Centre Main supply');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table.locator('tr[data-invoice-id]').first()).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Invoice Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'New Invoice' })).toBeVisible();
  await page.keyboard.press('Escape');
  // The estimated read's note stands beside an estimated invoice.
  await expect(table.getByText('Estimated read: the actual read follows on the next invoice.')).toBeVisible();
  await shots(page, 'observer-aquatic-invoices', info, { widths: [1440, 390] });

  await expect(table.getByRole('button', { name: /^Upload a file to invoice/ }).first()).toBeVisible();

  // Elsewhere she reads: no file upload on the Head Office's invoices.
  await openDataSource(page, 'Head Office', 'Head Office Main supply');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(table.locator('tr[data-invoice-id]').first()).toBeVisible(SLOW);
  await expect(table.getByRole('button', { name: /^Upload a file to invoice/ })).toHaveCount(0);
});

test('an invoice list ends with its first invoice, and the wash bay with its weeks before it', async ({
  page,
}, info) => {
  await signIn(page, 'demo');
  await openDataSource(page, 'Southern Depot', 'Southern Depot Wash bay');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table.locator('tr[data-invoice-id]').first()).toBeVisible(SLOW);
  const more = page.getByRole('button', { name: /Show Next/ });
  while ((await more.count()) > 0) await more.click();
  await expect(table.getByText('Invoice(s) missing')).toHaveCount(0);
  await expect(table.getByText(/builder's account paid for its power until handover/)).toBeVisible();
  await shots(page, 'wash-bay-invoices', info, { widths: [1440, 390] });
});

test("a smart meter's half-hour month: peaks that differ day to day", async ({ page }, info) => {
  await signIn(page, 'demo');
  await openDataSource(page, 'Southern Depot', 'Southern Depot Smart meter');
  await page.getByRole('tab', { name: 'HH Data' }).click();
  await openMonthBeforeLatest(page);
  const peaks = page.getByRole('table', { name: 'Daily Peak Load (top five)' });
  await expect(peaks.getByRole('row')).toHaveCount(6, SLOW);
  const kw = await peaks.locator('tbody tr td:last-child').allInnerTexts();
  expect(new Set(kw).size).toBeGreaterThan(1);
  await shots(page, 'depot-half-hour', info, { widths: [1440, 390] });

  await openDataSource(page, 'Civic Library', 'Civic Library Smart meter');
  await page.getByRole('tab', { name: 'HH Data' }).click();
  await expect(page.getByRole('table', { name: 'Peak Load (top five)', exact: true })).toBeVisible(SLOW);
  await shots(page, 'library-half-hour', info, { widths: [1440, 390] });
});

test('the users list: colleagues with the names and job titles of a council', async ({ page }, info) => {
  await signIn(page, 'demo');
  await page.goto('/users');
  await expect(page.getByRole('row', { name: /Olive Observer/ })).toBeVisible(SLOW);
  await page.getByRole('row', { name: /Olive Observer/ }).click();
  const panel = page.getByRole('region', { name: 'Details of Olive Observer' });
  await expect(panel.getByLabel('Job title')).toHaveValue('Aquatic Centre Manager');
  await shots(page, 'users', info, { widths: [1440, 390] });
});
