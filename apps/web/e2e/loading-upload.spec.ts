import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';
import { demoDaysAgo } from './support/today';

/** The file is chosen through a button that opens the file chooser. */
async function chooseFile(button: Locator, file: string) {
  const chooser = button.page().waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

/** A day some weeks back, as yyyy-MM-dd: the demo's smart meters have half-hour data there. */
function daysAgo(n: number) {
  return demoDaysAgo(n);
}
const pad = (n: number) => String(n).padStart(2, '0');
const readings = (meter: string, date: string, value: (hh: number) => string) =>
  Array.from(
    { length: 48 },
    (_, hh) => `${meter},${date} ${pad(Math.floor(hh / 2))}:${hh % 2 ? '30' : '00'},${value(hh)}`,
  );

async function openUpload(page: Page) {
  const upload = page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Upload data' });
  // The actions ribbon stays open once opened.
  if (!(await upload.isVisible())) await page.getByRole('button', { name: 'Actions' }).click();
  await upload.click();
  return page.getByRole('dialog', { name: 'Upload data' });
}

test('a CSV of readings is mapped, loaded and listed; a file with bad rows lands nothing and reports them', async ({
  page,
  axe,
}, info) => {
  // A retry loads other days under other names: the failed try's file is imported already, and its rows listed.
  const date = daysAgo(40 + 2 * info.retry);
  const goodName = `${afresh(info, 'civic-readings', '-')}.csv`;
  const badName = `${afresh(info, 'civic-bad-rows', '-')}.csv`;
  const header = 'Meter,Interval start,kWh';
  const good = info.outputPath(goodName);
  await writeFile(
    good,
    `${header}\n${readings('Civic Library Smart meter', date, (hh) => (hh < 14 ? '1.5' : '2.25')).join('\n')}\n`,
  );
  await signIn(page, 'demo');
  await page.goto('/loading');
  await expect(page.getByRole('heading', { name: 'Load Jobs' })).toBeVisible();

  let dialog = await openUpload(page);
  await chooseFile(dialog.getByRole('button', { name: 'Choose the data file' }), good);
  await expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveValue(
    'Detect from the file (CSV readings)',
  );
  await dialog.getByRole('button', { name: 'Next: columns' }).click();
  await expect(
    dialog.getByRole('combobox', { name: 'Data source (local name, meter number or ICP)' }),
  ).toHaveValue('Meter');
  await expect(dialog.getByRole('combobox', { name: 'Date and time', exact: true })).toHaveValue(
    'Interval start',
  );
  await expect(dialog.getByRole('combobox', { name: 'Reading', exact: true })).toHaveValue('kWh');
  await expect(dialog.getByRole('region', { name: "The file's first rows" })).toContainText(
    'Civic Library Smart meter',
  );
  await axe.done(page);
  await shots(page, 'upload-dialog-mapping', info);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const result = dialog.getByTestId('load-result');
  await expect(result.getByRole('status')).toHaveText('Finished', { timeout: 30_000 });
  // A local day in daylight time spans two standard-time days.
  await expect(result).toContainText(/48 readings loaded: [12] days? of half-hour data on 1 data source\./);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const table = page.getByTestId('loads-table');
  await expect(table.getByRole('row').filter({ hasText: goodName })).toContainText('Finished');

  // The same columns again: the mapping is remembered, and the refused rows are named in the report.
  const bad = info.outputPath(badName);
  const badDay = daysAgo(39 + 2 * info.retry);
  const rows = readings('Civic Library Smart meter', badDay, () => '1');
  rows[4] = `Nowhere meter,${badDay} 02:00,1`;
  rows[9] = `Civic Library Smart meter,${badDay} 04:30,lots`;
  await writeFile(bad, `${header}\n${rows.join('\n')}\n`);
  dialog = await openUpload(page);
  await chooseFile(dialog.getByRole('button', { name: 'Choose the data file' }), bad);
  await expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveValue(
    'Detect from the file (CSV readings)',
  );
  await dialog.getByRole('button', { name: 'Next: columns' }).click();
  await expect(
    dialog.getByText('This is the mapping used for a file with these columns before.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(result.getByRole('status')).toHaveText('Failed', { timeout: 30_000 });
  await expect(result).toContainText('2 rows were refused, so nothing was imported');
  const download = page.waitForEvent('download');
  await result.getByRole('button', { name: /error report/ }).click();
  const report = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(report.trim().split('\n')).toEqual([
    'Line,Reason',
    '6,"""Nowhere meter"" is not a data source of this organisation"',
    '11,"The value ""lots"" is not a number"',
  ]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(table.getByRole('row').filter({ hasText: badName })).toContainText('Failed');
  await axe.done(page);
  await shots(page, 'loading', info);
});

test('the sample NEM12 and EIEP3 files load: their format is detected and the loads finish on /loading', async ({
  page,
  axe,
}) => {
  const samples = path.resolve(import.meta.dirname, '../../../packages/db/src/demo-imports');
  await signIn(page, 'demo');
  await page.goto('/loading');
  const table = page.getByTestId('loads-table');
  for (const [file, format] of [
    ['nem12-smart-meters-2025-09.csv', 'NEM12'],
    ['eiep3-ev-chargers-2025-09.csv', 'EIEP3'],
  ] as const) {
    const dialog = await openUpload(page);
    await chooseFile(dialog.getByRole('button', { name: 'Choose the data file' }), path.join(samples, file));
    await expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveValue(
      `Detect from the file (${format})`,
    );
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByTestId('load-result')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    // The list asks again every 2 s while a load runs. A retry's load is the latest of two (the list is
    // newest first): the failed try loaded the file too, and this load finds it imported already.
    const row = table.getByRole('row').filter({ hasText: file }).first();
    await expect(row).toContainText(new RegExp(`${format}|This file was already imported`));
    await expect(row).toContainText('Finished', { timeout: 30_000 });
  }
  await axe.done(page);

  // The HH Data tab now has September 2025 of the Civic Library's smart meter (the demo's own data starts later).
  await openDataSource(page, 'Civic Library', 'Civic Library Smart meter');
  await page.getByRole('tab', { name: 'HH Data' }).click();
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: '2025', exact: true }).click();
  await page.getByRole('button', { name: 'Sep 2025' }).click();
  await expect(page.getByRole('heading', { name: /Sep 2025: demand every half hour/ })).toBeVisible();
  await expect(page.getByTestId('quality-note')).toContainText('estimated or substituted');
  await axe.done(page);
});
