import type { Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/** Chooses a time zone on Organisation Settings and answers the question about the half-hour data: keep it. */
async function changeZone(page: Page, zone: string) {
  const section = page.getByRole('region', { name: 'Time zone' });
  const select = section.getByRole('combobox', { name: 'Time zone' });
  await select.click();
  await select.fill(zone);
  await page.getByRole('option', { name: zone, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Change the time zone to ${zone}` });
  await expect(dialog.getByRole('radio', { name: 'Keep the half-hour data on its dates' })).toBeChecked();
  return dialog;
}

test("an administrator sets the organisation's time zone, choosing what becomes of the half-hour data", async ({
  page,
  axe,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/organisation/settings');
  const select = page.getByRole('region', { name: 'Time zone' }).getByRole('combobox', { name: 'Time zone' });
  await expect(select).toHaveValue('Pacific/Auckland');
  await shots(page, 'time-zone', info, { widths: [1440, 390] });
  // An open list, and one with nothing found, are list boxes of options only.
  await select.click();
  await select.fill('Pacific/Auck');
  await expect(page.getByRole('option', { name: 'Pacific/Auckland' })).toBeVisible();
  await axe.check(page);
  await select.fill('Atlantis');
  await expect(page.getByRole('option', { name: 'No time zone of that name' })).toBeVisible();
  await axe.check(page);
  // Left without a choice, the field shows the zone still set.
  await page.keyboard.press('Escape');
  await select.blur();
  await expect(select).toHaveValue('Pacific/Auckland');
  try {
    const dialog = await changeZone(page, 'Australia/Sydney');
    await expect(
      dialog.getByRole('radio', { name: 'Move the half-hour data to the new clock' }),
    ).toBeVisible();
    await axe.done(page);
    await shots(page, 'time-zone-question', info, { widths: [1440, 390] });
    await dialog.getByRole('button', { name: 'Change the time zone' }).click();
    await expect(page.getByText('The time zone is now Australia/Sydney.')).toBeVisible();
    await expect(select).toHaveValue('Australia/Sydney');
    // The question gives the focus back to the list, which stays shut.
    await expect(select).toBeFocused();
    await expect(select).toHaveAttribute('aria-expanded', 'false');
  } finally {
    // The other journeys read the demo's days in New Zealand.
    await page.goto('/organisation/settings');
    if ((await select.inputValue()) !== 'Pacific/Auckland') {
      const back = await changeZone(page, 'Pacific/Auckland');
      await back.getByRole('button', { name: 'Change the time zone' }).click();
      await expect(select).toHaveValue('Pacific/Auckland');
    }
  }
});
