import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

/*
 * The complimentary report editor: an administrator adds pages (Add needs every parameter), sees the report
 * marked modified until saved, saves it ('Complimentary Report Saved.') and previews it as a PDF.
 */
test('an administrator edits, saves and previews the complimentary report', async ({ page }, info) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo');
  await page.goto('/reports/comp-report');
  await expect(page.getByRole('heading', { name: 'Complimentary Report' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Page', exact: true }).click();
  await page.getByRole('option', { name: 'Site league table' }).click();
  const add = page.getByRole('button', { name: 'Add page' });
  await expect(add).toBeDisabled();
  await page.getByRole('combobox', { name: 'Months', exact: true }).click();
  await page.getByRole('option', { name: 'Last 6 months' }).click();
  await add.click();
  await expect(page.getByText('Modified: not saved yet')).toBeVisible();

  await page.getByRole('combobox', { name: 'Page', exact: true }).click();
  await page.getByRole('option', { name: 'Emissions by source' }).click();
  await page.getByRole('combobox', { name: 'Months', exact: true }).click();
  await page.getByRole('option', { name: 'Last 12 months' }).click();
  await add.click();
  const pages = page.getByRole('list', { name: 'Report pages' });
  await expect(pages.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Move Emissions by source up' }).click();
  await expect(pages.getByRole('listitem').first()).toContainText('Emissions by source');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Complimentary Report Saved.')).toBeVisible();
  await expect(page.getByText('Modified: not saved yet')).toHaveCount(0);

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTitle('Complimentary report preview')).toBeVisible({ timeout: 120_000 });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`comp-report-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 860 });

  // Saved: a fresh visit shows the pages, not modified.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Report pages' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('Modified: not saved yet')).toHaveCount(0);
});
