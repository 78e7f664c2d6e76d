import type { Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/** Dates are typed day first everywhere, ISO dates pasted in are read too, and pickers store the day picked. */

async function paste(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.click();
  await field.fill('');
  await page.evaluate((value) => {
    const target = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', value);
    target.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
    // Chromium does not insert pasted text from a synthetic event: insert it as the browser would.
    document.execCommand('insertText', false, value);
  }, text);
}

test('New Job reads typed dates day first, and Esc closes the picker, not the modal', async ({
  page,
}, info) => {
  const text = `Check meters ${Date.now().toString(36)}`;
  await signIn(page, 'demo');
  await page.goto('/organisation/jobs?show=new');
  const dialog = page.getByRole('dialog', { name: 'New Job' });

  // Esc with the picker open closes only the picker.
  await dialog.getByLabel('Date from').click();
  const picker = page.locator('.mantine-Popover-dropdown');
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Date from').fill('25/12/2026');
  await dialog.getByLabel('Date till').fill('10/1/2027');
  await dialog.getByLabel('Text').fill(text);
  await dialog.getByRole('button', { name: 'Add job' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(text) });
  await expect(row).toContainText('25/12/2026');
  await expect(row).toContainText('10/01/2027');
  // The list, its permanent job's badge and delete buttons included, stays within a phone's width.
  await shots(page, 'jobs', info);

  // A date that does not exist is named, not silently replaced.
  await page.goto('/organisation/jobs?show=new');
  await dialog.getByLabel('Date from').fill('31/02/2027');
  await dialog.getByLabel('Text').click();
  await expect(dialog.getByText('Write the date as dd/mm/yyyy')).toBeVisible();
});

test('Add procurement expiry keeps a typed day-first date', async ({ page }) => {
  const description = `Gas contract ${Date.now().toString(36)}`;
  await signIn(page, 'demo');
  await page.goto('/organisation/settings');
  await page.getByRole('button', { name: 'Add expiry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add procurement expiry' });
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Expiry Date').fill('25/12/2027');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(description) })).toContainText('25/12/2027');
});

test('a site open date picked in the calendar, and an entity date pasted as ISO, store the right day', async ({
  page,
}, info) => {
  // A retry pastes another day: the failed try stored this one, and the same day again saves nothing.
  const day = String(1 + info.retry).padStart(2, '0');
  await signIn(page, 'demo');
  await page.goto('/organisation/sites');
  await page.getByRole('link', { name: 'Southern Depot' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const open = page.getByLabel('Open date', { exact: true });
  await open.fill('03/02/2001');
  await expect(open).toHaveAttribute('data-save-state', 'saved');
  // Picking the 14th in the calendar of that month.
  await open.click();
  await page.locator('.mantine-Popover-dropdown').getByRole('button', { name: '14 February 2001' }).click();
  await expect(open).toHaveValue('14/02/2001');
  await expect(open).toHaveAttribute('data-save-state', 'saved');
  await page.reload();
  await expect(page.getByLabel('Open date', { exact: true })).toHaveValue('14/02/2001');

  await page.goto('/organisation/entities');
  // The entity's own link (each row also links its site, and a site may be named '... Plant').
  await page
    .getByRole('table', { name: 'Entities' })
    .getByRole('link', { name: 'Civic Administration Building' })
    .click();
  await expect(page).toHaveURL(/\/entities\/\d+$/);
  // The entity's own tab: until its page has loaded, the organisation's area tabs (with a Details of their own)
  // are still on the screen.
  await page.getByRole('tablist', { name: 'Entity sections' }).getByRole('tab', { name: 'Details' }).click();
  const entityOpen = page.getByLabel('Open date', { exact: true });
  await paste(page, entityOpen, `2019-07-${day}`);
  await expect(entityOpen).toHaveAttribute('data-save-state', 'saved');
  await page.reload();
  await expect(page.getByLabel('Open date', { exact: true })).toHaveValue(`${day}/07/2019`);
});

test('Site Data Export takes months typed as MM/yyyy', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('/organisation/sites');
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('button', { name: 'Site Data Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Site Data Export' });
  await dialog.getByLabel('Range 1 start').fill('01/2025');
  await dialog.getByLabel('Range 1 end').fill('2025-06');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
});
