import { icpWithChecksum } from '@verdant/domain/meter-creation';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { signIn } from './support/sign-in';

// The demo's first electricity supply (packages/db/src/demo-meter-accounts.ts): an ICP the organisation has.
const DEMO_ICP = icpWithChecksum('1002004173WE');

test('New Meter creates an electricity meter through the wizard (an invalid, then a valid ICP) and opens its page', async ({
  page,
  axe,
}) => {
  const stamp = Date.now().toString(36);
  const body = `${String(Date.now() % 10_000_000_000).padStart(10, '0')}NT`;
  const icp = icpWithChecksum(body);
  // The same ICP with its first check character changed (compared with that character, not the last one: a
  // first check character of 0 with another last one used to give the valid ICP back).
  const wrong = `${body}-${icp.charAt(13) === '0' ? '1' : '0'}${icp.slice(-2)}`;
  const name = `Aquatic Centre plant room ${stamp}`;

  // The check answers late, so the wait message can be seen: longer than the 1 s between two of an expectation's
  // polls, which a shorter wait can fall between.
  await page.route('**/api/meters/icp-check/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    await route.continue();
  });
  await signIn(page, 'demo');
  await page.goto('/data-sources');
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'New Meter' }).click();
  await expect(page).toHaveURL(/\/data-sources\?show=new-meter$/);
  const dialog = page.getByRole('dialog', { name: 'New Meter' });
  const next = dialog.getByRole('button', { name: 'Next' });

  // Overview: site and activity (reporting source defaults to Organisation); Next names what is missing.
  await next.click();
  await expect(dialog.getByText('Choose a site')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: 'Aquatic Centre' }).click();
  await dialog.getByRole('combobox', { name: 'Activity' }).click();
  await page.getByRole('option', { name: 'Electricity (grid supplied)' }).click();
  // Choosing the chosen reporting source again keeps it (a required choice is never emptied).
  const reporting = dialog.getByRole('combobox', { name: 'Reporting source' });
  const chosen = await reporting.inputValue();
  expect(chosen).not.toBe('');
  await reporting.click();
  await page.getByRole('option', { name: chosen, exact: true }).click();
  await expect(reporting).toHaveValue(chosen);
  await next.click();

  // Account: the ICP box uppercases and inserts the hyphen; a wrong check is refused, a known ICP warned about.
  await dialog.getByLabel('Open date').fill('01/02/2026');
  const icpBox = dialog.getByRole('textbox', { name: 'ICP' });
  await icpBox.fill(wrong.replace('-', '').toLowerCase());
  await expect(icpBox).toHaveValue(wrong);
  await expect(dialog.getByText('ICP number is not valid')).toBeVisible();
  await next.click();
  await expect(icpBox).toBeVisible();

  // The accessibility scans of the list and the wizard run in the page and hold it for seconds on a busy
  // machine: they finish before the check's wait message is timed.
  await axe.done(page);
  await icpBox.fill(DEMO_ICP);
  await expect(dialog.getByText('Checking ICP ... please wait')).toBeVisible();
  await expect(dialog.getByText(/This ICP already exists in Verdant/)).toBeVisible();
  await icpBox.fill(icp);
  await expect(dialog.getByText('Checking ICP ... please wait')).toBeVisible();
  await expect(dialog.getByText('Checking ICP ... please wait')).toBeHidden();
  await expect(dialog.getByText('ICP number is not valid')).toBeHidden();
  await expect(dialog.getByText(/This ICP already exists/)).toBeHidden();
  await next.click();

  // Metering: kWh and non time of use are proposed; the retailer is needed for a standard supply.
  await expect(dialog.getByRole('combobox', { name: 'Unit', exact: true })).toHaveValue('kWh');
  await expect(dialog.getByRole('combobox', { name: 'Meter type' })).toHaveValue('Non time of use');
  await dialog.getByRole('combobox', { name: 'Unit for reporting' }).click();
  await page.getByRole('option', { name: 'MWh' }).click();
  await next.click();
  await expect(dialog.getByText('Choose a retailer')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Retailer' }).click();
  await page.getByRole('option', { name: 'Meridian Energy' }).click();
  await next.click();

  // Naming: the suggestion is filled in; a name under 3 characters is refused.
  const nameBox = dialog.getByRole('textbox', { name: 'Name' });
  await expect(nameBox).toHaveValue(`Aquatic Centre Electricity (grid supplied) ${icp}`);
  await nameBox.fill('AC');
  await next.click();
  await expect(dialog.getByText('Name must be at least 3 characters')).toBeVisible();
  await nameBox.fill(name);

  // Earlier steps can be revisited: back to Account by its step button, the ICP kept.
  await dialog.getByRole('button', { name: 'Account' }).click();
  await expect(icpBox).toHaveValue(icp);
  await next.click();
  await next.click();
  await next.click();

  const review = dialog.getByRole('table', { name: 'Review' });
  await expect(review).toContainText(name);
  await expect(review).toContainText(icp);
  await expect(review).toContainText('01/02/2026');
  await expect(review).toContainText('Meridian Energy');
  await expect(review).toContainText('MWh');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  await sawBanner(page, `${name} created.`);
  await expect(page).toHaveURL(/\/data-sources\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
});
