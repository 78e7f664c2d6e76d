import { expect, test } from './support/axe-test';
import { readPdf } from './support/pdf';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test('the catalogue filters, and the monthly summary runs to a PDF with its provenance page', async ({
  page,
  axe,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/reports/mgmt');
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  const table = page.getByTestId('reports-table');
  await expect(table.getByText('Monthly energy and carbon summary')).toBeVisible();
  await expect(table.getByRole('img', { name: 'Organisation' }).first()).toBeVisible();
  await axe.done(page);
  await shots(page, 'reports-catalogue', info);

  // A level no report runs at leaves the table empty, saying so; PDF keeps the summary.
  await page.getByRole('combobox', { name: 'Level' }).click();
  await page.getByRole('option', { name: 'N/A' }).click();
  await expect(table.getByText('No report matches these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Level' }).press('Backspace');
  await page.keyboard.press('Escape');
  await page.getByRole('group', { name: 'Type' }).getByText('PDF', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'PDF' })).toBeChecked();
  await expect(table.getByText('Monthly energy and carbon summary')).toBeVisible();

  await page.getByRole('button', { name: 'Create Report Monthly energy and carbon summary' }).click();
  const dialog = page.getByRole('dialog', { name: /Create Report/ });
  await expect(dialog.getByRole('textbox', { name: 'Month' })).not.toHaveValue('');
  await expect(
    dialog.getByText('How many meters with the largest increase and decrease to list'),
  ).toBeVisible();
  await axe.done(page);
  await shots(page, 'reports-create', info);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('Your download will begin shortly.')).toBeVisible();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^monthly-energy-and-carbon-summary-\d{4}-\d{2}\.pdf$/);
  const pdf = info.outputPath('monthly-summary.pdf');
  await file.saveAs(pdf);
  await expect(dialog).toBeHidden();

  // Page 1 and the provenance page (the last) as pictures, to look at.
  const text = readPdf(pdf, info.outputPath('page'), { layout: true, lastAs: info.outputPath('last') });
  expect(text).toContain('Monthly energy and carbon summary');
  expect(text).toContain('Where these figures come from');
  expect(text).toContain('Fingerprint (SHA-256)');
});

test('a favourite report is set up, run from the dashboard, renamed and deleted', async ({
  page,
  axe,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/reports/mgmt');
  await page.getByRole('button', { name: 'Create Report Monthly energy and carbon summary' }).click();
  const dialog = page.getByRole('dialog', { name: /Create Report/ });
  await dialog.getByRole('textbox', { name: 'Favourite name' }).fill('Monthly pack');
  await dialog.getByRole('combobox', { name: 'Period when run later' }).click();
  await page.getByRole('option', { name: 'Last full month' }).click();
  await dialog.getByRole('button', { name: 'Set as favourite' }).click();
  await expect(page.getByText('Report set up!')).toBeVisible();
  // Email now: a bad address is named and nothing is sent.
  await dialog.getByRole('textbox', { name: 'Email to' }).fill('ana@example.nz; nope@');
  await dialog.getByRole('button', { name: 'Email now' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("'nope@' does not look like a valid email address");
  await shots(page, 'reports-favourite-email', info);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/dashboard/favourite-reports');
  const list = page.getByRole('list', { name: 'Favourite reports' });
  await expect(list.getByText('Monthly pack')).toBeVisible();
  await expect(
    list.getByText(/Monthly energy and carbon summary · Demo Organisation · Last full month · PDF/),
  ).toBeVisible();
  await axe.done(page);
  await shots(page, 'favourite-reports', info);
  const download = page.waitForEvent('download');
  await list.getByRole('button', { name: 'Run Monthly pack' }).click();
  expect((await download).suggestedFilename()).toBe('monthly-pack.pdf');

  await list.getByRole('button', { name: 'Rename Monthly pack' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Board pack');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(list.getByText('Board pack')).toBeVisible();
  await list.getByRole('button', { name: 'Delete Board pack' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No favourite reports yet')).toBeVisible();
});
