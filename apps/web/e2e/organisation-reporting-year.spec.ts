import type { Page } from '@playwright/test';
import { addMonths } from '@verdant/domain/calendar';
import { reportingYearLabel, reportingYearStart } from '@verdant/domain/reporting-year';
import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';
import { demoMonth } from './support/today';

/** The labels the comparison should carry for a year end: the reporting year holding the last complete month. */
function expectedLabels(yearEnd: number): [string, string] {
  const last = demoMonth(-1);
  const start = reportingYearStart(last, yearEnd);
  return [reportingYearLabel(start), reportingYearLabel(addMonths(start, -12))];
}

async function chooseYearEnd(page: Page, option: RegExp) {
  await page.goto('/organisation/settings');
  const section = page.getByRole('region', { name: 'GHG Reporting Settings' });
  const select = section.getByRole('combobox', { name: 'Reporting year end' });
  await select.click();
  await page.getByRole('option', { name: option }).click();
  await expect(select).toHaveAttribute('data-save-state', 'saved');
}

async function expectComparison(page: Page, [current, previous]: [string, string]) {
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const card = page.getByRole('region', { name: '12 month overall comparison' });
  await expect(card.getByRole('columnheader', { name: current, exact: true })).toBeAttached();
  await expect(card.getByRole('columnheader', { name: previous, exact: true })).toBeAttached();
}

test('the dashboard comparison follows the organisation reporting year end', async ({ page }) => {
  await signIn(page, 'demo');
  try {
    await chooseYearEnd(page, /^June/);
    const fy = expectedLabels(6);
    expect(fy[0]).toMatch(/^FY \d{4}\/\d{2}$/);
    await expectComparison(page, fy);
    // The months run July to June: the first row of the figures is July.
    const card = page.getByRole('region', { name: '12 month overall comparison' });
    await expect(card.getByRole('rowheader').first()).toHaveText(/^Jul \d{2}/);
  } finally {
    // Other journeys expect the demo organisation's calendar year.
    await chooseYearEnd(page, /^December/);
  }
  await expectComparison(page, expectedLabels(12));
});
