import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

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

/**
 * Whether an alert is still pending for a journey to act on: always on a first try; on a retry only when the
 * failed try did not schedule or delete it already. Waits for the panel to show its alerts, or that it has none.
 */
export async function pendingOnRetry(panel: Locator, message: string, info: TestInfo): Promise<boolean> {
  if (info.retry === 0) return true;
  await expect(panel.getByRole('group').or(panel.getByText('No open alerts.')).first()).toBeVisible();
  return (await panel.getByRole('group', { name: message }).count()) > 0;
}
