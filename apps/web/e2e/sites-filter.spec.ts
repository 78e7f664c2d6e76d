import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

test('the sites table filters by name and shows closed sites only when asked', async ({ page }) => {
  const closedName = `Closed Kiosk ${Date.now().toString(36)}`;
  await signIn(page, 'demo');
  // A site that has closed, made through the API.
  const login = await page.request.post('/api/public/login', {
    data: { username: 'demo', password: 'Verdant-demo-1' },
  });
  const { token, organisation } = (await login.json()).data as {
    token: string;
    organisation: { id: number };
  };
  const headers = { Authorization: `Bearer ${token}`, 'X-Organisation-Id': String(organisation.id) };
  const created = await page.request.post(`/api/organisations/${organisation.id}/new-site`, {
    headers,
    data: { name: closedName, region: 9, openDate: '2019-01-01' },
  });
  const site = (await created.json()) as { id: number };
  await page.request.put(`/api/sites/${site.id}`, { headers, data: { siteClose: '2025-12-31' } });
  expect(site.id).toBeGreaterThan(0);

  await page.goto('/organisation/sites');
  const table = page.getByRole('table', { name: 'Sites' });
  await expect(table.getByRole('link', { name: 'Head Office' })).toBeVisible();

  await page.getByLabel('Filter by name').fill('depot');
  await expect(table.getByRole('link', { name: 'Northern Depot' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Southern Depot' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Head Office' })).toHaveCount(0);

  await page.getByLabel('Filter by name').fill('closed kiosk');
  await expect(page.getByText('No results')).toBeVisible();
  await page.getByLabel('Include closed').check();
  const row = table.getByRole('row', { name: new RegExp(closedName) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Site is no longer active')).toBeVisible();
});
