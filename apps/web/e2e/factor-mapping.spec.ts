import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * The UK DESNZ flat file through the Map… dialog (docs/decisions/catalogue.md, Editions loaded from files,
 * Mappings): a product administrator loads the file, which is refused because none of its rows maps to a data
 * type yet and names them; maps natural gas to the catalogue's Natural gas, scope 1, kWh; loads the file again as
 * a draft and reads what changed (no earlier DESNZ edition: natural gas is new); butane is still listed with Map….
 * Then the demo's dashboard names the edition behind its emissions, and a GHG chart too.
 */
const FILE = [
  'UK Government GHG Conversion Factors for Company Reporting',
  'Factor set: Full set',
  '',
  'ID,Scope,Level 1,Level 2,Level 3,Level 4,Column Text,UOM,GHG/Unit,GHG Conversion Factor 2024',
  '1,Scope 1,Fuels,Gaseous fuels,Natural gas,,Energy - Gross CV,kWh (Gross CV),kg CO2e,0.18290',
  '2,Scope 1,Fuels,Gaseous fuels,Natural gas,,Energy - Gross CV,kWh (Gross CV),kg CO2e of CO2 per unit,0.18253',
  '3,Scope 1,Fuels,Gaseous fuels,Natural gas,,Energy - Gross CV,kWh (Gross CV),kg CO2e of CH4 per unit,0.00027',
  '4,Scope 1,Fuels,Gaseous fuels,Natural gas,,Energy - Gross CV,kWh (Gross CV),kg CO2e of N2O per unit,0.0001',
  '5,Scope 1,Fuels,Gaseous fuels,Butane,,Energy - Gross CV,kWh (Gross CV),kg CO2e,0.22',
].join('\n');

test('a DESNZ flat file is mapped row by row and loaded as a draft', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/setup/editions');
  // A retry finds the mapping its failed try may have saved: removed, so that the file is refused as at first; and
  // the draft is named afresh.
  const saved = page.getByRole('table', { name: 'Saved mappings' });
  await expect(saved).toBeVisible();
  const ours = saved
    .getByRole('row')
    .filter({ hasText: 'fuels | gaseous fuels | natural gas | energy - gross cv' });
  if ((await ours.count()) > 0) {
    await ours.getByRole('button', { name: 'Remove the mapping to Natural gas' }).click();
    await expect(ours).toHaveCount(0);
  }
  const edition = afresh(info, 'DESNZ 2024 (journey)');
  const form = page.getByRole('form', { name: 'Load an edition' });
  await form.getByLabel('Layout').click();
  await page.getByRole('option', { name: 'DESNZ flat file' }).click();
  await form.getByLabel('Edition').fill(edition);
  await form.getByLabel('Publisher').fill('UK DESNZ');
  await form.getByLabel('Published').fill('08/07/2024');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'desnz-2024.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
  await form.getByRole('button', { name: 'Load as a draft' }).click();

  // Refused whole, naming the rows that map to nothing, each with Map….
  await expect(form.getByText('No row of the file maps to a data type yet')).toBeVisible();
  const rows = form.getByRole('table', { name: 'Rows with no mapping' });
  await expect(rows.getByRole('row', { name: /Natural gas/ })).toContainText('kWh (Gross CV)');
  await expect(rows.getByRole('row', { name: /Butane/ })).toBeVisible();
  await shots(page, 'desnz-refused', info, { part: form });

  await rows.getByRole('button', { name: 'Map row 5' }).click();
  const dialog = page.getByRole('dialog', { name: 'Map a published row' });
  await expect(dialog).toContainText('Fuels > Gaseous fuels > Natural gas > Energy - Gross CV');
  await dialog.getByRole('combobox', { name: 'Data type' }).fill('Natural gas');
  await page
    .getByRole('option', { name: /: Natural gas$/ })
    .first()
    .click();
  await dialog.getByText('Scope 1', { exact: true }).click();
  await dialog.getByRole('combobox', { name: 'The published unit is' }).click();
  await page.getByRole('option', { name: 'kWh', exact: true }).click();
  await shots(page, 'map-dialog', info);
  await dialog.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByText('Row mapped to Natural gas, scope 1')).toBeVisible();
  await expect(rows.getByRole('row', { name: /Natural gas/ })).toContainText('Mapped');

  // Loaded again: a draft of one factor, what changed, and the row still to map.
  await form.getByRole('button', { name: 'Load as a draft' }).click();
  await expect(page).toHaveURL(/\/setup\/editions\/\d+$/);
  await expect(page.getByRole('heading', { name: edition })).toBeVisible();
  await expect(page.getByText('No earlier edition of this publisher: every factor is new.')).toBeVisible();
  const diff = page.getByRole('table', { name: 'What changed' });
  await expect(diff.getByRole('row', { name: /added Natural gas/ })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Rows with no mapping' }).getByRole('row', { name: /Butane/ }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Saved mappings' })).toHaveCount(0);
  await shots(page, 'desnz-draft', info);

  await page.goto('/setup/editions');
  await expect(page.getByRole('table', { name: 'Saved mappings' })).toContainText(
    'fuels | gaseous fuels | natural gas | energy - gross cv | kwh (gross cv)',
  );
});

test('the dashboard and a GHG chart name the editions behind their emissions', async ({ page }, info) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo');
  await page.goto('/');
  const card = page.getByRole('region', { name: '12 month overall comparison' });
  await card.getByText('Emissions', { exact: true }).click();
  await expect(card).toHaveAttribute('data-measure', 'co2e');
  await expect(card.getByTestId('factor-editions')).toHaveText(/^Factors: .*MfE 2026/);
  // The Last month card names the editions of its kg CO2e too.
  const lastMonth = page.getByRole('region', { name: 'Last month' });
  await expect(lastMonth.getByTestId('last-month-co2e').getByTestId('factor-editions')).toHaveText(
    /^Factors: .*MfE 2026/,
  );
  await shots(page, 'dashboard-editions', info);

  await page.goto('/reports/ghg');
  await page.getByRole('button', { name: 'Open Total Emissions Pie Chart' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/^Factors: .*MfE/)).toBeVisible({ timeout: 30_000 });
  await shots(page, 'ghg-chart-editions', info);
});
