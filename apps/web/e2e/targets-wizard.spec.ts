import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test('a target created through the wizard with an entered profile shows its performance report', async ({
  page,
  axe,
}, info) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'demo');
  await page.goto('/organisation/targets');
  await expect(page.getByRole('table').getByRole('cell', { name: '30% CO2e by 2030' })).toBeVisible();
  await axe.done(page);

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'New Target' }).click();
  const wizard = page.getByRole('dialog', { name: 'New Target' });
  await wizard.getByLabel('Name').fill('ab');
  await expect(wizard.getByText('A target name has at least 3 characters')).toBeVisible();
  await wizard.getByLabel('Name').fill('30% co2e by 2030');
  await expect(wizard.getByText('A target with that name already exists')).toBeVisible();
  await wizard.getByLabel('Name').fill(`Seasonal ${tag}`);
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Baseline: a year before 2000 is refused; 2024 with the calendar year and an entered baseline.
  await wizard.getByLabel('Baseline year').fill('1999');
  await expect(
    wizard.getByText('Baseline year is four digits, 2000 or later and before this year'),
  ).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
  await wizard.getByLabel('Baseline year').fill('2024');
  await wizard.getByText('Enter', { exact: true }).click();
  await wizard.getByLabel("Baseline (the year's total)").fill('120000');
  // On a phone the three year ends stack rather than run off the dialog.
  await shots(page, 'target-baseline', info);
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Profile: twelve values, winter heavier; shown normalised to 100.
  await wizard.getByText('Enter', { exact: true }).click();
  const values = [12, 11, 10, 8, 7, 6, 6, 7, 8, 9, 10, 12];
  for (const [i, month] of [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ].entries())
    await wizard.getByLabel(month, { exact: true }).fill(String(values[i]));
  await expect(wizard.getByText(/^Normalised to 100: 11\.3, 10\.4/)).toBeVisible();
  await axe.done(page);
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Targets: the first year may not be before the baseline year.
  await wizard.getByLabel('Reduction 1 (%)').fill('20');
  await wizard.getByLabel('By year 1').fill('2023');
  await expect(wizard.getByText('The first target year cannot be before the baseline year')).toBeVisible();
  await wizard.getByLabel('By year 1').fill('2027');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('cell', { name: '20% by 2027' })).toBeVisible();
  await wizard.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/organisation\/performance-against-targets\?target=\d+$/);
  await expect(page.getByText(`Seasonal ${tag}: baseline 2024 to 2027, calendar years.`)).toBeVisible();
  await expect(page.getByText('Baseline 120,000 kg CO2e · final target 96,000 kg CO2e')).toBeVisible();
  // January 2024: 120,000 x 12/106 = 13,585.
  const table = page.getByTestId('performance-table');
  await expect(table.getByRole('row').nth(1)).toContainText('13,585');
  await axe.done(page);
});
