import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

test('switching organisation from the Recent and Results lists, and by a confirmed link', async ({
  page,
}) => {
  await signIn(page, 'demo');
  await page.getByTestId('organisation-name').click();
  await expect(page).toHaveURL(/\/switch-organisation$/);
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('button', { name: /Demo Water Trust/ })).toBeVisible();
  await expect(results.getByText('Harbour Council')).toHaveCount(0);
  await results.getByRole('button', { name: /Demo Water Trust/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Demo Water Trust - Dashboard' })).toBeVisible();

  await page.getByTestId('organisation-name').click();
  await expect(
    page.getByRole('region', { name: 'Recent' }).getByRole('button', { name: /Demo Water Trust/ }),
  ).toBeVisible();

  // A link naming an organisation and a target asks first (ids follow the seed: 1 demo, 3 Harbour Council).
  await page.goto(`/switch-organisation/1/${encodeURIComponent('/users')}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Change Organisation' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Change Organisation' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId('organisation-name')).toHaveText(/Demo Organisation/);

  // An organisation the user may not enter.
  await page.goto('/switch-organisation/3');
  await expect(page.getByText("Switch failed - you probably don't have access")).toBeVisible();
});
