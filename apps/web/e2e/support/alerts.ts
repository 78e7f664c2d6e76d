import { expect, type Locator, type Page } from '@playwright/test';

/** Schedules one pending alert of an alert panel (the list's or the Overview's) with a comment. */
export async function scheduleAlert(page: Page, panel: Locator, message: string, comment: string) {
  const alert = panel.getByRole('group', { name: message });
  await alert.getByLabel('Comment or reason').fill(comment);
  await alert.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Alert scheduled for sending')).toBeVisible();
  await expect(alert).toBeHidden();
}

/** Deletes one pending alert of an alert panel with a reason, which it needs first. */
export async function deleteAlert(page: Page, panel: Locator, message: string, reason: string) {
  const alert = panel.getByRole('group', { name: message });
  await expect(alert.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await alert.getByLabel('Comment or reason').fill(reason);
  await alert.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText("Alert won't be sent!")).toBeVisible();
  await expect(alert).toBeHidden();
}
