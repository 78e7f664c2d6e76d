import { writeFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';
import { demoDaysAgo } from './support/today';

const ICP = '1002083460WE-DAE'; // the demo's Southern Depot smart meter

/** A day some weeks back as NEM12 writes it (yyyyMMdd). */
const nem12Day = (daysAgo: number) => demoDaysAgo(daysAgo).replaceAll('-', '');

test('a zipped NEM12 with an MDP name loads its energy stream, names the voltage stream it skips, and the HH Data tab names the register', async ({
  page,
  axe,
}, info) => {
  const day = nem12Day(50);
  const nem12 = [
    '100,NEM12,202511280600,MDP1,RETAILER',
    `200,${ICP},E1V1,1,E1,N1,M1,kWh,30,`,
    `300,${day},${new Array(48).fill('1.250').join(',')},A,,,,`,
    `200,${ICP},E1V1,2,V1,,M1,,10,`,
    `300,${day},${new Array(144).fill('239.1').join(',')},A,,,,`,
    '900',
  ].join('\r\n');
  const file = info.outputPath('NEM12#0000000001#MDP1#RETAILER.zip');
  await writeFile(file, zipSync({ 'NEM12#0000000001#MDP1#RETAILER.V01': Buffer.from(`${nem12}\r\n`) }));

  await signIn(page, 'demo');
  await page.goto('/loading');
  const upload = page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Upload data' });
  if (!(await upload.isVisible())) await page.getByRole('button', { name: 'Actions' }).click();
  await upload.click();
  const dialog = page.getByRole('dialog', { name: 'Upload data' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose the data file' }).click();
  await (await chooser).setFiles(file);
  // The preview reads the archive's first file.
  await expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveValue('Detect from the file (NEM12)');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const result = dialog.getByTestId('load-result');
  await expect(result.getByRole('status')).toHaveText('Finished', { timeout: 60_000 });
  await expect(result).toContainText('48 readings loaded');
  await expect(result.getByTestId('load-notes')).toContainText(
    'NMI 1002083460WE-DAE stream V1: no unit, not energy in kWh or kVArh, not loaded',
  );
  await axe.done(page);
  await shots(page, 'load-notes', info, { widths: [1440, 390] });
  await dialog.getByRole('button', { name: 'Done' }).click();

  await openDataSource(page, 'Southern Depot', 'Southern Depot Smart meter');
  await page.getByRole('tab', { name: 'HH Data' }).click();
  await page.getByRole('combobox', { name: 'Register' }).click();
  await expect(page.getByRole('option', { name: 'E1 (import kWh)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await shots(page, 'half-hour-channel', info, { widths: [1440, 390] });
});

/** A Portfolio Manager "Meter Entries" export as it downloads: title rows above the header, dates as dates. */
async function meterEntriesWorkbook(file: string, meterId: string, year: number) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Meter Entries');
  sheet.addRow(['My Portfolio: Demo Council']);
  sheet.addRow(['11/28/2026 04:00 AM EST']);
  sheet.addRow([]);
  sheet.addRow([
    'Property Name',
    'Portfolio Manager ID',
    'Portfolio Manager Meter ID',
    'Meter Name',
    'Meter Type',
    'Start Date',
    'End Date',
    'Delivery Date',
    'Usage/Quantity',
    'Usage Units',
    'Cost ($)',
    'Estimation?',
  ]);
  // Each End Date is the next bill's Start Date: Portfolio Manager's end dates are exclusive.
  for (const [month, kwh] of [
    [1, 3100],
    [2, 2900],
    [3, 3050],
  ] as const)
    sheet.addRow([
      'Northern Depot',
      4100,
      meterId,
      'Electric Grid Meter',
      'Electric - Grid',
      new Date(Date.UTC(year, month - 1, 1)),
      new Date(Date.UTC(year, month, 1)),
      'Not Available',
      kwh,
      'kWh (thousand Watt-hours)',
      kwh * 0.2,
      'No',
    ]);
  await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));
}

test('a Portfolio Manager XLSX naming an unknown meter is refused, the meter mapped from the report, the file loaded again, and its bills shown', async ({
  page,
  axe,
}, info) => {
  // A retry loads bills of a year of its own: the failed try may have loaded 2020's.
  const meterId = '99887766-0';
  const year = 2020 - info.retry;
  const file = info.outputPath('Meter Entries.xlsx');
  await meterEntriesWorkbook(file, meterId, year);

  await signIn(page, 'demo');
  await page.goto('/loading');
  const upload = page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Upload data' });
  if (!(await upload.isVisible())) await page.getByRole('button', { name: 'Actions' }).click();
  await upload.click();
  const dialog = page.getByRole('dialog', { name: 'Upload data' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose the data file' }).click();
  await (await chooser).setFiles(file);
  await expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveValue(
    'Detect from the file (Portfolio Manager Meter Entries)',
  );
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const result = dialog.getByTestId('load-result');
  const state = result.getByRole('status');
  await expect(state).toHaveText(/^(Failed|Finished)$/, { timeout: 60_000 });
  if (info.retry > 0 && (await state.textContent()) === 'Finished') {
    // The failed try mapped the meter already (a data source keeps one Portfolio Manager Meter ID): the file
    // loads at once.
    await expect(result).toContainText('3 created');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await openDataSource(page, 'Northern Depot', 'Northern Depot old supply');
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await billsShown(page, year, info);
    return;
  }
  await expect(state).toHaveText('Failed');
  await expect(result).toContainText('Create these data sources, or map them to data sources you have');
  await result.getByRole('link', { name: 'Map the data sources not found' }).click();

  // The load's page: the unknown meter, described as the file describes it, mapped to a data source.
  await expect(page.getByRole('heading', { name: 'Data sources not found' })).toBeVisible();
  const row = page.getByTestId(`unknown-${meterId}`);
  await expect(row).toContainText('Electric Grid Meter');
  await shots(page, 'pm-unknown-meter', info, { widths: [1440, 390] });
  await row.getByLabel(`Data source for ${meterId}`).click();
  await page.getByRole('option', { name: /^Northern Depot old supply/ }).click();
  await row.getByRole('button', { name: 'Map' }).click();
  await expect(row).toContainText('Northern Depot old supply');
  await expect(page.getByText('Every data source the file names is found now')).toBeVisible();
  await axe.done(page);

  const refused = page.url().split('/').pop() ?? '';
  await page.getByRole('button', { name: 'Load the file again' }).click();
  await expect(page).not.toHaveURL(new RegExp(`${refused}$`));
  const rerun = page.getByTestId('load-result');
  await expect(rerun.getByRole('status')).toHaveText('Finished', { timeout: 60_000 });
  await expect(rerun).toContainText('3 created');
  await shots(page, 'pm-rerun-finished', info, { widths: [1440, 390] });

  // The bills on the data source the meter was mapped to (the refused load names it now).
  const session = await page.evaluate(() => ({
    token: sessionStorage.getItem('verdant.token') ?? '',
    organisation: (JSON.parse(sessionStorage.getItem('verdant.organisation') ?? 'null') as { id: number }).id,
  }));
  const status = await page.request.get(`/api/jobs/${refused}/status`, {
    headers: {
      Authorization: `Bearer ${session.token}`,
      'X-Organisation-Id': String(session.organisation),
    },
  });
  expect(status.ok()).toBe(true);
  const mapped = (await status.json()).data.refusals.unknownMeters[0].meterId;
  await page.goto(`/data-sources/${mapped}/invoices`);
  await billsShown(page, year, info);
});

/** The file's three bills of the year on a data source's invoices page. */
async function billsShown(page: Page, year: number, info: TestInfo) {
  for (const month of ['01', '02', '03'])
    await expect(page.getByText(`Portfolio Manager ${year}-${month}-01`)).toBeVisible();
  // Portfolio Manager's End Date is the next bill's Start Date: each bill ends the day before.
  const february = new Date(Date.UTC(year, 2, 0)).getUTCDate();
  await expect(page.getByText(`01/01/${year} - 31/01/${year}`)).toBeVisible();
  await expect(page.getByText(`01/02/${year} - ${february}/02/${year}`)).toBeVisible();
  await shots(page, 'pm-bills', info, { widths: [1440, 390] });
}
