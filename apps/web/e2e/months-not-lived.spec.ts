import type { Page } from '@playwright/test';
import { formatMonth } from '@verdant/domain/month-labels';
import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';
import { demoMonth } from './support/today';

// Today's month and the next, as the demo organisation's clock has them when asked ('yyyy-MM'): read as the
// checks run, not when the file loads, so a run that crosses a New Zealand midnight checks the month it sees.
const thisMonth = () => demoMonth(0).slice(0, 7);
const nextMonth = () => demoMonth(1).slice(0, 7);

/**
 * The comparison chart of this year: today's month marked as to date, a month not yet lived blank (read from
 * the chart's table, which screen readers use), and no year after this one to page to.
 */
async function expectThisYearHonest(page: Page) {
  const [current, next] = [thisMonth(), nextMonth()];
  await expect(page.getByTestId('incomplete-month')).toContainText(`${formatMonth(current)} (to date)`);
  await expect(page.getByRole('row', { name: new RegExp(`^${formatMonth(current)} \\(`) })).toHaveCount(1);
  if (next.slice(0, 4) === current.slice(0, 4)) {
    const row = page.getByRole('row', { name: new RegExp(`^${formatMonth(next)}`) });
    await expect(row.getByRole('cell').first()).toHaveText('');
    await expect(row.getByRole('cell').nth(1)).not.toHaveText('');
  }
  await expect(page.getByRole('button', { name: 'Next year' })).toBeDisabled();
}

test('months not yet lived are blank and today’s month is marked, on the data source and site pages', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo');
  await openDataSource(page, 'Head Office', 'Head Office Main supply');
  await expectThisYearHonest(page);
  // Cost is the ledger's, before GST; one month format ('Oct 2026').
  await expect(page.getByText('Cost (excl. GST)', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Latest figures: [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await shots(page, 'data-source-overview', info, { widths: [1440, 390] });

  // The invoice list's totals are what the bill asks, after GST.
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(
    page.getByRole('table', { name: 'Invoices' }).getByRole('columnheader', { name: 'Total (incl. GST)' }),
  ).toBeVisible({ timeout: 60_000 });
  await shots(page, 'invoice-list', info, { widths: [1440, 390] });

  await page.goto('/organisation/sites');
  await page.getByRole('table', { name: 'Sites' }).getByRole('link', { name: 'Head Office' }).click();
  await expectThisYearHonest(page);
  await shots(page, 'site-overview', info, { widths: [1440, 390] });
});

test('the targets performance report marks today’s month and never prints -0', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');
  await page.goto('/organisation/performance-against-targets');
  const table = page.getByTestId('performance-table').first();
  const row = table.getByRole('row', { name: new RegExp(`^${formatMonth(thisMonth())}`) });
  // The report reads every month of the target's years: slow on a loaded machine.
  await expect(row).toContainText('Data for this month is incomplete', { timeout: 60_000 });
  // No difference is drawn from a month still filling.
  await expect(row.getByRole('cell').last()).toHaveText('');
  await expect(page.getByRole('cell', { name: '-0', exact: true })).toHaveCount(0);
  await shots(page, 'performance', info, { widths: [1440, 390] });
});
