import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * A vehicle deleted from its page is listed on Deleted Assets' Vehicles tab, with the person who deleted it
 * (from the history), and the provider restores it with its meters (data-portal.md 2.9).
 */
test('a deleted vehicle is listed with who deleted it, and restored', async ({ page }, info) => {
  test.setTimeout(240_000);
  const registration = `DEL${Date.now().toString(36).slice(-4).toUpperCase()}`;
  await signIn(page, 'demo');
  const token = await page.evaluate(() => sessionStorage.getItem('verdant.token') ?? '');
  const headers = { Authorization: `Bearer ${token}` };
  const sites = await (await page.request.get('/api/organisations/1/sites', { headers })).json();
  const depot = sites.sites.find((s: { name: string }) => s.name === 'Northern Depot');
  const created = await page.request.post(`/api/sites/${depot.id}/new-vehicles`, {
    headers,
    data: {
      purchaseDate: '2025-01-01',
      reporting: 'ORGANISATION',
      list: [
        {
          registration,
          make: 'Toyota',
          model: 'Corolla',
          year: 2024,
          bodyShapeId: 2,
          seats: 5,
          transmissionTypeId: 1,
          engineSize: 1.8,
          fuelId: 5,
          desiredEfficiency: 6,
        },
      ],
    },
  });
  expect(created.ok()).toBe(true);
  const id = (await created.json()).data.newVehicleList[0].id;
  await page.goto(`/fleet/vehicles/${id}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${registration}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/organisation\/fleet$/);

  await page.evaluate(() => sessionStorage.clear());
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/manage-deleted/vehicles');
  const table = page.getByTestId('deleted-assets-table');
  const row = table.getByRole('row').filter({ hasText: registration });
  await expect(row).toContainText('Northern Depot');
  await expect(row).toContainText('Dana Demo');
  await expect(page.getByText('Vehicles arrive with the fleet screens')).toHaveCount(0);
  await shots(page, 'deleted-vehicles', info, { widths: [1440, 390] });

  // Its meters are the vehicle's, not data sources of their own.
  await page.goto('/manage-deleted/data-sources');
  await expect(page.getByTestId('deleted-assets-table')).not.toContainText(registration);
  await shots(page, 'deleted-data-sources', info, { widths: [1440, 390] });

  await page.goto('/manage-deleted/vehicles');
  await row.getByRole('button', { name: `Restore ${registration}` }).click();
  await sawBanner(page, `${registration} restored`);
  await expect(row).toHaveCount(0);
});
