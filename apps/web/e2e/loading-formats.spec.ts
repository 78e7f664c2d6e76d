import { writeFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shoot } from './support/screens';
import { signIn } from './support/sign-in';

const ICP = '1002083460WE-DAE'; // the demo's Southern Depot smart meter

/** A day some weeks back as NEM12 writes it (yyyyMMdd). */
const nem12Day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

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
  await shoot(page, (name) => info.outputPath(name), 'load-notes', [1440, 390]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await openDataSource(page, 'Southern Depot', 'Southern Depot Smart meter');
  await page.getByRole('tab', { name: 'HH Data' }).click();
  await page.getByRole('combobox', { name: 'Register' }).click();
  await expect(page.getByRole('option', { name: 'E1 (import kWh)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await shoot(page, (name) => info.outputPath(name), 'half-hour-channel', [1440, 390]);
});
