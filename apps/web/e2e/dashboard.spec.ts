import type { Locator, Page } from '@playwright/test';
import type { GainersAndLosers, MonthlySavings, YearlyComparison } from '@verdant/contracts/dashboard';
import { formatMonth } from '@verdant/domain/month-labels';
import { formatPercent, formatQuantity } from '@verdant/domain/unit-scaling';
import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

/** Asks the API what the page should show, with the page's own session. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const { token, organisation } = await page.evaluate(() => ({
    token: sessionStorage.getItem('verdant.token') ?? '',
    organisation: (
      JSON.parse(sessionStorage.getItem('verdant.organisation') ?? 'null') as { id: number } | null
    )?.id,
  }));
  const response = await page.request.get(`/api${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Organisation-Id': String(organisation ?? '') },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/**
 * The colour of the donut's slice that starts at twelve o'clock, clockwise (the last month's), as
 * [red, green, blue], as the browser paints it.
 */
function ringColour(card: Locator): Promise<number[]> {
  return card
    .locator('[data-chart="donut"] path[data-slice="0"]')
    .evaluate((path) => (getComputedStyle(path).fill.match(/\d+/g) ?? []).slice(0, 3).map(Number));
}

async function expectDonutFollowsTheRule(page: Page, card: Locator, measure: 'cons' | 'cost' | 'co2e') {
  const savings = await apiGet<MonthlySavings>(page, `/dashboard/monthly-savings-${measure}`);
  const { cons1, cons2, month, year1, year2, unit } = savings;
  expect(cons1 + cons2, `the demo has ${measure} figures for last month and a year earlier`).toBeGreaterThan(
    0,
  );
  const trend = cons1 < cons2 ? 'down' : 'up';

  await expect(card).toHaveAttribute('data-measure', measure);
  await expect(card.getByTestId('savings-caption')).toHaveText(
    `${formatMonth(month, year1)} vs ${formatMonth(month, year2)}`,
  );
  await expect(card.getByTestId('savings-recent')).toHaveText(formatQuantity(cons1, unit));
  await expect(card.getByTestId('savings-earlier')).toHaveText(formatQuantity(cons2, unit));
  await expect(card).toHaveAttribute('data-trend', trend);
  await expect(card.getByTestId('savings-change')).toHaveText(
    cons2 === 0 ? '–' : formatPercent(((cons1 - cons2) / cons2) * 100, { signed: true }),
  );
  // The ring itself: green for a saving, red otherwise.
  if (cons1 / (cons1 + cons2) > 0.1) {
    await expect
      .poll(async () => {
        const [red = 0, green = 0] = await ringColour(card);
        return trend === 'down' ? green - red > 60 : red - green > 60;
      })
      .toBe(true);
  }
}

