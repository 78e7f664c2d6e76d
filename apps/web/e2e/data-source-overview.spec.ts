import type { Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { signIn } from './support/sign-in';

/** No part of the page is wider than the window (a wide table scrolls inside its own region). */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, path: (name: string) => string, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoPageOverflow(page);
    await page.screenshot({ path: path(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

test("a data source's Overview shows its open alerts, scheduled and deleted as on the list", async ({
  page,
}, info) => {
  const path = (name: string) => info.outputPath(name);
  await signIn(page, 'demo');
  await openDataSource(page, 'Aquatic Centre', 'Aquatic Centre Main supply');
  const panel = page.getByRole('region', { name: 'Alerts of Aquatic Centre Main supply' });
  await expect(panel.getByText('Consumption 18% above the same month last year')).toBeVisible();
  await expect(page.getByTestId('latest-consumption')).toBeVisible();
  await shoot(page, path, 'overview');

  const consumption = panel.getByRole('group', { name: 'Consumption 18% above the same month last year' });
  await consumption.getByLabel('Comment or reason').fill('Pool heating ran longer in the cold snap');
  await consumption.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Alert scheduled for sending')).toBeVisible();
  await expect(consumption).toBeHidden();

  const charge = panel.getByRole('group', { name: 'Daily charge changed from $1.65 to $1.89' });
  await expect(charge.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await charge.getByLabel('Comment or reason').fill('Tariff change expected: new contract');
  await charge.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText("Alert won't be sent!")).toBeVisible();
  await expect(charge).toBeHidden();

  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('Data Source Detail').first()).toBeVisible();
  await shoot(page, path, 'details');

  await page.getByRole('tab', { name: 'Distribution' }).click();
  await expect(page.getByRole('table', { name: 'Distribution' })).toBeVisible();
  await shoot(page, path, 'distribution');
});
