import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';
import { demoToday } from './support/today';

/*
 * The jobs centre's kinds (docs/decisions/job-runner.md: Exports, Email batches, Recomputes worth following):
 * the demo organisation's administrator writes a Meter Data Export in the background and downloads it from its
 * job's page; reads the email batch the intake sweep kept for the demo's emailed invoices, with the attachments
 * it parked, and the recompute its turned day asked for; and a product administrator reads every job and the
 * queues' health, and chooses to run an Emission Factor Update Overnight (Overnight jobs): it waits, Pending, for
 * the night window (the journeys' server sets OVERNIGHT_WINDOW to open 12 hours on), and is cancelled.
 */

const overnightFile = (edition: string) =>
  [
    'Publisher,Edition,Data type,Unit,Scope,Basis,Valid from,Valid to,kg CO2e',
    `NZ Ministry for the Environment,${edition},Electricity (grid supplied),kWh,2,location,2024-01-01,2024-12-31,0.0700`,
  ].join('\n');

test('a background export, an email batch and the jobs centre', async ({ page, browser }, info) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo');
  await page.goto('/data-sources?show=export');
  const dialog = page.getByRole('dialog', { name: 'Meter Data Export' });
  await dialog.getByLabel('Range 1 start').fill('01/2024');
  await dialog.getByLabel('Range 1 end').fill('06/2025');
  await dialog.getByRole('checkbox', { name: 'Cost ($)' }).check();
  await dialog.getByRole('checkbox', { name: /^Write it in the background/ }).check();
  await dialog.getByRole('button', { name: 'Export in the background' }).click();

  // The job's page: its progress, then its file to download.
  await expect(page).toHaveURL(/\/tools\/jobs\/\d+$/);
  await expect(
    page.getByRole('heading', { name: /^Meter Data Export: \d+ data sources \(CSV\)$/ }),
  ).toBeVisible();
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(`meter-data-export-${demoToday()}.csv`, { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`meter-data-export-${demoToday()}.csv`);
  await shots(page, 'job-export', info);

  // The email batch the sweep kept for the demo's emailed invoices: what became of each attachment.
  await page.goto('/tools');
  const jobs = page.getByRole('table', { name: 'Background jobs' });
  await expect(jobs).toContainText('Meter Data Export');
  await expect(jobs).toContainText(/Email batch: \d+ messages? \(intake sweep\)/);
  await shots(page, 'tools-demo', info);
  await jobs
    .getByRole('link', { name: /^Email batch: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/tools\/jobs\/\d+$/);
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Invoices created', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Refused rows' })).toContainText(/Message \d+ from /);
  await expect(page.getByRole('link', { name: 'See what it works on' })).toHaveAttribute(
    'href',
    '/email-processing',
  );
  await shots(page, 'job-email-batch', info);

  // The recompute the demo's turned day asked for: its progress in meters, kept as it was worth following.
  await page.goto('/tools');
  await jobs.getByRole('link', { name: 'Recompute of figures' }).first().click();
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/^Finished: \d+ data sources? recomputed$/)).toBeVisible();
  await shots(page, 'job-recompute', info);

  // A product administrator sees every job, with the queues per kind and the workers.
  const admin = await browser.newPage();
  await signIn(admin, 'admin', E2E_ADMIN_PASSWORD);
  await admin.goto('/tools');
  await expect(admin.getByRole('table', { name: 'Background jobs' })).toContainText('Meter Data Export');
  await expect(admin.getByRole('table', { name: 'Queues' })).toBeVisible();
  await shots(admin, 'tools-admin', info);
  await admin.close();
});

test('an Emission Factor Update chosen to run overnight waits for the night window', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  // A retry loads an edition of its own: the failed try's is a draft already.
  const edition = afresh(info, 'MfE 2028 (overnight journey)');
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/setup/editions');
  const form = page.getByRole('form', { name: 'Load an edition' });
  await form.getByLabel('Edition').fill(edition);
  await form.getByLabel('Published').fill('20/11/2026');
  await form.getByLabel('Source title').fill('Measuring emissions (overnight journey copy)');
  await form.locator('input[type="file"]').setInputFiles({
    name: 'mfe-2028.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(overnightFile(edition)),
  });
  await form.getByRole('button', { name: 'Load as a draft' }).click();
  await expect(page).toHaveURL(/\/setup\/editions\/\d+$/);
  await page.getByLabel('Why').fill('2024 grid revised, applied overnight');
  await page.getByRole('button', { name: 'Preview the restatement' }).click();
  const confirm = page.getByRole('button', { name: 'Confirm and publish' });
  await expect(confirm).toBeVisible({ timeout: 60_000 });
  await page.getByText('Overnight', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Overnight' })).toBeChecked();
  await shots(page, 'edition-overnight', info);
  await confirm.click();
  await expect(page.getByText('The Emission Factor Update runs overnight')).toBeVisible();
  await page.getByRole('link', { name: 'Watch it on Background Jobs' }).click();

  // Its page: Pending, Overnight, and when it starts.
  await expect(page).toHaveURL(/\/tools\/jobs\/\d+$/);
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^Overnight: from \d\d\/\d\d\/\d{4} \d\d:00$/)).toBeVisible();
  await expect(page.getByText(/^Runs overnight: starts \d\d\/\d\d\/\d{4} \d\d:00$/)).toBeVisible();
  await shots(page, 'job-overnight', info);
  const url = page.url();
  await page.goto('/tools');
  const row = page
    .getByRole('table', { name: 'Background jobs' })
    .getByRole('row', { name: `Emission Factor Update: ${edition}` });
  await expect(row).toContainText('Overnight');
  await expect(row).toContainText('Runs overnight: starts');
  await shots(page, 'tools-overnight', info);

  // Cancelled while it waits: it ends at once, and nothing it would have moved moves.
  await page.goto(url);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
});
