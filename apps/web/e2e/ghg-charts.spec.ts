import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { shots as screenshots } from './support/screens';
import { signIn } from './support/sign-in';

const CHARTS = [
  'Total Emissions Pie Chart',
  'Emissions Sources Bar Chart',
  'Emissions By Division Pie Chart',
  'Emissions By Division By Scope',
  'Emissions By Activity',
  'Emissions By Division By Activity',
];

/** Screenshots only when asked for (GHG_SHOTS=1): they are for looking at, not checking. */
const shots = async (page: Page, name: string, info: TestInfo) => {
  if (process.env.GHG_SHOTS) await screenshots(page, name, info);
};

test('each GHG chart opens in its modal, states its completeness and downloads its CSV', async ({
  page,
  axe,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/reports/ghg');
  await expect(page.getByRole('heading', { name: 'GHG Graphs' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reporting Settings' })).toBeVisible();
  await shots(page, 'ghg-tiles', info);
  await axe.done(page);

  for (const [i, title] of CHARTS.entries()) {
    await page.getByRole('button', { name: `Open ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: title });
    const table = dialog.getByTestId('ghg-figures');
    await expect(table).toBeVisible();
    await expect(dialog.getByRole('img', { name: new RegExp(title) })).toBeVisible();
    await expect(dialog.getByTestId('ghg-summary')).toContainText('market-based');
    // The dialog's scan runs before the Download menu opens: a menu caught mid-transition by the scan reads
    // as a menu without items (aria-required-children).
    await axe.done(page);
    if (i === 0) {
      // This year so far: the current month is still filling, so the figures say they are incomplete.
      const now = new Date();
      const month = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${now.getUTCFullYear()}`;
      await dialog.getByRole('textbox', { name: 'From', exact: true }).fill(`01/${now.getUTCFullYear()}`);
      await dialog.getByRole('textbox', { name: 'To', exact: true }).fill(month);
      await expect(dialog.getByTestId('ghg-summary')).toContainText(`01/${now.getUTCFullYear()} to ${month}`);
      if (now.getUTCDate() > 1) await expect(dialog.getByTestId('ghg-summary')).toContainText('Incomplete');
      await shots(page, 'ghg-1-this-year', info);
    }
    await shots(page, `ghg-${i + 1}`, info);

    await dialog.getByRole('button', { name: 'Download' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const path = info.outputPath(`ghg-${i + 1}.csv`);
    await (await download).saveAs(path);
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines[0]).toContain('Scope 2 market-based (kg CO2e)');
    expect(lines[0]).toContain('Days with emissions (%)');
    // The CSV's total is the one the table shows; its last line says which figures and names their editions.
    expect(lines.at(-1)).toMatch(/^"?Restated: emissions .*Factors: /);
    const total = lines.at(-2)?.split(',') ?? [];
    expect(total[0]).toMatch(/^Total \d{4}-\d{2} to \d{4}-\d{2}$/);
    const lastRow = table.getByRole('row').last();
    await expect(lastRow).toContainText(
      Number(total[lines[0]?.split(',').indexOf('Scope 1 (kg CO2e)') ?? 1]).toLocaleString('en-NZ'),
    );

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
