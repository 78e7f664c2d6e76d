import type { Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { readPdf } from './support/pdf';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

async function choose(page: Page, label: string, option: RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test('benchmark a demo entity against the published sets, its past and its peers', async ({
  page,
  axe,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/reports/benchmark');
  await expect(page.getByRole('heading', { name: 'Benchmark', exact: true })).toBeVisible();
  // Two months ago, in the field before an entity is chosen, as the API will default it.
  const endMonth = page.getByRole('textbox', { name: 'End month' });
  await expect(endMonth).toHaveValue(/^[A-Z][a-z]{2} \d{4}$/);
  const defaulted = await endMonth.inputValue();
  await choose(page, 'Entity', /Civic Administration Building/);
  const result = page.getByTestId('benchmark-result');
  await expect(result).toContainText('Portfolio Manager U.S. National Median Table, August 2024');
  await expect(result).toContainText('Secondary transcription');
  await expect(result).toContainText('Not weather-normalised: the set assumes no weather adjustment.');
  await expect(result.getByRole('cell', { name: /Total energy/ })).toBeVisible();
  await expect(endMonth).toHaveValue(defaulted);
  await axe.done(page);
  await shots(page, 'benchmark-energy-star', info);

  await choose(page, 'Level', /^3 — /);
  await expect(result).toContainText('General office');
  await expect(result).toContainText('Weather-normalised');
  await expect(result.getByRole('cell', { name: /Fossil thermal/ })).toBeVisible();
  // The normalised figure is labelled beside itself, with the degree days it was brought between.
  await expect(result.getByRole('row', { name: /Fossil thermal/ })).toContainText(
    /Weather-normalised: × [\d,]+ \/ 2,021 heating degree days/,
  );
  await shots(page, 'benchmark-tm46', info);

  // The benchmark PDF, drawn to PNG to look at.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^benchmark-\d{4}-\d{2}\.pdf$/);
  const pdf = info.outputPath('benchmark.pdf');
  await file.saveAs(pdf);
  expect(readPdf(pdf, info.outputPath('benchmark-pdf'), { pages: 'all' })).toContain('General office');

  await choose(page, 'Level', /^0 — /);
  await expect(result).toContainText('own previous 12 months');

  await choose(page, 'Entity', /Central Library/);
  await choose(page, 'Level', /^2 — /);
  await expect(page.getByTestId('benchmark-message')).toContainText(
    "Benchmark could not be calculated: the entity's type is not mapped to a type of Portfolio Manager",
  );
  await shots(page, 'benchmark-not-calculated', info);
});

test('commissioning for the demo year: design against commissioned against actual', async ({
  page,
  axe,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/reports/commissioning');
  await expect(page.getByRole('heading', { name: 'Commissioning', exact: true })).toBeVisible();
  const table = page.getByTestId('commissioning-table');
  await expect(table).toContainText('Civic Administration Building');
  await expect(table).toContainText('Central Library');
  await expect(
    page.getByRole('img', { name: /Design, commissioned, intervention and actual/ }),
  ).toBeVisible();
  await axe.done(page);
  await shots(page, 'commissioning', info);

  await page.getByRole('textbox', { name: 'Year' }).fill('1999');
  await expect(page.getByText('Enter a year of at least 2000')).toBeVisible();

  // The entity page states its benchmark position and opens the report on it.
  await page.getByRole('textbox', { name: 'Year' }).fill('');
  await table.getByRole('link', { name: 'Civic Administration Building' }).click();
  const position = page.getByTestId('entity-benchmark');
  await expect(position).toContainText(
    /Benchmark: \d+ % (above|below) the median of Office, Portfolio Manager/,
  );
  await shots(page, 'entity-benchmark-position', info);
  await position.getByRole('link', { name: 'Open the benchmark report' }).click();
  await expect(page.getByTestId('benchmark-result')).toContainText('Civic Administration Building');
});
