import { expect, type Page } from '@playwright/test';

/** Opens a demo data source's page from its site's Data Sources tab. */
export async function openDataSource(page: Page, site: string, name: string) {
  await page.goto('/organisation/sites');
  await page.getByRole('table', { name: 'Sites' }).getByRole('link', { name: site }).click();
  await page.getByRole('tab', { name: 'Data Sources' }).click();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}
