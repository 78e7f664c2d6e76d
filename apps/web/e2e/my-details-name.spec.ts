import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

// Uses demo.observer, whose name no other journey relies on, and puts the name back at the end.
test("editing one's own name on My Details shows at once in the top bar", async ({ page }) => {
  await signIn(page, 'demo.observer');
  await expect(page.getByTestId('user-name')).toHaveText('Olive Observer');
  await page.goto('/my-details');
  const firstName = page.getByLabel('First name');
  await firstName.fill('Olivia');
  await expect(page.getByTestId('user-name')).toHaveText('Olivia Observer');
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Olivia');
  await page.getByLabel('First name').fill('Olive');
  await expect(page.getByTestId('user-name')).toHaveText('Olive Observer');
});
