import { type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * The banners each page showed, as the test process heard of them (docs/decisions/tooling.md, Banners kept by
 * the harness). A confirmation shows for 2.5 s (core-portal.md); an accessibility scan that holds the page's
 * one thread on a busy machine can let it pass before Playwright's next look, so journeys ask this record,
 * which the page fills as each banner is drawn, instead of the screen.
 */
const SHOWN = new WeakMap<Page, string[]>();

/** In the page, before its own scripts: tells the test process the text of each banner as it is drawn. */
function announceBanners() {
  const seen = new WeakSet<Element>();
  const ROOT = '.mantine-Notification-root';
  const announce = (banner: Element) => {
    if (seen.has(banner)) return;
    seen.add(banner);
    const parts = ['.mantine-Notification-title', '.mantine-Notification-description']
      .map((part) => banner.querySelector(part)?.textContent ?? '')
      .filter((text) => text !== '');
    (window as unknown as { __verdantBanner?: (text: string) => void }).__verdantBanner?.(
      parts.join(' ').replace(/\s+/g, ' ').trim(),
    );
  };
  // Only what was added is looked at: a large table drawn row by row costs the page nothing more.
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of Array.from(mutation.addedNodes)) {
        if (!(node instanceof Element)) continue;
        if (node.matches(ROOT)) announce(node);
        for (const banner of Array.from(node.querySelectorAll(ROOT))) announce(banner);
      }
    }
  }).observe(document, { subtree: true, childList: true });
}

/** Keeps the banners of every page of the context, across its navigations. */
export async function keepBanners(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__verdantBanner', ({ page }, text: string) => {
    const shown = SHOWN.get(page) ?? [];
    shown.push(text);
    SHOWN.set(page, shown);
  });
  await context.addInitScript(announceBanners);
}

/** Whether the page has shown a banner containing `text`, not yet taken off the record by `sawBanner`. */
export function hasShownBanner(page: Page, text: string): boolean {
  return (SHOWN.get(page) ?? []).some((banner) => banner.includes(text));
}

/**
 * Passes once the page has shown a banner containing `text` (its title and message joined by a space), and
 * takes that banner off the record, so that a second call for the same words waits for a second banner.
 */
export async function sawBanner(page: Page, text: string, options: { timeout?: number } = {}): Promise<void> {
  await expect
    .poll(
      () => {
        const shown = SHOWN.get(page) ?? [];
        const at = shown.findIndex((banner) => banner.includes(text));
        // Failing, the poll shows the banners the page did show.
        return at >= 0 ? shown.splice(at, 1)[0] : [...shown];
      },
      { message: `a banner saying "${text}"`, ...options },
    )
    .toEqual(expect.stringContaining(text));
}
