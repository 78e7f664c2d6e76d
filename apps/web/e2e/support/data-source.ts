import { expect, type Locator, type Page } from '@playwright/test';

/** Opens a demo site's Data Sources tab from the organisation's list of sites. */
export async function openSiteDataSources(page: Page, site: string) {
  await page.goto('/organisation/sites');
  await page.getByRole('table', { name: 'Sites' }).getByRole('link', { name: site, exact: true }).click();
  // The organisation's page has a Data Sources tab too: clicked before the site's page replaced it, it led there.
  await expect(page).toHaveURL(/\/sites\/\d+/);
  await expect(page.getByRole('heading', { name: site, level: 1 })).toBeVisible();
  await page
    .getByRole('tablist', { name: 'Site sections' })
    .getByRole('tab', { name: 'Data Sources' })
    .click();
  await expect(page).toHaveURL(/\/sites\/\d+\/data-sources/);
}

/** Opens a demo data source's page from its site's Data Sources tab. */
export async function openDataSource(page: Page, site: string, name: string) {
  await openSiteDataSources(page, site);
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

/**
 * On the HH Data tab, opens the month before the latest one with data: the latest month may be a day or two old
 * (the demo's readings run to yesterday), the one before it is whole. In January it is December of the year
 * before, chosen through the Year picker.
 */
export async function openMonthBeforeLatest(page: Page) {
  const months = page.getByRole('group', { name: /^Months of / });
  await expect(months.getByRole('button', { pressed: true })).toHaveCount(1, { timeout: 60_000 });
  const enabled = months.locator('button:not([disabled])');
  const count = await enabled.count();
  if (count > 1) {
    await enabled.nth(count - 2).click();
    return;
  }
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option').nth(1).click();
  await enabled.last().click();
}
