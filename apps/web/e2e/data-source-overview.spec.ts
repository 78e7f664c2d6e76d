import type { Page } from '@playwright/test';
import { deleteAlert, scheduleAlert } from './support/alerts';
import { expect, test } from './support/axe-test';
import { openDataSource } from './support/data-source';
import { signIn } from './support/sign-in';

/** No part of the page is wider than the window (a wide table scrolls inside its own region). */
async function expectNoPageOverflow(page: Page) {
  // Polled: after a resize the shell and the media queries take a render to lay the page out again.
  await expect.poll(() => pageOverflow(page)).toEqual([]);
}

async function pageOverflow(page: Page) {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= limit) return [];
    // The outermost elements reaching past the window (outside any clipping box), to say what overflows.
    const clipped = (e: Element) => {
      for (let p = e.parentElement; p; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    return Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > limit + 1 && !clipped(e))
      .filter((e) => !e.parentElement || e.parentElement.getBoundingClientRect().right <= limit + 1)
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${Array.from(e.classList).join('.')} "${(e.textContent ?? '').slice(0, 40)}"`,
      );
  });
}

async function shoot(page: Page, path: (name: string) => string, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoPageOverflow(page);
    await page.screenshot({ path: path(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

test("a data source's Overview shows its open alerts, scheduled and deleted as on the list; its tabs fit a phone", async ({
  page,
}, info) => {
  const path = (name: string) => info.outputPath(name);
  await signIn(page, 'demo');
  await openDataSource(page, 'Aquatic Centre', 'Aquatic Centre Main supply');
  const panel = page.getByRole('region', { name: 'Alerts of Aquatic Centre Main supply' });
  await expect(panel.getByText('Consumption 18% above the same month last year')).toBeVisible();
  await expect(page.getByTestId('latest-consumption')).toBeVisible();
  await shoot(page, path, 'overview');

  // The Overview's panel acts as the list's (on meters the list's journey leaves alone).
  await openDataSource(page, 'Water Treatment Plant', 'Water Treatment Plant Outfall pumps');
  await scheduleAlert(
    page,
    page.getByRole('region', { name: 'Alerts of Water Treatment Plant Outfall pumps' }),
    'Consumption 14% above the same month last year',
    'Outfall flows up after the wet spring',
  );
  await openDataSource(page, 'Head Office', 'Head Office Data room');
  await deleteAlert(
    page,
    page.getByRole('region', { name: 'Alerts of Head Office Data room' }),
    'Consumption 9% above the same month last year',
    'New servers installed in September',
  );
  await expect(page.getByRole('region', { name: 'Alerts of Head Office Data room' })).toContainText(
    'No open alerts.',
  );

  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('Data Source Detail').first()).toBeVisible();
  await shoot(page, path, 'details');

  await page.getByRole('tab', { name: 'Distribution' }).click();
  await expect(page.getByRole('table', { name: 'Distribution' })).toBeVisible();
  await shoot(page, path, 'distribution');
});
