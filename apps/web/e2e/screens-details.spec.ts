import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { DEMO_PASSWORD, signIn } from './support/sign-in';

/** Smaller screen details: page tabs by keyboard, modals that do not stack, honest Delete, labels. */

async function apiSession(request: APIRequestContext, username: string, password: string) {
  const login = await request.post('/api/public/login', { data: { username, password } });
  expect(login.ok()).toBe(true);
  const { token, organisation } = (await login.json()).data as {
    token: string;
    organisation: { id: number } | null;
  };
  return {
    organisationId: organisation?.id ?? 0,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(organisation ? { 'X-Organisation-Id': String(organisation.id) } : {}),
    },
  };
}

test('the notifications wait until the ?show=new modal the user came for is closed', async ({ page }) => {
  const text = `Maintenance window ${Date.now().toString(36)}`;
  const demo = await apiSession(page.request, 'demo', DEMO_PASSWORD);
  const admin = await apiSession(page.request, 'admin', E2E_ADMIN_PASSWORD);
  const published = await page.request.post('/api/admin/notifications', {
    headers: admin.headers,
    data: { text, organisationId: demo.organisationId },
  });
  expect(published.ok()).toBe(true);
  const { notificationId } = (await published.json()) as { notificationId: number };
  try {
    await page.goto('/organisation/sites?show=new');
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    const notices = page.waitForResponse((r) => r.url().includes('/api/admin/notifications'));
    await page.getByRole('button', { name: 'Login' }).click();
    await notices;
    const newSite = page.getByRole('dialog', { name: 'New Site' });
    await expect(newSite).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toHaveCount(0);

    await newSite.getByRole('button', { name: 'Cancel' }).click();
    const notifications = page.getByRole('dialog', { name: 'Notifications' });
    await expect(notifications).toContainText(text);
    await notifications.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notifications).toBeHidden();
  } finally {
    // Later journeys sign in as demo too: remove the notice for good.
    await page.request.delete(`/api/admin/notifications/${notificationId}`, { headers: demo.headers });
  }
});

test("Shift and the arrow keys move between a site's and an entity's tabs; types read as labels", async ({
  page,
}) => {
  await signIn(page, 'demo');
  await page.goto('/organisation/sites');
  await page.getByRole('table', { name: 'Sites' }).getByRole('link', { name: 'Head Office' }).click();
  await expect(page).toHaveURL(/\/sites\/\d+$/);
  const site = page.url();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page).toHaveURL(`${site}/entities`);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page).toHaveURL(`${site}/data-sources`);
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page).toHaveURL(`${site}/entities`);

  // The site's entities name their type as every other screen does ('Standard', not 'STANDARD').
  const entities = page.getByRole('table');
  await expect(entities.getByRole('row').nth(1)).toBeVisible();
  await expect(entities).not.toContainText(/STANDARD|HEAT PLANT/);

  await entities.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/entities\/\d+$/);
  // The tabs step once the entity has loaded (before that there are no tabs to step through).
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  const entity = page.url();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page).toHaveURL(`${entity}/settings`);
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page).toHaveURL(entity);
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page).toHaveURL(entity);
});

test('Delete on a site with data sources says at once why it cannot be deleted', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('/organisation/sites');
  await page.getByRole('table', { name: 'Sites' }).getByRole('link', { name: 'Head Office' }).click();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Head Office' });
  await expect(dialog).toContainText('Head Office cannot be deleted yet.');
  await expect(dialog).toContainText('It still has data sources; delete or move them first.');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Head Office' })).toBeVisible();
});

test('New Entity offers only open sites', async ({ page }) => {
  const closedName = `Closed Pavilion ${Date.now().toString(36)}`;
  await signIn(page, 'demo');
  const demo = await apiSession(page.request, 'demo', DEMO_PASSWORD);
  const created = await page.request.post(`/api/organisations/${demo.organisationId}/new-site`, {
    headers: demo.headers,
    data: { name: closedName, region: 9, openDate: '2019-01-01' },
  });
  const site = (await created.json()) as { id: number };
  const closed = await page.request.put(`/api/sites/${site.id}`, {
    headers: demo.headers,
    data: { siteClose: '2025-12-31' },
  });
  expect(closed.ok()).toBe(true);

  await page.goto('/organisation/entities?show=new');
  const dialog = page.getByRole('dialog', { name: 'New Entity' });
  await dialog.getByRole('combobox', { name: 'Site' }).click();
  await expect(page.getByRole('option', { name: 'Head Office' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Site' }).fill('Closed Pavilion');
  await expect(page.getByRole('option', { name: closedName })).toHaveCount(0);
});
