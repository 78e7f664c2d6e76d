import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test("the organisation's emissions by data type: slices under 1% open from Others (<1%)", async ({
  page,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/reports/pie');
  await expect(page.getByRole('button', { name: 'Create Graph' })).toBeDisabled();
  const source = page.getByRole('region', { name: 'Select Source' });
  await source.getByRole('textbox', { name: 'Search assets' }).fill('Demo Org');
  await source.getByRole('button', { name: /^Demo Organisation/ }).click();
  await page.getByRole('region', { name: 'Quantity' }).getByRole('combobox', { name: 'Quantity' }).click();
  await page.getByRole('option', { name: /^Emissions/ }).click();
  await page.getByRole('radio', { name: 'By data type' }).check();
  await page.getByRole('button', { name: 'Create Graph' }).click();

  const table = page.getByTestId('pie-table');
  await expect(table).toBeVisible();
  await expect(page.locator('[data-chart="echarts"] canvas')).toBeVisible();
  const others = table.getByRole('button', { name: /^Others \(<1%\)/ });
  await expect(others).toBeVisible();
  await shots(page, 'pie', info);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download data CSV' }).click();
  const path = info.outputPath('pie.csv');
  await (await download).saveAs(path);
  const rows = parse(await readFile(path, 'utf8')) as string[][];
  expect(rows[0]).toEqual(['Part', 'Value (kg CO2e)', 'Share', 'Notes']);
  const drawn = rows.slice(1).filter((r) => r[3] !== 'not drawn: zero or less');
  expect(drawn.reduce((s, r) => s + Number(r[2]?.replace(/[%<]/g, '') ?? 0), 0)).toBeGreaterThan(99);

  await others.click();
  await expect(page.getByRole('button', { name: 'Back to every part' })).toBeVisible();
  const parts = await table.getByRole('row').count();
  expect(parts).toBeGreaterThan(2);
  for (const share of await table.locator('tbody tr td:nth-child(3)').allInnerTexts()) {
    expect(Number(share.replace(/[%<]/g, ''))).toBeLessThan(1);
  }
  await shots(page, 'pie-others', info);
  await page.getByRole('button', { name: 'Back to every part' }).click();
  await expect(others).toBeVisible();

  // A period without data says so instead of drawing an empty pie.
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('01/2001');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('12/2001');
  await page.getByRole('button', { name: 'Create Graph' }).click();
  await expect(page.getByText('No data found for that period.')).toBeVisible();
});
