import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { signIn } from './support/sign-in';

/** The file is chosen through a button that opens the file chooser. */
async function chooseFile(input: Locator, file: string) {
  const chooser = input.page().waitForEvent('filechooser');
  await input.click();
  await (await chooser).setFiles(file);
}

test('TOU rates uploaded from the template; the second upload is refused as an overwrite', async ({
  page,
  axe,
}, info) => {
  // A retry stores the rates of a year of its own: the failed try stored 2030's.
  const year = 2030 + info.retry;
  await signIn(page, 'demo');
  await page.goto('/organisation/rates');
  await expect(
    page.getByTestId('tou-contracts').getByRole('button', { name: 'Metro Energy TOU' }),
  ).toBeVisible();
  await axe.done(page);

  await page.getByRole('button', { name: 'TOU rates template and upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'TOU rates template and upload' });
  await dialog.getByRole('button', { name: 'Download template' }).click();
  await expect(dialog.getByText('Choose a data source')).toBeVisible();
  await dialog.getByLabel('Data source').click();
  await page.getByRole('option', { name: 'Civic Library Smart meter' }).click();
  await dialog.getByLabel('Date from').fill(`01/01/${year}`);
  await dialog.getByLabel('Date till').fill(`01/12/${year - 1}`);
  await dialog.getByRole('button', { name: 'Download template' }).click();
  await expect(dialog.getByText('Date from must be before date till')).toBeVisible();
  await dialog.getByLabel('Date till').fill(`28/02/${year}`);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download template' }).click();
  const template = await readFile((await (await download).path()) ?? '', 'utf8');
  const lines = template.trim().split('\n');
  expect(lines[0]).toBe('Contract,Month,Period,Day type,Rate (c/kWh)');
  expect(lines).toHaveLength(1 + 2 * 4 * 2);
  const filled = lines.map((line, i) => (i === 0 ? line : `${line}21.5`)).join('\n');
  const file = info.outputPath('tou-rates.csv');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(file, filled);

  await chooseFile(dialog.getByRole('button', { name: /rates file/ }), file);
  await dialog.getByRole('button', { name: 'Upload rates' }).click();
  await sawBanner(page, 'Rates uploaded');
  await expect(page.getByTestId('tou-rates').getByRole('cell', { name: `Feb ${year}` })).toBeVisible();

  await page.getByRole('button', { name: 'TOU rates template and upload' }).click();
  await chooseFile(dialog.getByRole('button', { name: /rates file/ }), file);
  await dialog.getByRole('button', { name: 'Upload rates' }).click();
  const refusal = dialog.getByTestId('upload-refusal');
  await expect(refusal).toContainText('Rates upload would overwrite existing stored rates');
  await expect(refusal).toContainText(`Row 2: ${year}-01 is already stored`);
  await axe.done(page);
});
