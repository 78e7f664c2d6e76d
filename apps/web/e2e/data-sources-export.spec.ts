import { readFile } from 'node:fs/promises';
import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';
import { demoToday } from './support/today';

test('Meter Data Export of two meters downloads a CSV with their monthly figures', async ({ page }, info) => {
  await signIn(page, 'demo');
  await page.goto('/data-sources?show=export');
  const dialog = page.getByRole('dialog', { name: 'Meter Data Export' });
  const sources = dialog.getByRole('combobox', { name: 'Data sources' });
  for (const name of ['Civic Library Main supply', 'Civic Library Gas']) {
    await sources.fill(name);
    // Every data source of the organisation is offered, each with its site.
    await page.getByRole('option', { name: `${name} (Civic Library)`, exact: true }).click();
  }
  await sources.press('Escape');
  await dialog.getByRole('checkbox', { name: 'Cost ($)' }).check();
  await dialog.getByRole('button', { name: 'Export' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Every range needs a start and an end');

  const now = new Date();
  const month = (back: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return {
      stored: d.toISOString().slice(0, 7),
      typed: `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`,
    };
  };
  await dialog.getByLabel('Range 1 start').fill(month(3).typed);
  await dialog.getByLabel('Range 1 end').fill(month(1).typed);
  await shots(page, 'meter-export', info);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  // Named by the organisation's date, not UTC's (docs/domain.md, Time zones and today).
  expect(file.suggestedFilename()).toBe(`meter-data-export-${demoToday()}.csv`);
  const path = info.outputPath('export.csv');
  await file.saveAs(path);
  const lines = (await readFile(path, 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('Data Source,Site,Account,Measuring,Aggregation,Period,Energy (kWh),Cost ($)');
  expect(lines).toHaveLength(7);
  expect(
    lines.slice(1).map((l) =>
      l
        .split(',')
        .filter((_, i) => [0, 1, 3, 4, 5].includes(i))
        .join('|'),
    ),
  ).toEqual(
    [
      ['Civic Library Gas', 'Natural gas'],
      ['Civic Library Main supply', 'Electricity (grid supplied)'],
    ].flatMap(([name, measuring]) =>
      [3, 2, 1].map((back) => `${name}|Civic Library|${measuring}|Monthly|${month(back).stored}`),
    ),
  );
  // Every month has figures: energy and cost above zero.
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    expect(Number(cells[6])).toBeGreaterThan(0);
    expect(Number(cells[7])).toBeGreaterThan(0);
  }
});
