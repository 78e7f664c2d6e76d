import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test("an entity's Details field saves itself and is there after a reload", async ({ page }, info) => {
  const description = `Refitted ${Date.now().toString(36)}`;
  await signIn(page, 'demo');
  await page.goto('/organisation/entities');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/entities\/\d+$/);
  // The entity's own tab: until its page has loaded, the organisation's area tabs (with a Details of their own)
  // are still on the screen.
  await page.getByRole('tablist', { name: 'Entity sections' }).getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/entities\/\d+\/settings$/);

  const field = page.getByLabel('Description');
  await field.fill(description);
  await expect(field).toHaveAttribute('data-save-state', 'saved');
  await expect(page.getByRole('region', { name: 'Entity Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Location' })).toBeVisible();

  await shots(page, 'entity-details', info);
  await page.reload();
  await expect(page.getByLabel('Description')).toHaveValue(description);
});
