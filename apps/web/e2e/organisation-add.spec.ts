import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * A product administrator adds an organisation from Switch Organisation (docs/decisions/organisations.md, A
 * session without an organisation): a name in use is refused, a new one is made on the clock chosen for it and
 * the session switches to it,
 * whose dashboard says nothing has been recorded yet. It ends back in the demo organisation.
 */
test('a product administrator adds an organisation from Switch Organisation and works in it', async ({
  page,
}, info) => {
  const name = afresh(info, 'Kapiti Coast Water');
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/switch-organisation');
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('button').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add Organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Organisation' });
  await shots(page, 'organisation-add', info);
  await dialog.getByLabel('Name').fill('Demo Organisation');
  await dialog.getByRole('button', { name: 'Add Organisation' }).click();
  await expect(dialog.getByText(/already/i)).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  // Its own clock, chosen as it is made (New Zealand's, or the browser's, otherwise).
  await dialog.getByRole('combobox', { name: 'Time zone' }).fill('Perth');
  await page.getByRole('option', { name: 'Australia/Perth' }).click();
  await dialog.getByRole('button', { name: 'Add Organisation' }).click();
  await expect(page).toHaveURL(/\/organisation\/settings$/);
  await expect(page.getByTestId('organisation-name')).toHaveText(new RegExp(name));
  await expect(page.getByLabel('Organisation Name')).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Australia/Perth');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `${name} - Dashboard` })).toBeVisible();
  await expect(page.getByText('No consumption has been recorded yet')).toBeVisible();
  await shots(page, 'organisation-added-dashboard', info);
  // Its lists say how to add the first site and the first person.
  await page.goto('/organisation/sites');
  await expect(page.getByText("No sites to show yet. Add the organisation's sites")).toBeVisible();
  await shots(page, 'organisation-added-sites', info);
  await page.getByRole('button', { name: 'New Site' }).last().click();
  await expect(page.getByRole('dialog', { name: 'New Site' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/organisation/data-sources');
  await expect(page.getByText('No data sources yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Meter' }).last()).toBeVisible();
  await shots(page, 'organisation-added-data-sources', info);
  await page.getByLabel('Name or account').fill('nothing like it');
  await expect(page.getByText('No results')).toBeVisible();
  await page.goto('/users');
  await expect(page.getByText(`Nobody has access to ${name} yet.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add user' }).last()).toBeVisible();
  await shots(page, 'organisation-added-users', info);
  // Back to the demo, so that the administrator's most recent organisation is the one other journeys expect.
  await page.goto('/switch-organisation');
  await page
    .getByRole('region', { name: 'Results' })
    .getByRole('button', { name: /^Demo Organisation/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Demo Organisation - Dashboard' })).toBeVisible();
});
