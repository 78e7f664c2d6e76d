import { deleteAlert, scheduleAlert } from './support/alerts';
import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test("a data source's alerts are scheduled with a comment or deleted with a reason from the list", async ({
  page,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/organisation/data-sources?sort=-6');
  const table = page.getByRole('table', { name: 'Data sources' });
  // Sorted by alerts, most first: the bill audit's alerts on the demo's invoices come first.
  const aquatic = table.getByRole('row').filter({ hasText: 'Aquatic Centre Main supply' }).first();
  await expect(aquatic).toContainText('3');

  await table.getByRole('button', { name: 'Show alerts of Aquatic Centre Main supply' }).click();
  const panel = page.getByRole('region', { name: 'Alerts of Aquatic Centre Main supply' });
  await expect(panel.getByText('Consumption 18% above the same month last year')).toBeVisible();
  await shots(page, 'alert-panel', info);

  await scheduleAlert(
    page,
    panel,
    'Consumption 18% above the same month last year',
    'Pool heating ran longer in the cold snap',
  );
  await deleteAlert(
    page,
    panel,
    'Daily charge changed from $1.65 to $1.89',
    'Tariff change expected: new contract',
  );
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
