import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Verdant-demo-1';

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, base = '') {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
