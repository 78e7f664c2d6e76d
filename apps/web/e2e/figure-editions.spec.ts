import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * Every screen of kg CO2e names the editions of emission factors that produced them (docs/decisions/factor-editions.md,
 * What names its editions): the demo's data source page, entity, group, organisation overview, performance against
 * targets and fuel card each show "Factors: …" near their emissions.
 */

const factors = (scope: Page | Locator) => scope.getByTestId('factor-editions');

test('the data source, entity and group pages name the editions of their kg CO2e', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');
  await openDataSource(page, 'Head Office', 'Head Office Data room');
  const latest = page.locator('.mantine-Paper-root').filter({ hasText: 'Latest figures' });
  await expect(factors(latest)).toContainText(/^Factors: .*MfE 20\d\d/);
  await page.getByRole('radiogroup', { name: 'Figure' }).getByText('Emissions', { exact: true }).click();
  const comparison = page.locator('.mantine-Paper-root').filter({ hasText: 'Monthly comparison' }).last();
  await expect(factors(comparison)).toContainText(/^Factors: .*MfE 20\d\d/);
  await shots(page, 'data-source', info);

  // An entity the demo's data sources share their consumption with (journeys before may change others' shares).
  await page.goto('/organisation/entities');
  await page.getByRole('table').getByRole('link', { name: 'Community Hall' }).click();
  await expect(page).toHaveURL(/\/entities\/\d+$/);
  const distributed = page.locator('.mantine-Paper-root').filter({ hasText: 'Distributed figures' });
  await expect(distributed.getByRole('table', { name: 'Distributed figures by month' })).toBeVisible();
  await expect(factors(distributed)).toContainText(/^Factors: /);
  await shots(page, 'entity', info);

  await page.goto('/groups/site-groups');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/site-groups\/\d+$/);
  await expect(page.getByRole('table', { name: 'Monthly figures' })).toBeVisible();
  await expect(factors(page)).toContainText(/^Factors: .*MfE 20\d\d/);
  await shots(page, 'group', info);
  // Its Details tab sets its yearly targets against its last twelve months' emissions: named too.
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(factors(page.getByRole('region', { name: 'Targets' }))).toContainText(
    /^Factors: .*MfE 20\d\d/,
  );
  await shots(page, 'group-targets', info);
});

test('the organisation overview, targets and a fuel card name the editions of their kg CO2e', async ({
  page,
}, info) => {
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
  await shots(page, 'overview', info);

  await page.goto('/organisation/performance-against-targets');
  await expect(page.getByTestId('performance-table').first()).toBeVisible();
  await expect(factors(page)).toContainText(/^Factors: .*MfE 20\d\d/);
  await shots(page, 'targets', info);
  await page.locator('.mantine-SegmentedControl-root').getByText('Consumption', { exact: true }).click();
  await expect(page).toHaveURL(/measure=cons/);
  await expect(factors(page)).toHaveCount(0);

  await page.goto('/organisation/data-sources');
  await page.getByRole('link', { name: 'POOL CARS PETROL CARD' }).click();
  await expect(page).toHaveURL(/\/fleet\/fuelcards\/\d+$/);
  await expect(page.getByRole('table', { name: 'Monthly litres, cost and emissions' })).toBeVisible();
  await expect(factors(page)).toContainText(/^Factors: .*MfE 20\d\d/);
  await shots(page, 'fuel-card', info);
});