test.describe('dashboard overview', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'demo');
  });

  test('all five cells show the demo figures, as the API gives them', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Demo Organisation - Dashboard' })).toBeVisible();
    const cell = (name: string) => page.getByRole('region', { name });

    const savings = cell('Monthly savings vs last year');
    await expectDonutFollowsTheRule(page, savings, 'cons');

    const comparison = await apiGet<YearlyComparison>(page, '/dashboard/yearly-comparison-cons');
    expect(comparison.data[0].some((v) => v > 0)).toBe(true);
    // The demo has a figure in every lived month shown: no month is named as missing.
    expect(comparison.missingMonths).toEqual([[], []]);
    const chart = cell('12 month overall comparison');
    await expect(chart.getByRole('img', { name: /12 month overall comparison/ })).toBeVisible();
    await expect(chart.getByRole('radio', { name: 'Consumption' })).toBeChecked();
    const rows = chart.locator('tbody tr');
    await expect(rows).toHaveCount(12);
    await expect(chart.getByTestId('comparison-missing')).toHaveCount(0);
    await expect(rows.first()).toContainText(formatQuantity(comparison.data[0][0] ?? 0, comparison.unit));
    await expect(rows.last()).toContainText(formatQuantity(comparison.data[1][11] ?? 0, comparison.unit));

    const movers = await apiGet<GainersAndLosers>(page, '/dashboard/gainers-and-losers');
    expect(movers.gainers.length).toBeGreaterThan(0);
    expect(movers.losers.length).toBeGreaterThan(0);
    const period = `${formatMonth(movers.month, movers.year)} vs ${formatMonth(movers.month, movers.year - 1)}`;
    for (const [name, list, empty] of [
      ['Top Consumption Increase', movers.gainers, 'No meters increased consumption'],
      ['Top Consumption Decrease', movers.losers, 'No meters decreased consumption'],
    ] as const) {
      const card = cell(name);
      await expect(card.getByText(period)).toBeVisible();
      await expect(card.getByText(empty)).toHaveCount(0);
      await expect(card.getByRole('listitem')).toHaveCount(list.length);
      const [top] = list;
      const first = card.getByRole('listitem').first();
      await expect(first.getByRole('link')).toHaveText(top?.displayName ?? '');
      await expect(first).toContainText(formatPercent(top?.percentage ?? 0, { signed: true }));
    }

    const lastMonth = cell('Last month');
    for (const measure of ['cost', 'co2e', 'cons'] as const) {
      const figures = await apiGet<MonthlySavings>(page, `/dashboard/monthly-savings-${measure}`);
      expect(figures.cons1).toBeGreaterThan(0);
      await expect(lastMonth.getByTestId(`last-month-${measure}`)).toContainText(
        formatQuantity(figures.cons1, figures.unit),
      );
    }
    await expect(page.getByText('No consumption has been recorded yet')).toHaveCount(0);
  });

  test('the donut is green for a saving and red otherwise, for each measure', async ({ page }) => {
    const card = page.getByRole('region', { name: 'Monthly savings vs last year' });
    await expectDonutFollowsTheRule(page, card, 'cons');
    await card.getByText('Cost', { exact: true }).click();
    await expectDonutFollowsTheRule(page, card, 'cost');
    await card.getByText('Emissions', { exact: true }).click();
    await expectDonutFollowsTheRule(page, card, 'co2e');
  });

  test('the comparison chart switches measure', async ({ page }) => {
    const card = page.getByRole('region', { name: '12 month overall comparison' });
    await card.getByText('Cost', { exact: true }).click();
    const cost = await apiGet<YearlyComparison>(page, '/dashboard/yearly-comparison-cost');
    await expect(card).toHaveAttribute('data-measure', 'cost');
    await expect(card.locator('tbody tr').first()).toContainText(formatQuantity(cost.data[0][0] ?? 0, '$'));
  });

  test('the comparison tooltip names both months with their figures, under the pointer and from the keyboard', async ({
    page,
  }) => {
    const comparison = await apiGet<YearlyComparison>(page, '/dashboard/yearly-comparison-cons');
    const { months, data, unit, futureMonths } = comparison;
    const said = (i: number, series: 0 | 1) => {
      const [year, month] = (months[i] ?? '').split('-').map(Number);
      return `${formatMonth(month ?? 1, (year ?? 0) - series)}: ${formatQuantity(data[series][i] ?? 0, unit)}`;
    };
    const card = page.getByRole('region', { name: '12 month overall comparison' });
    const tooltip = card.getByTestId('chart-tooltip');

    // The pointer over April's year-earlier bar shows April of both years.
    await card.locator('rect[data-series="1"]').nth(3).hover();
    await expect(tooltip).toContainText(said(3, 1));
    if (!futureMonths.includes(months[3] ?? '')) await expect(tooltip).toContainText(said(3, 0));
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);

    // Tab reaches the chart; Home, the arrows and End walk its months; a month still to come has no figure.
    await card.getByRole('radio', { name: 'Consumption' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Home');
    await expect(tooltip).toContainText(said(0, 0));
    await page.keyboard.press('ArrowRight');
    await expect(tooltip).toContainText(said(1, 1));
    await page.keyboard.press('End');
    await expect(tooltip).toContainText(said(11, 1));
    if (futureMonths.includes(months[11] ?? '')) {
      await expect(tooltip).not.toContainText(said(11, 0).split(':')[0] ?? '');
    }
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
  });

  test('a meter in Top Consumption Increase opens its data source page', async ({ page }) => {
    const movers = await apiGet<GainersAndLosers>(page, '/dashboard/gainers-and-losers');
    const [top] = movers.gainers;
    expect(top).toBeDefined();
    await page
      .getByRole('region', { name: 'Top Consumption Increase' })
      .getByRole('link', { name: top?.displayName })
      .click();
    await expect(page).toHaveURL(new RegExp(`/data-sources/${top?.id}$`));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  });

  test('favourites tabs say where favourites come from', async ({ page }) => {
    await page.getByRole('tab', { name: 'Favourite Reports' }).click();
    await expect(page).toHaveURL(/\/dashboard\/favourite-reports$/);
    await expect(page.getByText('No favourite reports yet')).toBeVisible();
    await page.getByRole('tab', { name: 'Favourite Graphs' }).click();
    await expect(page).toHaveURL(/\/dashboard\/favourite-graphs$/);
    await expect(page.getByText('No favourite graphs yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Time Series' })).toHaveAttribute(
      'href',
      '/reports/ts',
    );
  });

  test('an organisation without figures gets one empty state', async ({ page }) => {
    // Demo Water Trust (id 2 in the seed) has no data sources; the demo user is a member.
    try {
      await page.goto('/switch-organisation/2');
      await expect(page.getByRole('heading', { name: 'Demo Water Trust - Dashboard' })).toBeVisible();
      await expect(page.getByText('No consumption has been recorded yet')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Monthly savings vs last year' })).toHaveCount(0);
    } finally {
      // Sign-in restores the most recent organisation: leave the demo user where the other journeys expect.
      await page.goto('/switch-organisation/1');
      await expect(page.getByRole('heading', { name: 'Demo Organisation - Dashboard' })).toBeVisible();
    }
  });
});
