import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

// Ids follow the seed: 1 Demo Organisation, 2 Demo Water Trust, 3 Harbour Council.
test('/organisations/{id} opens the organisation page, asking first to change organisation', async ({
  page,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/organisations/1');
  await expect(page).toHaveURL(/\/organisation$/);
  await expect(page.getByTestId('organisation-name')).toHaveText(/Demo Organisation/);

  // Another organisation: Cancel stays where one was.
  await page.goto('/organisations/2');
  const dialog = page.getByRole('dialog', { name: 'Change organisation?' });
  await expect(dialog).toContainText(
    'This link opens a page in Demo Water Trust. Change to that organisation and open its organisation page?',
  );
  await shots(page, 'organisation-by-id', info, { widths: [1440, 390] });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('organisation-name')).toHaveText(/Demo Organisation/);

  // Change Organisation switches and opens its page.
  await page.goto('/organisations/2');
  await page.getByRole('dialog').getByRole('button', { name: 'Change Organisation' }).click();
  await expect(page).toHaveURL(/\/organisation$/);
  await expect(page.getByTestId('organisation-name')).toHaveText(/Demo Water Trust/);

  // One the person may not enter, and one that is no id at all.
  for (const id of ['3', 'abc']) {
    await page.goto(`/organisations/${id}`);
    const change = page.getByRole('dialog').getByRole('button', { name: 'Change Organisation' });
    if (id === '3') await change.click();
    await expect(page.getByText("Switch failed - you probably don't have access").last()).toBeVisible();
    await expect(page).toHaveURL(/\/switch-organisation$/);
  }

  // Back to the Demo Organisation: the next journeys sign in where this one left the demo person.
  await page.goto('/organisations/1');
  await page.getByRole('dialog').getByRole('button', { name: 'Change Organisation' }).click();
  await expect(page.getByTestId('organisation-name')).toHaveText(/Demo Organisation/);
});
