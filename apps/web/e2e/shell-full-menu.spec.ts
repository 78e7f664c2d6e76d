import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

test('the full menu filters, moves with the arrow keys and opens a screen with Enter', async ({ page }) => {
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'Menu' }).click();
  const filter = page.getByLabel('Filter the menu');
  await expect(filter).toBeFocused();
  await filter.fill('site');
  await expect(page.getByRole('dialog').getByRole('button', { name: /^Sites/ })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: /^Users/ })).toHaveCount(0);
  await filter.press('Enter');
  await expect(page).toHaveURL(/\/organisation\/sites$/);
  await expect(filter).toBeHidden();

  await page.keyboard.press('Control+k');
  await page.getByLabel('Filter the menu').fill('users');
  await page.getByLabel('Filter the menu').press('Enter');
  await expect(page).toHaveURL(/\/users$/);

  await page.keyboard.press('Control+k');
  const menuFilter = page.getByLabel('Filter the menu');
  await menuFilter.fill('favourite');
  await expect(page.getByRole('dialog').getByRole('button', { name: /^Favourite Graphs/ })).toBeVisible();
  await menuFilter.press('ArrowDown');
  await menuFilter.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/favourite-graphs$/);

  await page.keyboard.press('Control+k');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Filter the menu')).toBeHidden();
});

test('shift and the arrow keys move between the tabs', async ({ page }) => {
  await signIn(page, 'demo');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page).toHaveURL(/\/dashboard\/favourite-reports$/);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page).toHaveURL(/\/dashboard\/favourite-graphs$/);
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page).toHaveURL(/\/dashboard\/favourite-reports$/);
});
