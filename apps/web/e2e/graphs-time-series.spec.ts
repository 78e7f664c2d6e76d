import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import type { GainersAndLosers } from '@verdant/contracts/dashboard';
import { formatPercent } from '@verdant/domain/unit-scaling';
import { parse } from 'csv-parse/sync';
import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';
import { demoToday } from './support/today';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem('verdant.token') ?? '');
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** Chooses a source in step 1: its type, then a search for its name. */
async function chooseSource(page: Page, type: string, name: string, context: RegExp) {
  const step = page.getByRole('region', { name: 'Select Source' });
  await step.getByRole('combobox', { name: 'Asset type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await step.getByRole('textbox', { name: 'Search assets' }).fill(name);
  await step
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .filter({ hasText: context })
    .first()
    .click();
}

async function chooseQuantity(page: Page, label: RegExp) {
  await page.getByRole('region', { name: 'Quantity' }).getByRole('combobox', { name: 'Quantity' }).click();
  await page.getByRole('option', { name: label }).click();
}

async function downloadCsv(page: Page, info: TestInfo, name: string): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download data CSV' }).click();
  const path = info.outputPath(name);
  await (await download).saveAs(path);
  return parse(await readFile(path, 'utf8')) as string[][];
}

const column = (rows: string[][], header: string) => {
  const at = rows[0]?.indexOf(header) ?? -1;
  expect(at, `the CSV has a column ${header}`).toBeGreaterThan(0);
  return rows.slice(1).map((r) => (r[at] === '' ? null : Number(r[at])));
};

test('a yearly chart of a site and a meter, cumulative, its CSV against the dashboard, kept as a favourite', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo');
  // The dashboard's Top Consumption Increase names a Head Office data source and its change on a year earlier.
  const movers = await apiGet<GainersAndLosers>(page, '/dashboard/gainers-and-losers');
  const mover = [...movers.gainers, ...movers.losers].find(
    (m) => m.displayName.endsWith('(Head Office)') && !/distance|card/i.test(m.displayName),
  );
  expect(mover, 'a Head Office data source moved since a year earlier').toBeDefined();
  const meter = (mover?.displayName ?? '').replace(/ \(Head Office\)$/, '');
  const card = page.getByRole('region', {
    name: (mover?.percentage ?? 0) > 0 ? 'Top Consumption Increase' : 'Top Consumption Decrease',
  });
  const percent = formatPercent(mover?.percentage ?? 0, { signed: true });
  await expect(card.getByRole('listitem').filter({ hasText: mover?.displayName ?? '' })).toContainText(
    percent,
  );

  // An address whose graph cannot be read opens an empty builder with a notice.
  await page.goto('/reports/ts?defaults=bm90LWEtZ3JhcGg');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The graph definition could not be read' }),
  ).toBeVisible();
  await expect(page.getByText('The graph appears here once a series is added.')).toBeVisible();

  // The site's quick action opens the time series afresh with the site chosen as the source.
  await page.goto('/organisation/sites');
  await page.getByRole('link', { name: 'Head Office', exact: true }).click();
  await page.getByRole('link', { name: 'Time series report' }).click();
  await expect(page.getByRole('heading', { name: 'Time Series Graph' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Select Source' })).toContainText('Head Office');
  await expect(page.getByText('Choose a source and a quantity first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add series' })).toBeDisabled();
  await chooseQuantity(page, /^Energy consumption/);
  await page.getByRole('button', { name: 'Add series' }).click();
  await page.getByRole('button', { name: 'Reset Select Source' }).click();
  await chooseSource(page, 'Data Sources', meter, /Head Office/);
  await chooseQuantity(page, /^Energy consumption/);
  await page.getByRole('button', { name: 'Add series' }).click();

  const list = page.getByRole('region', { name: 'Series on the graph' });
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('radio', { name: 'Yearly Chart' })).toBeChecked();
  // The default years are last year and this one (the demo's years are calendar years); in January the
  // dashboard's month is last year's, so the year before it is added.
  const current = Number(demoToday().slice(0, 4));
  if (movers.year - 1 < current - 1) {
    await page.getByRole('combobox', { name: 'Years' }).click();
    await page.getByRole('option', { name: String(movers.year - 1), exact: true }).click();
    await page.keyboard.press('Escape');
  }
  await expect(page.locator('[data-chart="echarts"] canvas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download data CSV' })).toBeEnabled();

  const month = MONTHS[movers.month - 1] ?? '';
  const normal = await downloadCsv(page, info, 'normal.csv');
  const row = normal.findIndex((r) => r[0] === month) - 1;
  const recent = column(normal, `${meter} - Energy consumption ${movers.year} (kWh)`)[row] ?? 0;
  const earlier = column(normal, `${meter} - Energy consumption ${movers.year - 1} (kWh)`)[row] ?? 0;
  // The CSV's figures give the dashboard's change, to the tenth of a percent it shows.
  expect(formatPercent(((recent - earlier) / earlier) * 100, { signed: true })).toBe(percent);

  await list
    .getByRole('radiogroup', { name: 'Presentation of Head Office - Energy consumption' })
    .getByText('Cumulative')
    .click();
  await expect(page.getByRole('button', { name: 'Download data CSV' })).toBeEnabled();
  await expect
    .poll(
      async () =>
        column(
          await downloadCsv(page, info, 'cumulative.csv'),
          `Head Office - Energy consumption ${movers.year - 1} (kWh)`,
        )[11],
    )
    .toBeCloseTo(
      column(normal, `Head Office - Energy consumption ${movers.year - 1} (kWh)`).reduce<number>(
        (s, v) => s + (v ?? 0),
        0,
      ),
      1,
    );
  await page.getByRole('switch', { name: 'Data table' }).check();
  await expect(page.getByTestId('graph-table')).toBeVisible();
  // The meter is a sliver beside its whole site on one kWh axis: Graph options give each series its own.
  await page.getByRole('button', { name: 'Graph options' }).click();
  const options = page.getByRole('dialog', { name: 'Graph options' });
  await expect(options.getByRole('combobox', { name: 'Y axes' })).toHaveValue('One per unit');
  await options.getByRole('combobox', { name: 'Y axes' }).click();
  await page.getByRole('option', { name: 'One per series' }).click();
  await options.getByRole('button', { name: 'Apply' }).click();
  await expect(options).toBeHidden();
  await shots(page, 'yearly-cumulative', info);

  await page.getByRole('button', { name: 'Set as favourite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set as favourite' });
  await dialog.getByLabel('Name').fill('');
  await expect(dialog.getByRole('button', { name: 'Save favourite' })).toBeDisabled();
  await dialog.getByLabel('Name').fill('Journey graph');
  await dialog.getByRole('button', { name: 'Save favourite' }).click();
  await expect(page.getByText('Favourite Graph Journey graph set up')).toBeVisible();

  await page.goto('/dashboard/favourite-graphs');
  const favourites = page.getByRole('list', { name: 'Favourite graphs' });
  await expect(favourites.getByRole('listitem').filter({ hasText: 'Journey graph' })).toContainText(
    'Yearly Chart by month',
  );
  await shots(page, 'favourites', info);
  await favourites.getByRole('link', { name: 'Journey graph' }).click();
  await expect(page).toHaveURL(/\/reports\/ts$/);
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(
    list
      .getByRole('radiogroup', { name: 'Presentation of Head Office - Energy consumption' })
      .getByRole('radio', { name: 'Cumulative' }),
  ).toBeChecked();
  await expect(page.locator('[data-chart="echarts"] canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Graph options' }).click();
  await expect(options.getByRole('combobox', { name: 'Y axes' })).toHaveValue('One per series');
  await options.getByRole('button', { name: 'Cancel' }).click();

  // Renamed and deleted from the dashboard, the demo is left as it was.
  await page.goto('/dashboard/favourite-graphs');
  await favourites.getByRole('button', { name: 'Rename Journey graph' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename favourite graph' });
  await expect(rename.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await rename.getByLabel('Name').fill('Journey graph renamed');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await favourites.getByRole('button', { name: 'Delete Journey graph renamed' }).click();
  await page
    .getByRole('dialog', { name: 'Delete favourite graph' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No favourite graphs yet')).toBeVisible();
});
