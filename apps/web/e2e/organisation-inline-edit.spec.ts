import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

test('an organisation field edited inline saves itself; a refused value goes back with the message', async ({
  page,
}) => {
  const po = `PO-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 'demo');
  await page.goto('/organisation/settings');
  const details = page.getByRole('region', { name: 'Organisation Details' });

  const field = details.getByLabel('Product PO Number');
  await field.fill(po);
  await expect(field).toHaveAttribute('data-save-state', 'saved');

  // The other demo organisation's name: the server refuses it and the saved name comes back.
  const name = details.getByLabel('Organisation Name');
  await name.fill('Demo Water Trust');
  await expect(details.getByText('An organisation with that name already exists.')).toBeVisible();
  await expect(name).toHaveValue('Demo Organisation');

  // A count must be a whole number: the editor refuses it before saving.
  const settings = page.getByRole('region', { name: 'Organisation Settings' });
  await settings.getByLabel('Estimated readings before an alert').fill('2.5');
  await expect(settings.getByText('Enter a whole number')).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Organisation Details' }).getByLabel('Product PO Number'),
  ).toHaveValue(po);
});
