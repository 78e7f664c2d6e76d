import { expect, test } from './support/axe-test';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * The jobs centre's kinds (docs/decisions/job-runner.md: Exports, Email batches, Recomputes worth following):
 * the demo organisation's administrator writes a Meter Data Export in the background and downloads it from its
 * job's page; reads the email batch the intake sweep kept for the demo's emailed invoices, with the attachments
 * it parked, and the recompute its turned day asked for; and a product administrator reads every job and the
 * queues' health.
 */

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
  await expect(page.getByText(/^meter-data-export-\d{4}-\d{2}-\d{2}\.csv$/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^meter-data-export-\d{4}-\d{2}-\d{2}\.csv$/);
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
