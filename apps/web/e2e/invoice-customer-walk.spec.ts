import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { hasShownBanner, sawBanner } from './support/banners';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

// The list and the invoice page read a meter's whole history: slow on a loaded machine.
const SLOW = { timeout: 60_000 };

/** Opens the latest invoice of the demo's Civic Library Air conditioning (no other journey edits it). */
async function openLatestInvoice(page: Page) {
  await openDataSource(page, 'Civic Library', 'Civic Library Air conditioning');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const latest = page
    .getByRole('table', { name: 'Invoices' })
    .locator('tr[data-invoice-id][data-depth="0"]')
    .first();
  await expect(latest).toBeVisible(SLOW);
  await latest.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice.getByRole('textbox', { name: 'Due Date' })).toBeVisible(SLOW);
  return invoice;
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save changes' }).click();
  const raised = page.getByRole('dialog', { name: 'Alerts will be raised' });
  await expect
    .poll(async () => hasShownBanner(page, 'Invoice saved') || (await raised.isVisible()), SLOW)
    .toBe(true);
  if (await raised.isVisible()) await raised.getByRole('button', { name: 'Continue Save' }).click();
  await sawBanner(page, 'Invoice saved', SLOW);
}

const alertRow = (page: Page) =>
  page
    .getByRole('region', { name: 'Alerts raised' })
    .getByRole('row', { name: 'Due date before invoice date' });

/*
 * A customer's walk through one invoice: the header names the ICP and the meter number as the settings page
 * does (data-portal.md 2.4 and 9: electricity ICP types are labelled ICP), and the line figures are never
 * clipped in their boxes.
 */
test('the invoice header names the ICP and the meter number; line figures are not clipped', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo.general');
  const invoice = await openLatestInvoice(page);

  const fact = (label: string): Locator => invoice.getByRole('group', { name: label, exact: true });
  await expect(fact('ICP')).toContainText(/\d{10}[A-Z]{2}-[0-9A-F]{3}/);
  await expect(fact('Meter Number')).toContainText(/^Meter NumberE\d+$/);
  await expect(fact('Account')).toHaveCount(0);

  await shots(page, 'invoice-header', info);
});

/** The line figures (rate, units, factor, repeat, total) whose text is wider than their box. */
const clippedFigures = (invoice: Locator) =>
  invoice.locator('input[aria-label^="Item "]:not([aria-label$=" description"])').evaluateAll((inputs) =>
    (inputs as HTMLInputElement[]).flatMap((input) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return [];
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.value).width > room ? [`${input.ariaLabel}: ${input.value}`] : [];
    }),
  );

/* A gas bill of 150,000 kWh: every figure of its lines reads whole at 1440 px and on a phone. */
test('invoice line figures are never clipped, at 1440 px or at 390 px', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo.general');
  await openDataSource(page, 'Aquatic Centre', 'Aquatic Centre Gas');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const big = page
    .getByRole('table', { name: 'Invoices' })
    .locator('tr[data-invoice-id][data-depth="0"]')
    .filter({ hasText: /\b1\d\d,\d{3}\b/ })
    .first();
  await expect(big).toBeVisible(SLOW);
  await big.getByRole('link').first().click();
  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice.getByLabel('Item 1 units')).toHaveValue(/^1\d{5}/, SLOW);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => clippedFigures(invoice)).toEqual([]);
    await invoice.getByLabel('Item 1 units').scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`invoice-figures-${width}.png`) });
  }
});

/* The Alerts raised table follows every save without a reload (data-portal.md 2.4). */
test('Alerts raised shows what a save raised and drops what a save cleared', async ({ page }, info) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo.general');
  const invoice = await openLatestInvoice(page);
  const invoiceDate = await invoice.getByRole('textbox', { name: 'Invoice Date' }).inputValue();
  const dueDate = await invoice.getByRole('textbox', { name: 'Due Date' }).inputValue();
  const [d, m, y] = invoiceDate.split('/').map(Number);
  const dayBefore = new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, (d ?? 1) - 1));
  const before = [dayBefore.getUTCDate(), dayBefore.getUTCMonth() + 1]
    .map((n) => String(n).padStart(2, '0'))
    .concat(String(dayBefore.getUTCFullYear()))
    .join('/');
  await expect(alertRow(page)).toHaveCount(0, SLOW);
  await invoice.getByRole('textbox', { name: 'Due Date' }).fill(before);
  await save(page);
  await expect(alertRow(page)).toBeVisible(SLOW);
  await expect(page.getByText('No alerts raised for this invoice')).toHaveCount(0);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await alertRow(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`alerts-after-save-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 860 });

  await page
    .getByRole('article', { name: 'Invoice' })
    .getByRole('textbox', { name: 'Due Date' })
    .fill(dueDate);
  await save(page);
  await expect(alertRow(page)).toHaveCount(0, SLOW);
});
