import { AREA_TABS, MENU } from '@verdant/domain/menu';
import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

/**
 * Every route of the spec (section 2) and every menu entry answers its screen, never 'Page not found'; every
 * address that is not part of the product, or names a record that does not exist, shows the one same 'Page not
 * found' page.
 */

/** Spec routes beyond the menu and tabs; `{site}` and `{entity}` are filled with demo records. */
const SPEC_ROUTES = [
  '/dashboard',
  '/dashboard/favourite-reports',
  '/dashboard/favourite-graphs',
  '/switch-organisation',
  '/my-details',
  '/my-details/energy-setup',
  '/my-details/carbon-setup',
  '/help',
  '/users',
  '/users?show=new',
  '/organisation',
  '/organisation/sites?show=new',
  '/organisation/entities?show=new',
  '/sites/{site}',
  '/sites/{site}/entities',
  '/sites/{site}/data-sources',
  '/sites/{site}/settings',
  '/sites/{site}/files',
  '/sites/{site}/history',
  '/entities/{entity}',
  '/entities/{entity}/settings',
  '/entities/{entity}/files',
  '/reports',
  '/reports/ts?asset-type=site&asset-id=1&asset-text=Head%20Office&clear=2',
  '/reports/benchmark',
  '/groups',
  '/groups/site-groups',
  '/groups/meter-groups',
  '/site-groups/{siteGroup}',
  '/site-groups/{siteGroup}/members',
  '/site-groups/{siteGroup}/details',
  '/meter-groups/{meterGroup}',
  '/site-groupings/{siteGrouping}',
  '/site-groupings/{siteGrouping}/details',
  '/site-groupings/{siteGrouping}/assign',
  '/site-groupings/{siteGrouping}/reports',
  '/meter-groupings/{meterGrouping}',
  '/site-groupings/{siteGrouping}/unassociated-assets',
  '/admin-reports/invoice-entry',
  '/admin-reports/estimated-reads',
  '/portals/data-entry',
  '/fleet/vehicles/{vehicle}',
  '/data-sources/1/notes',
  '/organisations/1',
  '/vehicle-by-meter/{vehicleMeter}',
  '/tools/jobs/1',
];

const NOT_FOUND = [
  '/no-such-page',
  '/sites',
  '/sites/99999999',
  '/sites/abc',
  '/sites/{site}/no-such-tab',
  '/entities/{entity}/no-such-tab',
  '/entities/99999999',
  '/entities/abc',
  '/manage-deleted/no-such-tab',
  '/my-details/no-such-setup',
  '/reports/no-such-report',
  '/fleet/no-such-tab',
  '/tools/no-such-tool',
];

test('every spec route answers its screen; every unknown address the same not-found page', async ({
  page,
  axe,
}) => {
  // Some seventy screens, each scanned by axe: minutes on a busy machine.
  test.setTimeout(1_200_000);
  axe.everyScreen();
  await signIn(page, 'demo');
  await page.goto('/organisation/sites');
  await page.getByRole('table', { name: 'Sites' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/sites\/\d+$/);
  const site = page.url().split('/').pop() ?? '';
  await page.goto('/organisation/entities');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/entities\/\d+$/);
  const entity = page.url().split('/').pop() ?? '';
  // The demo's groups and groupings: Divisions of sites, Regions of data sources.
  const idOf = async (list: string, name: string | RegExp) => {
    await page.goto(list);
    const link = page.getByRole('main').getByRole('link', { name }).first();
    return ((await link.getAttribute('href')) ?? '').split('/').pop() ?? '';
  };
  // A demo vehicle and its fuel meter, as the API gives them to the signed-in page.
  await page.goto('/organisation/fleet');
  const vehicleLink = page.getByRole('main').locator('a[href*="/fleet/vehicles/"]').first();
  const vehicle = ((await vehicleLink.getAttribute('href')) ?? '').split('/').pop() ?? '';
  const vehicleMeter = await page.evaluate(async (id) => {
    const answer = await fetch(`/api/vehicles/${id}`, {
      headers: {
        Authorization: `Bearer ${sessionStorage.getItem('verdant.token')}`,
        'X-Organisation-Id': String(
          (JSON.parse(sessionStorage.getItem('verdant.organisation') ?? '{}') as { id?: number }).id ?? '',
        ),
      },
    });
    return String(((await answer.json()) as { consMeter: number }).consMeter);
  }, vehicle);
  const ids: Record<string, string> = {
    vehicle,
    vehicleMeter,
    siteGroup: await idOf('/groups/site-groups', 'Corporate'),
    meterGroup: await idOf('/groups/meter-groups', 'North'),
    siteGrouping: await idOf('/groups', 'Divisions'),
    meterGrouping: await idOf('/groups', 'Regions'),
  };
  const fill = (route: string) =>
    route
      .replace('{site}', site)
      .replace('{entity}', entity)
      .replace(/\{(\w+)\}/g, (whole, key: string) => ids[key] ?? whole);

  const routes = new Set([
    ...MENU.map((item) => item.path),
    ...Object.values(AREA_TABS).flatMap((tabs) => tabs.map((tab) => tab.path)),
    ...SPEC_ROUTES.map(fill),
  ]);
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
    // Soft: one run names every route that fails, not only the first.
    await expect.soft(page.getByRole('heading', { name: 'Page not found' }), route).toHaveCount(0);
    await axe.done(page);
  }

  let first: string | undefined;
  for (const route of NOT_FOUND.map(fill)) {
    await page.goto(route);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Page not found' }), route).toBeVisible();
    await expect(main.getByRole('link', { name: 'Go to the dashboard' }), route).toBeVisible();
    await expect(page, route).toHaveTitle(/Page not found/);
    // The page itself, without the shell around it (an area's tabs differ from one address to another).
    const text = (await page.locator('main > section').textContent()) ?? '';
    first ??= text;
    expect(text, `${route} looks like every other 'not found'`).toBe(first);
    await axe.done(page);
  }
});
