import { expect, test } from './support/axe-test';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test('a weekly email is scheduled, listed in /emailed-reports, edited and reassigned', async ({
  page,
  axe,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/reports/mgmt');
  await page.getByRole('button', { name: 'Create Report Monthly energy and carbon summary' }).click();
  const dialog = page.getByRole('dialog', { name: /Create Report/ });
  await dialog.getByRole('textbox', { name: 'Email to' }).fill('board@example.nz; cfo@example.nz');
  await dialog
    .locator('label')
    .filter({ hasText: /^Weekly$/ })
    .click();
  await dialog.getByRole('combobox', { name: 'Send on weekday' }).click();
  await page.getByRole('option', { name: 'Monday' }).click();
  await dialog.getByRole('textbox', { name: 'Wait until complete (%)' }).fill('95');
  await dialog.getByRole('textbox', { name: 'Wait at most (days)' }).fill('10');
  await shots(page, 'emailed-schedule', info);
  await dialog.getByRole('button', { name: 'Schedule email' }).click();
  await expect(page.getByText('Report scheduled: Weekly on Monday')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/emailed-reports');
  await expect(page.getByRole('heading', { name: 'Emailed Reports' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Emailed reports' });
  const row = table.getByRole('row').filter({ hasText: 'board@example.nz, cfo@example.nz' });
  await expect(row).toContainText('Monthly energy and carbon summary');
  await expect(row).toContainText('Weekly on Monday');
  await expect(row).toContainText(/Next \d{2}\/\d{2}\/\d{4} 06:00/);
  await expect(table.getByRole('columnheader', { name: /Asset/ })).toHaveAttribute('aria-sort', 'ascending');
  await axe.done(page);
  await shots(page, 'emailed-reports', info);

  // The row opens to edit: a bad address is named and nothing changes; a good one is kept.
  await row.getByRole('button', { name: /^Edit Monthly energy and carbon summary/ }).click();
  const recipients = page.getByRole('textbox', { name: 'Recipient(s)' });
  await recipients.fill('board@example.nz, nope@');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText("'nope@' does not look like a valid email address");
  await shots(page, 'emailed-edit', info);
  await recipients.fill('board@example.nz');
  await page.getByRole('button', { name: 'Save' }).click();
  const edited = table
    .getByRole('row')
    .filter({ hasText: 'Weekly on Monday' })
    .filter({ hasText: 'board@example.nz' });
  await expect(edited.first()).not.toContainText('cfo@example.nz');

  // The filter narrows the list; Export (CSV) downloads what is shown.
  await page.getByRole('textbox', { name: 'Filter' }).fill('board@');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe('emailed-reports.csv');

  // Reassign (an administrator's): the report goes to another editor of the organisation.
  await page.getByRole('button', { name: 'Reassign' }).click();
  const reassign = page.getByRole('dialog', { name: 'Reassign emailed reports' });
  await reassign.getByRole('combobox', { name: 'To' }).click();
  const choice = page.getByRole('option').first();
  const newOwner = ((await choice.textContent()) ?? '').replace(/ \(.*$/, '');
  await choice.click();
  await shots(page, 'emailed-reassign', info);
  await reassign.getByRole('button', { name: 'Reassign' }).click();
  await expect(page.getByText(/\d+ reports reassigned/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter' }).fill('');
  await expect(table.getByRole('row').filter({ hasText: 'board@example.nz' }).first()).toContainText(
    newOwner,
  );
});

test("a product administrator edits and stops another organisation's emailed report without switching", async ({
  page,
  axe,
}, info) => {
  // The demo organisation's editor sets one up (an address of this run's own: a retry finds the last one's).
  const address = `across.${Date.now()}@example.nz`;
  await signIn(page, 'demo');
  await page.goto('/reports/mgmt');
  await page.getByRole('button', { name: 'Create Report Monthly energy and carbon summary' }).click();
  const dialog = page.getByRole('dialog', { name: /Create Report/ });
  await dialog.getByRole('textbox', { name: 'Email to' }).fill(address);
  await dialog
    .locator('label')
    .filter({ hasText: /^Weekly$/ })
    .click();
  await dialog.getByRole('button', { name: 'Schedule email' }).click();
  await expect(page.getByText(/Report scheduled: Weekly/)).toBeVisible();
  await page.goto('/dashboard/logout');
  await expect(page).toHaveURL(/\/login/);

  // The product administrator works in Harbour Council and picks the demo organisation on /emailed-reports.
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.getByTestId('organisation-name').click();
  await page
    .getByRole('region', { name: 'Results' })
    .getByRole('button', { name: /Harbour Council/ })
    .click();
  await expect(page.getByTestId('organisation-name')).toHaveText(/Harbour Council/);
  await page.goto('/emailed-reports');
  const organisation = page.getByRole('combobox', { name: 'Organisation' });
  await expect(organisation).toHaveValue('Harbour Council (current)');
  await organisation.click();
  await organisation.fill('Demo Org');
  await page.getByRole('option', { name: 'Demo Organisation' }).click();
  const table = page.getByRole('table', { name: 'Emailed reports' });
  const row = table.getByRole('row').filter({ hasText: address });
  await expect(row).toContainText('Weekly on Monday');
  // Reassign names no organisation, so it is offered only for the session's own.
  await expect(page.getByRole('button', { name: 'Reassign' })).toHaveCount(0);
  await axe.done(page);
  await shots(page, 'emailed-product-admin', info);
  await row.getByRole('button', { name: /^Edit Monthly energy and carbon summary/ }).click();
  await page.getByRole('textbox', { name: 'Recipient(s)' }).fill(`${address}, audit@example.nz`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('audit@example.nz');

  // Stopped from the same screen; the session stayed in Harbour Council throughout.
  await row.getByRole('button', { name: /^Edit Monthly energy and carbon summary/ }).click();
  await page.getByRole('button', { name: 'Stop emailing' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Stop emailing' }).click();
  await expect(row).toHaveCount(0);
  await shots(page, 'emailed-product-admin-stopped', info);
  await expect(page.getByTestId('organisation-name')).toHaveText(/Harbour Council/);
});
