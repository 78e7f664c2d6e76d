import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { shots as screenshots } from './support/screens';
import { signIn } from './support/sign-in';

/** Screenshots only when asked for (GHG_SHOTS=1): they are for looking at, not checking. */
const shots = async (page: Page, name: string, info: TestInfo) => {
  if (process.env.GHG_SHOTS) await screenshots(page, name, info);
};

test('an administrator records certificates for market-based scope 2 and removes them', async ({
  page,
  axe,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/organisation/scope2-instruments');
  const table = page.getByRole('table', { name: 'Certificates and supplier-specific factors' });
  // The demo's two made-up instruments.
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('Aquatic Centre Main supply');
  await shots(page, 'scope2-instruments', info);
  await axe.done(page);

  await page.getByRole('button', { name: 'Add certificates' }).click();
  const form = page.getByRole('dialog', { name: 'Add certificates' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Choose an electricity data source of this organisation')).toBeVisible();
  await form.getByLabel('Data source').click();
  await page.getByRole('option', { name: /Civic Library Main supply/ }).click();
  await form.getByRole('textbox', { name: 'From', exact: true }).fill('01/01/2025');
  await form.getByRole('textbox', { name: 'Till', exact: true }).fill('31/03/2025');
  await form.getByLabel('Certified MWh').fill('12.5');
  await form.getByLabel('Reference').fill('Journey certificates');
  await shots(page, 'scope2-add-certificates', info);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(table.getByRole('row', { name: /Journey certificates/ })).toContainText('12.5');

  await table
    .getByRole('row', { name: /Journey certificates/ })
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(table.getByRole('row', { name: /Journey certificates/ })).toHaveCount(0);
});

test('the grid intensity series show the demo sample to everyone and load only for a product administrator', async ({
  page,
  axe,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/grid-intensity');
  const table = page.getByRole('table', { name: 'Grid intensity series' });
  await expect(table).toContainText('synthetic, not official data');
  await expect(page.getByRole('button', { name: 'Load a series' })).toHaveCount(0);

  // The product administrator, who has no organisation of their own.
  await page.goto('/dashboard/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email or username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/grid-intensity');
  await expect(table).toContainText('Sample, not official data');
  await shots(page, 'grid-intensity', info);
  await axe.done(page);
  await page.getByRole('button', { name: 'Load a series' }).click();
  const form = page.getByRole('dialog', { name: 'Load a grid intensity series' });
  await form.getByRole('button', { name: 'Load' }).click();
  await expect(form.getByText('Choose the CSV file')).toBeVisible();
  await shots(page, 'grid-intensity-load', info);
});

test('the time series shows a smart meter’s scope 2 time-matched beside the annual average, with the difference', async ({
  page,
  axe,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/reports/ts?clear=1');
  const source = page.getByRole('region', { name: 'Select Source' });
  await source.getByRole('combobox', { name: 'Asset type' }).click();
  await page.getByRole('option', { name: 'Data Sources', exact: true }).click();
  await source.getByRole('textbox', { name: 'Search assets' }).fill('Civic Library Smart meter');
  await source
    .getByRole('button', { name: /^Civic Library Smart meter/ })
    .first()
    .click();
  await page.getByRole('region', { name: 'Quantity' }).getByRole('combobox', { name: 'Quantity' }).click();
  await page.getByRole('option', { name: /^Scope 2 time-matched \(half-hourly\), sample grid data/ }).click();
  await expect(page.getByLabel('With the annual average and the difference beside it')).toBeChecked();
  await page.getByRole('button', { name: 'Add 3 series' }).click();
  // The three series, each named with the sample it is priced at.
  const list = page.getByRole('region', { name: /series/i }).first();
  for (const name of [
    'Scope 2 time-matched (half-hourly), sample grid data',
    'Scope 2 at the annual average (same half hours), sample grid data',
    'Scope 2 time-matched minus annual average, sample grid data',
  ])
    await expect(page.getByText(`Civic Library Smart meter - ${name}`).first()).toBeVisible();
  await expect(list).toBeVisible();
  await expect(page.locator('[data-chart="echarts"]').first()).toBeVisible();
  await shots(page, 'time-matched-builder', info);
  await axe.done(page);
});
