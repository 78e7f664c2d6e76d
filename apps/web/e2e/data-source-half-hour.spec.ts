import { expect, test } from './support/axe-test';
import { openDataSource, openMonthBeforeLatest } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test('the HH Data tab shows a month on the local clock: registers, estimated half hours, the changeover day, statistics', async ({
  page,
}, info) => {
  await signIn(page, 'demo.observer');
  await openDataSource(page, 'Civic Library', 'Civic Library Smart meter');
  await page.getByRole('tab', { name: 'HH Data' }).click();
  await expect(page).toHaveURL(/\/data-sources\/\d+\/half-hour$/);

  // The latest month opens first; the month before it has the demo's gap and estimated days.
  await expect(page.getByRole('combobox', { name: 'Register' })).toHaveValue('Unspecified (import kWh)');
  await openMonthBeforeLatest(page);
  await expect(page.getByTestId('quality-note')).toContainText('estimated or substituted');
  await expect(
    page.getByRole('table', { name: 'Peak Load (top five)', exact: true }).getByRole('row'),
  ).toHaveCount(6);
  await expect(page.getByRole('table', { name: 'Daily Peak Load (top five)' }).getByRole('row')).toHaveCount(
    6,
  );
  await expect(page.getByText('% consumption attributed to base load')).toBeVisible();
  await shots(page, 'half-hour', info, { widths: [1440, 390] });

  // April has the day daylight saving ends.
  const years = page.getByRole('combobox', { name: 'Year' });
  for (const year of ['2026', '2027', '2025']) {
    await years.click();
    const option = page.getByRole('option', { name: year });
    if ((await option.count()) === 0) {
      await page.keyboard.press('Escape');
      continue;
    }
    await option.click();
    const april = page.getByRole('button', { name: `Apr ${year}` });
    if (await april.isEnabled()) {
      await april.click();
      break;
    }
  }
  await expect(page.getByTestId('changeover')).toContainText('Daylight saving ends on Sunday');
  await expect(page.getByTestId('changeover')).toContainText('50 half hours');

  // The export register of the rooftop solar.
  await page.getByRole('combobox', { name: 'Register' }).click();
  await page.getByRole('option', { name: 'Register 2 (export kWh)' }).click();
  await expect(page.getByRole('heading', { name: /demand every half hour/ })).toBeVisible();

  // A time-of-use meter without half-hour data says so.
  await openDataSource(page, 'Head Office', 'Head Office Car park lighting');
  await page.getByRole('tab', { name: 'HH Data' }).click();
  await expect(
    page.getByText('Sorry, there is no half hour data available for this data source.'),
  ).toBeVisible();
});
