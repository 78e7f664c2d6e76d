import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';

/** How long the page must go without a change to the DOM before it counts as settled. */
const QUIET_MS = 300;
/** A screen that never settles (a clock, an endless animation) is scanned after this long anyway. */
const SETTLE_CAP_MS = 5_000;

/** Waits until nothing shows as loading and the DOM has been quiet for a moment. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page.evaluate(
    ({ quiet, cap }) =>
      new Promise<void>((resolve) => {
        // A loader or skeleton still showing, or a transition still running (a modal fading in would be
        // scanned half transparent): a spinner's endless animation does not count.
        const busy = () =>
          document.querySelector(
            '[aria-busy="true"], .mantine-Loader-root, [data-loading="true"], .mantine-Skeleton-root[data-visible="true"]',
          ) !== null ||
          document
            .getAnimations()
            .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
        let timer = 0;
        const finish = () => {
          observer.disconnect();
          window.clearTimeout(timer);
          window.clearTimeout(stop);
          resolve();
        };
        const arm = () => {
          window.clearTimeout(timer);
          timer = window.setTimeout(() => (busy() ? arm() : finish()), quiet);
        };
        const observer = new MutationObserver(arm);
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const stop = window.setTimeout(finish, cap);
        arm();
      }),
    { quiet: QUIET_MS, cap: SETTLE_CAP_MS },
  );
}

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

/** A whole page is drawn from its top: scrolled, the fixed header would be drawn halfway down the picture. */
async function fromTheTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * The usual size again, once the page has laid itself out anew: media queries answer a render later and charts
 * redraw, so a click sent at once can land its press on a button and its release where the button no longer is
 * (the press focuses it, and no click happens).
 */
async function usualSize(page: Page) {
  await page.setViewportSize({ width: 1366, height: 860 });
  await settle(page);
}

/**
 * `E2E_PICTURES=off` (CI, where no one opens them): `shots` lays each width out and checks it as usual, but
 * draws no picture (docs/decisions/tooling.md, Pictures drawn where they are looked at).
 */
const PICTURES = process.env.E2E_PICTURES !== 'off';

/** What `shots` frames, and at which widths (1440 and 390 px unless told). */
export interface ShotsOptions {
  /** One part of the page instead of the whole. */
  part?: Locator;
  widths?: readonly number[];
}

/**
 * Screenshots to look at, each once the page has settled after the resize (no fixed pause): the whole page
 * (checked first that nothing on it is wider than the window), or only what a dialog shows, or one part of the
 * page; then the usual size again.
 */
export async function shots(page: Page, name: string, info: TestInfo, options: ShotsOptions = {}) {
  const { part, widths = [1440, 390] } = options;
  await test.step(
    `screenshots: ${name}`,
    async () => {
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        // Settled first: taken at once, the picture caught the navigation sliding away at the left edge.
        await settle(page);
        const path = info.outputPath(`${name}-${width}.png`);
        const fullPage = !part && (await page.getByRole('dialog').count()) === 0;
        if (fullPage) {
          await expectNoPageOverflow(page);
          await fromTheTop(page);
        }
        // Without a picture, the part is still waited for, as its picture would.
        if (!PICTURES) await expect(part ?? page.locator('body')).toBeVisible();
        else if (part) await part.screenshot({ path });
        else await page.screenshot({ path, fullPage });
      }
      await usualSize(page);
    },
    { box: true },
  );
}
