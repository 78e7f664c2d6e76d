import { expect, type Locator, type Page } from '@playwright/test';

/** Opens a demo data source's page from its site's Data Sources tab. */
export async function openDataSource(page: Page, site: string, name: string) {
  await page.goto('/organisation/sites');
  await page.getByRole('table', { name: 'Sites' }).getByRole('link', { name: site }).click();
  await page.getByRole('tab', { name: 'Data Sources' }).click();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/**
 * Deletes, one by one and confirming each, the consumption records whose Delete buttons `buttons` finds on a data
 * source's Consumption tab: a retry's clearing of what its failed try recorded.
 */
export async function deleteConsumptionRecords(page: Page, buttons: Locator) {
  for (let n = await buttons.count(); n > 0; n--) {
    await buttons.first().click();
    await page
      .getByRole('dialog', { name: 'Delete consumption record' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(buttons).toHaveCount(n - 1);
  }
}
