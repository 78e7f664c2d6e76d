import { expect, test } from './support/axe-test';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * The Data Library: an organisation's administrator searches the stored invoice files with three of the five
 * filters (two are refused), downloads a bill and opens the invoice it produced; a search that finds nothing
 * says so. A product administrator may leave the organisation open.
 */
test("an administrator searches the organisation's invoice files and opens a bill and its invoice", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');
  await page.goto('/data-library');
  await expect(page.getByRole('heading', { name: 'Data Library' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toBeDisabled();
  // The organisation and this year are two filters: a third is needed.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You must choose at least three filters' }),
  ).toBeVisible();

  // The demo's ICPs start 1002: part of an account number finds every electricity and gas bill.
  await page.getByRole('textbox', { name: 'Account number' }).fill('1002');
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Invoice files found' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /\d+ files found/ })).toBeVisible();
  const first = table.getByRole('row').nth(1);
  await expect(first.getByText('Original')).toBeVisible();
  await shots(page, 'data-library', info);

  // The bill downloads as a PDF.
  const href = await first.getByRole('link', { name: /\.pdf$/ }).getAttribute('href');
  expect(href).toMatch(/^\/api\/direct\/[^/]+\/files\/\d+$/);
  const download = await page.request.get(href ?? '');
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // A year with no bills finds nothing.
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: '2000', exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No files matched your search.')).toBeVisible();

  // Back to this year: the invoice a bill produced opens on its data source.
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: String(new Date().getFullYear()), exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await table.getByRole('row').nth(1).getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/\/data-sources\/\d+\/invoices\/\d+$/);
});

test('a product administrator may leave the organisation open', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/data-library');
  const organisation = page.getByRole('combobox', { name: 'Organisation' });
  await expect(organisation).toBeEnabled();
  await organisation.click();
  await page.getByRole('option', { name: 'Any' }).first().click();
  await page.getByRole('textbox', { name: 'Account number' }).fill('1002');
  // Any organisation leaves one open: this year and an account are two filters; the retailer makes three.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You must choose at least three filters' }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Retailer' }).click();
  await page.getByRole('option', { name: 'Mercury', exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Invoice files found' });
  await expect(table.getByRole('columnheader', { name: 'Organisation' })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('Mercury');
  await expect(table.getByRole('row').nth(1)).toContainText('Demo Organisation');
});
