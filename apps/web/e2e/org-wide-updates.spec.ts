import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { settle } from './support/screens';
import { signIn } from './support/sign-in';

test('an administrator sets the consumption alert default and sees the failure message for bad input', async ({
  page,
}) => {
  await signIn(page, 'demo');
  await page.goto('/organisation/org-wide-updates');
  await expect(page.getByRole('heading', { name: 'Org-wide Updates', level: 1 })).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/screens/org-wide-updates-1440.png', fullPage: true });

  // Neither a percentage nor an absolute value: the server's message after the spec's prefix.
  await page.getByRole('button', { name: 'Update Consumption Alerts' }).click();
  await expect(
    page.getByText('An error occured: Enter a percentage or an absolute difference for the alert'),
  ).toBeVisible();
  await page.getByLabel('Percentage').fill('25');
  await page.getByRole('button', { name: 'Update Consumption Alerts' }).click();
  await expect(page.getByText('Consumption alerts updated')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/org-wide-updates-390.png', fullPage: true });
});

test('screens of the Notes and Distribution tabs at 1440 and 390 px', async ({ page }) => {
  await signIn(page, 'demo');
  await openDataSource(page, 'Civic Library', 'Civic Library Main supply');
  for (const [tab, name, shown] of [
    ['Notes', 'notes', page.getByRole('button', { name: 'New Note' })],
    ['Distribution', 'distribution', page.getByRole('table', { name: 'Distribution' })],
    ['Files', 'files', page.getByTestId('files-panel')],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(shown).toBeVisible();
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      // The side navigation slides away when the screen narrows: shoot once it has gone.
      await settle(page);
      await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await page.goto('/organisation/entities');
  await page.getByRole('link', { name: 'Community Hall' }).click();
  await expect(page.getByRole('table', { name: 'Distributed figures by month' })).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    await settle(page);
    await page.screenshot({ path: `test-results/screens/entity-figures-${width}.png`, fullPage: true });
  }
});
