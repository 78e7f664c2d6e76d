import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { openDataSource } from './support/data-source';
import { signIn } from './support/sign-in';

test('a general user adds a note with an end date and sees it listed', async ({ page }, info) => {
  // A retry's note is its own: the failed try may have added this one.
  const text = afresh(info, 'Workshop shut for the roof replacement');
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Southern Depot', 'Southern Depot Workshop supply');
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page).toHaveURL(/\/data-sources\/\d+\/notes$/);

  await page.getByRole('button', { name: 'New Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Note' });
  await dialog.getByLabel('Note applies to a specific period').check();
  await dialog.getByLabel('Date from').fill('01/03/2026');
  // The end date is needed for this type.
  await dialog.getByRole('textbox', { name: 'Note', exact: true }).fill(text);
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog.getByText('A note that applies to a specific period needs an end date')).toBeVisible();
  await dialog.getByLabel('Date till').fill('28/02/2026');
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog.getByText('Date from must be before date till')).toBeVisible();
  await dialog.getByLabel('Date till').fill('15/04/2026');
  await dialog.getByLabel('Note indicates non-invoicing period (use with care!)').check();
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await sawBanner(page, 'Note added');

  const row = page.getByRole('table', { name: 'Notes' }).getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('Note applies to a specific period');
  await expect(row).toContainText('01/03/2026');
  await expect(row).toContainText('15/04/2026');
  await expect(row).toContainText('Non-invoicing period');

  // It is still there after a reload; an observer sees it but cannot add notes.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Notes' })).toContainText(text);
});

test('an observer reads notes but adds them only where an advanced right lets them', async ({ page }) => {
  await signIn(page, 'demo.observer');
  await openDataSource(page, 'Head Office', 'Head Office Main supply');
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page.getByRole('table', { name: 'Notes' })).toContainText('Note is ongoing');
  await expect(page.getByRole('button', { name: 'New Note' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit note' })).toHaveCount(0);
  // A General User right on the Aquatic Centre: its notes (one bound to an invoice) can be added and changed.
  await openDataSource(page, 'Aquatic Centre', 'Aquatic Centre Main supply');
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page.getByRole('table', { name: 'Notes' })).toContainText('Note is bound to invoice');
  await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit note' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit Note' });
  await expect(dialog.getByLabel('Note is bound to invoice')).toBeDisabled();
  await expect(dialog.getByLabel('Note is ongoing')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
