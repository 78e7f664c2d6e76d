import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test('an administrator sets the consumption alert default and sees the failure message for bad input', async ({
  page,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/organisation/org-wide-updates');
  await expect(page.getByRole('heading', { name: 'Org-wide Updates', level: 1 })).toBeVisible();

  // Neither a percentage nor an absolute value: the server's message after the spec's prefix.
  await page.getByRole('button', { name: 'Update Consumption Alerts' }).click();
  await expect(
    page.getByText('An error occured: Enter a percentage or an absolute difference for the alert'),
  ).toBeVisible();
  await page.getByLabel('Percentage').fill('25');
  await page.getByRole('button', { name: 'Update Consumption Alerts' }).click();
  await sawBanner(page, 'Consumption alerts updated');

  await shots(page, 'org-wide-updates', info);
});

test('screens of the Notes and Distribution tabs at 1440 and 390 px', async ({ page }, info) => {
  await signIn(page, 'demo');
  await openDataSource(page, 'Civic Library', 'Civic Library Main supply');
  for (const [tab, name, shown] of [
    ['Notes', 'notes', page.getByRole('button', { name: 'New Note' })],
    ['Distribution', 'distribution', page.getByRole('table', { name: 'Distribution' })],
    ['Files', 'files', page.getByTestId('files-panel')],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(shown).toBeVisible();
    await shots(page, name, info);
  }
  await page.goto('/organisation/entities');
  await page.getByRole('link', { name: 'Community Hall' }).click();
  await expect(page.getByRole('table', { name: 'Distributed figures by month' })).toBeVisible();
  await shots(page, 'entity-figures', info);
});
