import type { Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/** Whether two boxes share any area. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The area tabs never run under the pin and Actions buttons. */
async function expectTabsClearOfButtons(page: Page) {
  const tabs = await page.getByRole('tablist', { name: 'Sections' }).boundingBox();
  const actions = await page.getByRole('button', { name: 'Actions' }).boundingBox();
  const pins = page.getByRole('button', { name: /^(Pin|Unpin) .* quick icons$/ });
  const pin = (await pins.count()) > 0 ? await pins.first().boundingBox() : null;
  expect(tabs).not.toBeNull();
  for (const button of pin ? [actions, pin] : [actions]) {
    expect(button).not.toBeNull();
    if (tabs && button) expect(overlap(tabs, button)).toBe(false);
  }
}

test('the time series search box has room at 1440 px; area tabs clear the buttons at 390 px', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/reports/ts');
  const search = page.getByRole('textbox', { name: 'Search assets' });
  await expect(search).toBeVisible();
  expect((await search.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(200);
  await shots(page, 'time-series', info, { widths: [1440] });

  for (const path of ['/reports/ts', '/organisation']) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await expect(page.getByRole('tablist', { name: 'Sections' })).toBeVisible();
    await expectTabsClearOfButtons(page);
    const name = `tabs-${path.replaceAll('/', '-').slice(1)}`;
    await shots(page, name, info, { widths: [390] });
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectTabsClearOfButtons(page);
    await shots(page, name, info, { widths: [1440] });
  }
});
