import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

// The e2e servers keep the default tile server (README, MAP_TILE_URL); each test decides whether it answers.
const TILES = 'https://tile.openstreetmap.org/**';
// A 1 x 1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('a map whose tiles cannot be reached says so, after one failed request, not a storm', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  let asked = 0;
  await page.route(TILES, (route) => {
    asked += 1;
    return route.abort('internetdisconnected');
  });
  await signIn(page, 'demo');
  await openDataSource(page, 'Head Office', 'Head Office Main supply');
  await page.getByRole('tab', { name: 'Details' }).click();
  const unavailable = page.getByTestId('meter-map-unavailable');
  await expect(unavailable).toContainText('Map unavailable');
  await expect(unavailable).toContainText('The map tiles could not be reached from this browser.');
  expect(asked).toBe(1);
  expect(errors.length).toBeLessThanOrEqual(1);
  await shots(page, 'map-unavailable', info, { part: unavailable });
});

test('a map whose tile server answers draws its tiles', async ({ page }) => {
  test.setTimeout(180_000);
  await page.route(TILES, (route) => route.fulfill({ contentType: 'image/png', body: PNG }));
  await signIn(page, 'demo');
  await openDataSource(page, 'Head Office', 'Head Office Main supply');
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByTestId('meter-map').locator('img.leaflet-tile').first()).toBeVisible();
  await expect(page.getByTestId('meter-map-unavailable')).toHaveCount(0);
});
