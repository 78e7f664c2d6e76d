import { expect, type Page } from '@playwright/test';

/** No part of the page is wider than the window (a wide table scrolls inside its own region). */
export async function expectNoPageOverflow(page: Page) {
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

/** Full-page screenshots at each width (checking nothing overflows the window), then the usual size again. */
export async function shoot(
  page: Page,
  path: (name: string) => string,
  name: string,
  widths: readonly number[] = [1280, 390],
) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoPageOverflow(page);
    await page.screenshot({ path: path(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}
