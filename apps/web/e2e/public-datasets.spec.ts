import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * Public datasets: a product administrator reads the demo's Wellington degree days (a sample, said so), sets
 * a month of a year by hand and loads months from a CSV; a CSV with bad rows loads nothing and names them.
 */
test('a product administrator keeps a degree-day dataset by hand and from a CSV', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/public-datasets');
  await expect(page.getByRole('heading', { name: 'Public Datasets' })).toBeVisible();
  await expect(page.getByText('Wellington heating degree days (15.5 °C) (°C·day)')).toBeVisible();
  await expect(page.getByText('Sample, not published data')).toBeVisible();
  await expect(page.getByText(/heating degree days, base 15\.5 °C/)).toBeVisible();
  await shots(page, 'public-datasets', info);

  // A retry works in a year and a dataset of its own: the failed try may have saved its months and added its dataset.
  const year = 2015 - info.retry;
  const dataset = afresh(info, 'Canterbury heating degree days (15.5 °C)');
  const source = afresh(info, 'Test weather service');
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: String(year), exact: true }).click();
  const march = page.getByRole('textbox', { name: `Mar ${year}` });
  await expect(march).toHaveValue('');
  await march.fill('123.4');
  await page.getByRole('button', { name: `Save ${year}` }).click();
  await sawBanner(page, `Wellington heating degree days (15.5 °C): ${year} saved`);

  await expect(page.getByRole('button', { name: 'Load from a CSV (year, month, value)' })).toBeVisible();
  const csv = page.locator('input[type="file"]');
  await csv.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`year,month,value\n${year},4,200\n${year},14,1\n`),
  });
  await expect(
    page.getByText(/Nothing was loaded: 1 rows were refused\. Row 3: the month '14'/),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: `Apr ${year}` })).toHaveValue('');
  await csv.setInputFiles({
    name: 'good.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`year,month,value\n${year},4,200\n${year},5,250.5\n`),
  });
  await expect(page.getByText('2 months loaded')).toBeVisible();
  await expect(page.getByRole('textbox', { name: `Apr ${year}` })).toHaveValue('200');
  await expect(page.getByRole('textbox', { name: `May ${year}` })).toHaveValue('250.5');

  // A new degree-day dataset states its base and kind; half stated, the missing one is named beside its field.
  const form = page.getByRole('region', { name: 'Add a dataset' });
  await form.getByRole('textbox', { name: 'Name' }).fill(dataset);
  await form.getByRole('textbox', { name: 'Unit' }).fill('°C·day');
  await form.getByRole('textbox', { name: 'Source', exact: false }).fill(source);
  await form.getByRole('textbox', { name: 'Base temperature (°C)' }).fill('15.5');
  await form.getByRole('button', { name: 'Add dataset' }).click();
  await expect(form.getByText('Say whether these are heating or cooling degree days')).toBeVisible();
  await form.getByText('Heating', { exact: true }).click();
  await shots(page, 'public-datasets-new', info, { part: form });
  await form.getByRole('button', { name: 'Add dataset' }).click();
  await sawBanner(page, `${dataset} added to Degree days`);
  await expect(page.getByText(`${source} · heating degree days, base 15.5 °C`)).toBeVisible();
});

test("degree days drawn beside a site's energy on the time series graph", async ({ page }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');
  await page.goto('/organisation/sites');
  await page.getByRole('link', { name: 'Head Office', exact: true }).click();
  await page.getByRole('link', { name: 'Time series report' }).click();
  await expect(page.getByRole('heading', { name: 'Time Series Graph' })).toBeVisible();
  const quantity = async (label: RegExp) => {
    await page.getByRole('region', { name: 'Quantity' }).getByRole('combobox', { name: 'Quantity' }).click();
    await page.getByRole('option', { name: label }).click();
    await page.getByRole('button', { name: 'Add series' }).click();
  };
  await quantity(/^Energy consumption/);
  await quantity(/^Wellington heating degree days \(15\.5 °C\), sample data/);
  await expect(
    page.getByText(/Head Office - Wellington heating degree days \(15\.5 °C\), sample data/).first(),
  ).toBeVisible();
  await shots(page, 'graph-degree-days', info);
});
