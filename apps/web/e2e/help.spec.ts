import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test('the help page explains each area and is found from the full menu', async ({ page }, info) => {
  await signIn(page, 'demo.observer');
  // A word typed in the full menu finds the help that explains it.
  // Opened from the Menu button (the Ctrl+K shortcut has its own journey in shell-full-menu).
  await page.getByRole('button', { name: /^Menu/ }).click();
  const filter = page.getByLabel('Filter the menu');
  await filter.fill('reversal');
  const topic = page.getByRole('dialog').getByRole('button', { name: /^Help: Invoices/ });
  await expect(topic).toBeVisible();
  await topic.click();
  await expect(page).toHaveURL(/\/help#invoices$/);
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices).toBeInViewport();
  await expect(invoices).toContainText('New Reversal, Replace Invoice and Decommission');

  // Every area, the demo accounts and where to ask.
  for (const title of [
    'Dashboard',
    'Data sources (meters)',
    'Half-hour data',
    'The demo accounts',
    'Where to ask',
  ])
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'The demo accounts' })).toContainText(
    'demo.observer is an Observer except on the Aquatic Centre',
  );
  await shots(page, 'help', info, { widths: [1440, 390] });

  // The page's own search keeps the topics every word is in.
  await page.getByLabel('Search the help').fill('half hour peak');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Half-hour data']);
  await page.getByLabel('Search the help').fill('no such words here');
  await expect(page.getByText('No results')).toBeVisible();

  await page.getByLabel('Search the help').fill('administrators');
  await page.getByRole('link', { name: "Your organisation's people and administrators" }).click();
  await expect(page).toHaveURL(/\/users$/);
});
