import type { Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

async function openOlive(page: Page) {
  await page.getByLabel('Filter by name').fill('olive');
  await page.getByRole('row', { name: /Olive Observer/ }).click();
  return page.getByRole('region', { name: 'Details of Olive Observer' });
}

test('a field edited inline saves itself, and a refused value goes back with the server message', async ({
  page,
}) => {
  const jobTitleText = `Energy Analyst ${Date.now().toString(36)}`;
  await signIn(page, 'demo');
  await page.goto('/users');
  const panel = await openOlive(page);

  const jobTitle = panel.getByLabel('Job title');
  await jobTitle.fill(jobTitleText);
  await expect(jobTitle).toHaveAttribute('data-save-state', 'saved');

  // An address someone else has: the server refuses, the field shows the saved address again.
  const email = panel.getByLabel('Email');
  await email.fill('general@verdant.example');
  await expect(panel.getByText(/^Email address is already in use/)).toBeVisible();
  await expect(email).toHaveValue('observer@verdant.example');
  await expect(email).toHaveAttribute('data-save-state', 'failed');

  await page.reload();
  const reloaded = await openOlive(page);
  await expect(reloaded.getByLabel('Job title')).toHaveValue(jobTitleText);
  await expect(reloaded.getByLabel('Email')).toHaveValue('observer@verdant.example');
});
