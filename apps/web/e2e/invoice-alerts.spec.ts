import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

// The list and the invoice page read a meter's whole history: slow on a loaded machine.
const SLOW = { timeout: 60_000 };

/*
 * Invoice alerts: the demo's Civic Library Main supply has a latest invoice whose due date is before its
 * invoice date; the bill audit raised an Unreviewed alert on it. A general user marks it Won't Send with a
 * reason, then resets it to Unreviewed.
 */
test("a general user marks an invoice alert Won't Send, then resets it", async ({ page }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Civic Library', 'Civic Library Main supply');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const flagged = page
    .getByRole('table', { name: 'Invoices' })
    .locator('tr[data-invoice-id][data-depth="0"]')
    .filter({ has: page.locator('.mantine-Badge-root', { hasText: /^\d+$/ }) })
    .first();
  await expect(flagged).toBeVisible(SLOW);
  await flagged.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);

  const raised = page.getByRole('region', { name: 'Alerts raised' });
  const row = raised.getByRole('row', { name: 'Due date before invoice date' });
  await expect(row).toContainText('Unreviewed', SLOW);
  await row.getByRole('button', { name: "Won't Send" }).click();
  const dialog = page.getByRole('dialog', { name: "Won't send this alert" });
  await expect(dialog.getByRole('button', { name: "Won't Send" })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('The retailer confirmed the due date');
  await dialog.getByRole('button', { name: "Won't Send" }).click();
  await expect(page.getByText("Alert won't be sent!")).toBeVisible();
  await expect(row).toContainText("Won't Send");
  await shots(page, 'alerts-raised', info, { part: raised });

  await row.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Alert reset to Unreviewed')).toBeVisible();
  await expect(row).toContainText('Unreviewed');
  await expect(row.getByRole('button', { name: 'Reset' })).toHaveCount(0);
});
