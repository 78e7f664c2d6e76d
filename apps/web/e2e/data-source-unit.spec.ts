import { expect, test } from './support/axe-test';
import { openSiteDataSources } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test("change a meter's unit and see the figures follow", async ({ page }, info) => {
  await signIn(page, 'demo');
  await openSiteDataSources(page, 'Aquatic Centre');
  await page
    .getByRole('table', { name: 'Data sources' })
    .getByRole('link', { name: 'Aquatic Centre LPG' })
    .click();
  await expect(page.getByRole('heading', { name: 'Aquatic Centre LPG' })).toBeVisible();
  const consumption = page.getByTestId('latest-consumption');
  await expect(consumption).toContainText('litres');
  const inLitres = await consumption.textContent();
  await shots(page, 'data-source-overview', info);

  const overview = page.url();
  await page.getByRole('tab', { name: 'Details' }).click();
  const unit = page.getByRole('combobox', { name: 'Unit', exact: true });
  await unit.click();
  await page.getByRole('option', { name: 'kg', exact: true }).click();
  await expect(unit).toHaveValue('kg');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(consumption).toContainText('kg');
  await expect(consumption).not.toHaveText(inLitres ?? '');
  await expect(page.getByText('Consumption in kg')).toBeVisible();

  // Back to litres for the other journeys.
  await page.goto(`${overview}/settings`);
  await unit.click();
  await page.getByRole('option', { name: 'litres', exact: true }).click();
  await expect(unit).toHaveValue('litres');
});
