import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test("an editor sets a portal link's last day and reminders, and removes a quantity without entries", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const portal = afresh(info, 'Bore readings');
  await signIn(page, 'demo.general');
  await page.goto('/portals');
  const diesel = page.getByRole('article', { name: 'Contractor generator diesel' });
  await diesel.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Last day and reminders' }).click();
  const settings = page.getByRole('dialog', { name: 'Link and reminders: Contractor generator diesel' });
  await settings.getByLabel('Last day the link works').fill('30/06/2027');
  await settings.getByRole('textbox', { name: 'Remind contacts' }).fill('5');
  await settings.getByRole('textbox', { name: 'Tell contacts it is late' }).fill('2');
  await shots(page, 'portal-link-settings', info, { widths: [1440, 390] });
  await settings.getByRole('button', { name: 'Save' }).click();
  await sawBanner(page, 'Portal updated');
  await expect(diesel).toContainText('works until');
  await diesel.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Last day and reminders' }).click();
  await expect(settings.getByRole('textbox', { name: 'Remind contacts' })).toHaveValue('5 days');
  await settings.getByRole('button', { name: 'Cancel' }).click();

  // A new portal: a new water data source asks its account number, as the new meter wizard does.
  await page.getByRole('button', { name: 'New Portal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Portal' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(portal);
  await dialog.getByRole('combobox', { name: 'Site of new data sources' }).click();
  await page.getByRole('option', { name: 'Northern Depot', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Measuring' }).fill('Water supply');
  await page.getByRole('option', { name: 'Water supply' }).click();
  await dialog.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'm3', exact: true }).click();
  await dialog.getByLabel('Quantity name').fill('Bore water');
  await expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Account number' }).fill(`WA-${9911 + info.retry}`);
  await shots(page, 'portal-new-account', info, { widths: [1440, 390] });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByRole('combobox', { name: 'Measuring' }).fill('Water supply');
  await page.getByRole('option', { name: 'Water supply' }).click();
  await dialog.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'm3', exact: true }).click();
  await dialog.getByLabel('Quantity name').fill('Yard tap');
  await dialog.getByRole('combobox', { name: 'Data source', exact: true }).click();
  await page.getByRole('option', { name: /Northern Depot yard tap water/ }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await sawBanner(page, `${portal} created.`);

  const card = page.getByRole('article', { name: portal });
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${portal}` });
  await expect(edit.getByRole('button', { name: 'Remove Bore water' })).toBeVisible();
  await shots(page, 'portal-edit-remove', info, { widths: [1440, 390] });
  await edit.getByRole('button', { name: 'Remove Bore water' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove quantity' });
  await expect(confirm).toContainText(
    'Remove Bore water from the portal? The portal stops asking for it. Its data source and the figures already recorded on it stay.',
  );
  await shots(page, 'portal-remove-confirm', info, { widths: [1440, 390] });
  await confirm.getByRole('button', { name: 'Remove quantity' }).click();
  await sawBanner(page, 'Quantity removed; its data source and figures are kept');
  await expect(edit.getByRole('table', { name: 'Quantities' })).not.toContainText('Bore water');
  // The last quantity offers no Remove.
  await expect(edit.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).not.toContainText('Bore water');
});
