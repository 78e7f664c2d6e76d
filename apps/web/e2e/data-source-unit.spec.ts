import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

test("change a meter's unit and see the figures follow", async ({ page }, info) => {
  await signIn(page, 'demo');
  await page.goto('/organisation/sites');
  await page.getByRole('link', { name: 'Aquatic Centre', exact: true }).click();
  await page.getByRole('tab', { name: 'Data Sources' }).click();
  await page
    .getByRole('table', { name: 'Data sources' })
    .getByRole('link', { name: 'Aquatic Centre LPG' })
    .click();
  await expect(page.getByRole('heading', { name: 'Aquatic Centre LPG' })).toBeVisible();
  const consumption = page.getByTestId('latest-consumption');
  await expect(consumption).toContainText('litres');
  const inLitres = await consumption.textContent();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`data-source-overview-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

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
