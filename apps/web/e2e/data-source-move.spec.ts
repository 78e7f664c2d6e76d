import type { Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { openSiteDataSources } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

const siteMeters = (page: Page) => page.getByRole('table', { name: 'Data sources' });

async function moveTo(page: Page, site: string) {
  await page.getByRole('button', { name: 'Move Meter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Meter' });
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(dialog.getByText('Choose the site to move the data source to')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Destination site' }).click();
  await page.getByRole('option', { name: site, exact: true }).click();
  await dialog.getByRole('button', { name: 'Move' }).click();
  await sawBanner(page, `Northern Depot old supply moved to ${site}`);
}

test('move a meter to another site and see both site pages change', async ({ page }, info) => {
  await signIn(page, 'demo');
  await openSiteDataSources(page, 'Northern Depot');
  await siteMeters(page).getByRole('link', { name: 'Northern Depot old supply' }).click();
  await expect(page.getByRole('heading', { name: 'Northern Depot old supply' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByRole('link', { name: 'Northern Depot' })).toBeVisible();
  const meterPage = page.url();

  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/data-sources\/\d+\/settings$/);
  await expect(page.getByRole('heading', { name: 'Location' })).toBeVisible();
  await shots(page, 'data-source-settings', info);
  await moveTo(page, 'Southern Depot');
  await expect(crumbs.getByRole('link', { name: 'Southern Depot' })).toBeVisible();

  await openSiteDataSources(page, 'Southern Depot');
  await expect(siteMeters(page).getByRole('link', { name: 'Northern Depot old supply' })).toBeVisible();
  // The site's list of data sources stays within a phone's width.
  await shots(page, 'site-data-sources', info);
  await openSiteDataSources(page, 'Northern Depot');
  await expect(siteMeters(page)).toBeVisible();
  await expect(siteMeters(page).getByRole('link', { name: 'Northern Depot old supply' })).toHaveCount(0);

  // Back where it was, for the other journeys.
  await page.goto(`${meterPage}/settings`);
  await moveTo(page, 'Northern Depot');
});
