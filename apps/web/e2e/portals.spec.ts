import type { Page } from '@playwright/test';
import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { deleteConsumptionRecords, openDataSource } from './support/data-source';
import { readMailbox } from './support/mailbox';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/** A one-pixel PNG: the photo of the meter. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The period's record a failed try's figure made on the yard tap's data source, deleted on its Consumption tab
 * (a portal entry keeps no key to it), so that a retry's figure for the period is taken again.
 */
async function deleteSentFigure(page: Page) {
  await openDataSource(page, 'Northern Depot', 'Northern Depot yard tap water');
  await page.getByRole('tab', { name: 'Consumption' }).click();
  const table = page.getByRole('table', { name: 'Consumption records' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const sent = table.getByRole('row').filter({ hasText: '500 m3' });
  await deleteConsumptionRecords(page, sent.getByRole('button', { name: /^Delete / }));
}

test('an editor creates a portal; its link, opened signed out on a phone, takes a figure with a photo; it is reviewed', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  // A retry's portal is its own: the failed try may have created this one.
  const name = afresh(info, 'Yard tap readings');
  const slug = name.toLowerCase().replaceAll(' ', '-');
  await signIn(page, 'demo.general');
  if (info.retry > 0) await deleteSentFigure(page);
  await page.goto('/portals');
  await expect(page.getByRole('heading', { name: 'Data Entry Portals', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Caretaker water readings' })).toBeVisible();
  await shots(page, 'portals-list', info, { widths: [1440, 390] });

  await page.getByRole('button', { name: 'New Portal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Portal' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await expect(dialog.getByText(`Address: /portals/demo-organisation-${slug}`)).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Site of new data sources' }).click();
  await page.getByRole('option', { name: 'Northern Depot', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Measuring' }).fill('Water supply');
  await page.getByRole('option', { name: 'Water supply' }).click();
  await dialog.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'm3', exact: true }).click();
  await dialog.getByLabel('Quantity name').fill('Yard tap');
  await dialog.getByRole('combobox', { name: 'Data source', exact: true }).click();
  await page.getByRole('option', { name: /Northern Depot yard tap water/ }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('table', { name: 'Quantities' })).toContainText('Yard tap');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await sawBanner(page, `${name} created.`);
  const card = page.getByRole('article', { name });
  const link = (await card.getByRole('link', { name: 'Open the page' }).getAttribute('href')) ?? '';
  expect(link).toContain(`/portals/demo-organisation-${slug}#key=`);

  // Signed out, in a fresh browser at phone width.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const publicPage = await phone.newPage();
  await publicPage.goto(link);
  await expect(publicPage.getByRole('heading', { name, level: 1 })).toBeVisible();
  const tap = publicPage.getByRole('region', { name: 'Yard tap' });
  await expect(tap).toContainText('Last figure:');
  await expect(tap).toContainText('Expected between');
  await shots(publicPage, 'portal-public', info, { widths: [1440, 390] });
  await publicPage.setViewportSize({ width: 360, height: 780 });
  await tap.getByLabel(/This period's figure/).fill('500');
  await publicPage
    .locator('input[type=file]')
    .setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: PHOTO });
  await publicPage.getByLabel('Email for a receipt').fill('yard@depot.example');
  await publicPage.getByRole('button', { name: 'Send figures' }).click();
  await expect(tap.getByText('This figure is outside the range expected.')).toBeVisible();
  await publicPage.getByRole('button', { name: 'Confirm and send' }).click();
  const receipt = publicPage.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toContainText('Thank you: your figures were received');
  await expect(receipt).toContainText('Yard tap: 500 m3');
  await expect(receipt).toContainText('Attachment: meter.png');
  await expect(receipt).toContainText('A copy was emailed to yard@depot.example.');
  await shots(publicPage, 'portal-receipt', info, { widths: [1440, 390] });
  await expect
    .poll(() => readMailbox().some((m) => m.subject === `Receipt: figures received for ${name}`))
    .toBe(true);
  await phone.close();

  // The editor reviews it, and sees it on the data source's consumption tab.
  await page.reload();
  await card.getByRole('button', { name: /Review/ }).click();
  const review = page.getByRole('dialog', { name: `Review: ${name}` });
  const row = review.getByRole('row').filter({ hasText: 'Yard tap' });
  await expect(row).toContainText('500 m3');
  await expect(row).toContainText('awaiting review');
  await shots(page, 'portal-review', info, { widths: [1440, 390] });
  await row.getByRole('button', { name: 'Accept' }).click();
  await expect(row).toContainText('approved');
  await row.getByRole('link', { name: 'Yard tap' }).click();
  await expect(page).toHaveURL(/\/data-sources\/\d+\/consumption$/);
  await expect(page.getByRole('table', { name: 'Consumption records' })).toContainText('500 m3');
});
