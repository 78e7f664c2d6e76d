import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

test('a controlled grouping with two groups: sites assigned, a duplicate group refused with its asset list', async ({
  page,
  axe,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'demo');
  const action = async (name: string) => {
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name }).click();
  };
  await page.goto('/groups');
  await expect(
    page.getByRole('table', { name: 'Site groupings' }).getByRole('link', { name: 'Divisions' }),
  ).toBeVisible();
  await axe.done(page);

  // A controlled grouping of sites.
  await action('New grouping');
  const dialog = page.getByRole('dialog', { name: 'New grouping' });
  await dialog.getByLabel('Name').fill('Z');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name cannot be less than two characters')).toBeVisible();
  await dialog.getByLabel('Name').fill('divisions');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('There is already a grouping called divisions')).toBeVisible();
  await dialog.getByLabel('Name').fill(`Zones ${tag}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/site-groupings\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Zones ${tag}` })).toBeVisible();

  // Two groups in it.
  for (const name of [`Zone A ${tag}`, `Zone B ${tag}`]) {
    await page.getByLabel('New group').fill(name);
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect(
      page.getByRole('table', { name: 'Groups of the grouping' }).getByRole('link', { name }),
    ).toBeVisible();
  }
  await axe.done(page);

  // Assign sites: Head Office to Zone A, Civic Library to Zone B; then Head Office moves to Zone B.
  await page.getByRole('tab', { name: 'Assign' }).click();
  const assign = page.getByRole('table', { name: 'Assign assets' });
  const choose = async (site: string, group: string) => {
    const select = assign.getByRole('combobox', { name: `Group of ${site}` });
    await select.selectOption({ label: group });
    // The same move can be made twice while its first banner still shows: the latest one counts.
    await expect(page.getByText(`${site} assigned to ${group}`).last()).toBeVisible();
    await expect(select.locator('option:checked')).toHaveText(group);
  };
  await choose('Head Office', `Zone A ${tag}`);
  await choose('Civic Library', `Zone B ${tag}`);
  await choose('Head Office', `Zone B ${tag}`);
  await choose('Head Office', `Zone A ${tag}`);
  await axe.done(page);
  await page.getByRole('tab', { name: 'Unassociated Assets' }).click();
  const unassociated = page.getByRole('table', { name: 'Unassociated assets' });
  await expect(unassociated.getByRole('cell', { name: 'Aquatic Centre' })).toBeVisible();
  await expect(unassociated.getByRole('cell', { name: 'Head Office' })).toHaveCount(0);

  // An uncontrolled group holding Head Office and Aquatic Centre.
  await page.goto('/groups/site-groups');
  await action('New group');
  const newGroup = page.getByRole('dialog', { name: 'New group' });
  await newGroup.getByLabel('Name').fill(`Pools ${tag}`);
  await newGroup.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/site-groups\/\d+$/);
  await page.getByRole('tab', { name: 'Members' }).click();
  for (const site of ['Head Office', 'Aquatic Centre']) {
    await page.getByRole('combobox', { name: 'Add a site' }).click();
    await page.getByRole('option', { name: site, exact: true }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      page.getByRole('table', { name: 'Members' }).getByRole('link', { name: site }),
    ).toBeVisible();
  }
  // The group's own targets, on its Details tab: saved as typed, kept on reload.
  await page.getByRole('tab', { name: 'Details' }).click();
  const targets = page.getByRole('region', { name: 'Targets' });
  await expect(targets.getByText(/no target set/).first()).toBeVisible();
  const co2e = targets.getByLabel('Emissions target (kg CO2e a year)');
  const saved = page.waitForResponse((r) => r.url().endsWith('/target') && r.request().method() === 'PUT');
  await co2e.fill('250000');
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Targets' }).getByLabel('Emissions target (kg CO2e a year)'),
  ).toHaveValue(/^250,?000$/);
  await expect(page.getByRole('region', { name: 'Targets' })).toContainText('% of the target');
  await axe.done(page);

  // Adding it to the controlled grouping is refused, listing the asset another group holds.
  await page.goto('/groups');
  await page.getByRole('link', { name: `Zones ${tag}` }).click();
  await page.getByRole('combobox', { name: 'Existing uncontrolled group' }).click();
  await page.getByRole('option', { name: `Pools ${tag}` }).click();
  await page.getByRole('button', { name: 'Add to grouping' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Group not added' });
  await expect(refusal).toContainText(`Pools ${tag} cannot join Zones ${tag}`);
  await expect(refusal.getByRole('listitem')).toHaveText([`Head Office (Zone A ${tag})`]);
  await axe.done(page);
  await expect(page.getByRole('table', { name: 'Groups of the grouping' }).getByRole('link')).toHaveCount(2);
});
