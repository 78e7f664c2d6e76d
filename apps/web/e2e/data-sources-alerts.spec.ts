import { deleteAlert, pendingOnRetry, scheduleAlert } from './support/alerts';
import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test("a data source's alerts are scheduled with a comment or deleted with a reason from the list", async ({
  page,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/organisation/data-sources?sort=-6');
  const table = page.getByRole('table', { name: 'Data sources' });
  // Sorted by alerts, most first: the bill audit's alerts on the demo's invoices come first. A retry meets
  // the alerts its failed try scheduled or deleted, and acts on those left pending.
  const aquatic = table.getByRole('row').filter({ hasText: 'Aquatic Centre Main supply' }).first();
  await expect(aquatic).toContainText(info.retry === 0 ? '3' : /[123]/);

  await table.getByRole('button', { name: 'Show alerts of Aquatic Centre Main supply' }).click();
  const panel = page.getByRole('region', { name: 'Alerts of Aquatic Centre Main supply' });
  const above18 = 'Consumption 18% above the same month last year';
  if (info.retry === 0) await expect(panel.getByText(above18)).toBeVisible();
  await shots(page, 'alert-panel', info);

  if (await pendingOnRetry(panel, above18, info)) {
    await scheduleAlert(page, panel, above18, 'Pool heating ran longer in the cold snap');
  }
  const charge = 'Daily charge changed from $1.65 to $1.89';
  if (await pendingOnRetry(panel, charge, info)) {
    await deleteAlert(page, panel, charge, 'Tariff change expected: new contract');
  }
  await expect(
    table.getByRole('row').filter({ hasText: 'Aquatic Centre Main supply' }).first(),
  ).toContainText('1');

  await page.getByRole('button', { name: 'Actions' }).click();
  await page
    .getByRole('region', { name: 'Actions' })
    .getByRole('button', { name: 'Data Audit View' })
    .click();
  const audit = page.getByRole('table', { name: 'Data Audit View' });
  await expect(audit.getByRole('columnheader', { name: /Data Last Entered/ })).toBeVisible();
  await expect(audit.getByRole('columnheader', { name: /Retailer/ })).toBeVisible();
  await shots(page, 'audit-view', info);
  await page
    .getByRole('region', { name: 'Actions' })
    .getByRole('button', { name: 'Exit Audit View' })
    .click();
  await expect(page.getByRole('table', { name: 'Data sources' })).toBeVisible();
});
