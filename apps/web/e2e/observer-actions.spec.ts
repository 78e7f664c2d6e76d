import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * An observer is offered nothing they cannot do: no Upload data on /loading (loading needs edit rights), no
 * New Invoice, New Reversal, Replace Invoice or Decommission on the invoice page of a data source they read.
 */
test('an observer is offered no actions they cannot use', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo.observer');
  await page.goto('/loading');
  await expect(page.getByText(/^Loading data needs edit rights in this organisation/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload data' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Actions', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Actions' }).getByRole('button')).toHaveCount(0);
  await shots(page, 'loading-observer', info);

  // Head Office is read only to the demo observer (their General User right is on Aquatic Centre).
  await openDataSource(page, 'Head Office', 'Head Office Main supply');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await page
    .getByRole('table', { name: 'Invoices' })
    .locator('tr[data-invoice-id][data-depth="0"]')
    .first()
    .getByRole('link')
    .first()
    .click();
  const actions = page.getByRole('navigation', { name: 'Invoice actions' });
  await expect(actions.getByRole('link', { name: 'All' })).toBeVisible({ timeout: 60_000 });
  for (const name of ['New Invoice', 'New Reversal', 'Replace Invoice', 'Decommission']) {
    await expect(actions.getByRole('link', { name })).toHaveCount(0);
  }
  await shots(page, 'invoice-observer', info);
});
