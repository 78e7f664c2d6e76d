import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { settle } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * Every screen of kg CO2e names the editions of emission factors that produced them (docs/decisions/factor-editions.md,
 * What names its editions): the demo's data source page, entity, group, organisation overview, performance against
 * targets and fuel card each show "Factors: …" near their emissions.
 */

/** Screenshots at 1440 and 390 px, in /tmp to be looked at (the whole page, or one part of it). */
async function look(page: Page, name: string, part?: Locator) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    const path = `/tmp/editions28-${name}-${width}.png`;
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

const factors = (scope: Page | Locator) => scope.getByTestId('factor-editions');

test('the data source, entity and group pages name the editions of their kg CO2e', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');
  await openDataSource(page, 'Head Office', 'Head Office Data room');
  const latest = page.locator('.mantine-Paper-root').filter({ hasText: 'Latest figures' });
  await expect(factors(latest)).toContainText(/^Factors: .*MfE 20\d\d/);
  await page.getByRole('radiogroup', { name: 'Figure' }).getByText('Emissions', { exact: true }).click();
  const comparison = page.locator('.mantine-Paper-root').filter({ hasText: 'Monthly comparison' }).last();
  await expect(factors(comparison)).toContainText(/^Factors: .*MfE 20\d\d/);
  await look(page, 'data-source');

  await page.goto('/organisation/entities');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/entities\/\d+$/);
  const distributed = page.locator('.mantine-Paper-root').filter({ hasText: 'Distributed figures' });
  await expect(distributed.getByRole('table', { name: 'Distributed figures by month' })).toBeVisible();
  await expect(factors(distributed)).toContainText(/^Factors: /);
  await look(page, 'entity');

  await page.goto('/groups/site-groups');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/site-groups\/\d+$/);
  await expect(page.getByRole('table', { name: 'Monthly figures' })).toBeVisible();
  await expect(factors(page)).toContainText(/^Factors: .*MfE 20\d\d/);
  await look(page, 'group');
  // Its Details tab sets its yearly targets against its last twelve months' emissions: named too.
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(factors(page.getByRole('region', { name: 'Targets' }))).toContainText(
    /^Factors: .*MfE 20\d\d/,
  );
  await look(page, 'group-targets');
});

test('the organisation overview, targets and a fuel card name the editions of their kg CO2e', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');
  await page.goto('/organisation');
  const emitters = page.getByRole('region', { name: /^Highest emitters/ });
  await expect(factors(emitters)).toContainText(/^Factors: .*MfE 20\d\d/);
  const ranking = page.getByRole('region', { name: /^Highest consumers/ });
  await expect(factors(ranking)).toHaveCount(0);
  await ranking.getByText('Emissions', { exact: true }).click();
  await expect(factors(page.getByRole('region', { name: /^Highest emissions/ }))).toContainText(
    /^Factors: .*MfE 20\d\d/,
  );
  await look(page, 'overview');

  await page.goto('/organisation/performance-against-targets');
  await expect(page.getByTestId('performance-table').first()).toBeVisible();
  await expect(factors(page)).toContainText(/^Factors: .*MfE 20\d\d/);
  await look(page, 'targets');
  await page.locator('.mantine-SegmentedControl-root').getByText('Consumption', { exact: true }).click();
  await expect(page).toHaveURL(/measure=cons/);
  await expect(factors(page)).toHaveCount(0);

  await page.goto('/organisation/data-sources');
  await page.getByRole('link', { name: 'POOL CARS PETROL CARD' }).click();
  await expect(page).toHaveURL(/\/fleet\/fuelcards\/\d+$/);
  await expect(page.getByRole('table', { name: 'Monthly litres, cost and emissions' })).toBeVisible();
  await expect(factors(page)).toContainText(/^Factors: .*MfE 20\d\d/);
  await look(page, 'fuel-card');
});
