import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settle } from './screens';

// One scan of the accessibility harness, and what it waits for first; axe-test.ts decides when each runs.

/** A serious or critical violation: the screen it was found on, the rule, and up to five of its elements. */
export interface Finding {
  screen: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** WCAG 2.1 A and AA: the level a customer's acceptance test asks for. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Rules a screen can break for a moment: a combobox's list between two filterings has no options yet
 * (aria-required-children) while the journey types; a notification closing on its own timer fades out, half
 * transparent, during a scan (color-contrast). A finding of these is checked again once the page has settled,
 * and counts only if it is still there.
 */
const TRANSIENT_RULES = new Set(['aria-required-children', 'color-contrast']);

/** A timed banner (core-portal.md: 2.5 s, 10 s for errors) outlasts this; one that stays is scanned anyway. */
const BANNER_CAP_MS = 11_000;

/**
 * Waits until no banner shows, or the journey is over. A scan holds the page's one thread for seconds on a busy
 * machine: run while a confirmation shows, it lets the banner's 2.5 s pass unseen, and the journey looking for it
 * fails. So the scans queued behind a journey start only between banners; once it ended, nobody looks.
 */
export async function betweenBanners(page: Page, over: () => boolean): Promise<void> {
  const until = Date.now() + BANNER_CAP_MS;
  while (!over() && !page.isClosed() && Date.now() < until) {
    if ((await page.locator('.mantine-Notification-root').count()) === 0) return;
    await page.waitForTimeout(100);
  }
}

/** A screen as a scan was queued for it: its name, its address, and the dialog it is, if one. */
export interface Showing {
  screen: string;
  url: string;
  dialog?: string;
}

/** The page still shows the screen: the same address and, for a dialog's screen, a dialog open. */
export async function stillShows(page: Page, { url, dialog }: Showing): Promise<boolean> {
  if (page.isClosed() || page.url() !== url) return false;
  if (dialog === undefined) return true;
  return (await page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').count()) > 0;
}

export async function scan(page: Page, at: Showing, over: () => boolean): Promise<Finding[]> {
  const { screen } = at;
  const first = await scanOnce(page, screen);
  if (!first.some((f) => TRANSIENT_RULES.has(f.id))) return first;
  const lasting = first.filter((f) => !TRANSIENT_RULES.has(f.id));
  try {
    await page.waitForTimeout(500);
    await settle(page);
    await betweenBanners(page, over);
    // The journey moved on (saved and closed the dialog, say): the finding cannot be confirmed, and a scan now
    // would judge another screen under this one's name while the journey looks for its banner.
    if (!(await stillShows(page, at))) return lasting;
    const again = await scanOnce(page, screen);
    // The journey may have acted during the scan (Create, say, fading its dialog out as it closed).
    if (!(await stillShows(page, at))) return lasting;
    const confirmed: Finding[] = [];
    for (const finding of again.filter((f) => TRANSIENT_RULES.has(f.id))) {
      const targets = await steadyTargets(page, finding.targets);
      if (targets.length > 0) confirmed.push({ ...finding, targets });
    }
    return [...lasting, ...confirmed];
  } catch {
    // The journey closed the page meanwhile: the finding could not be confirmed.
    return lasting;
  }
}

/**
 * The elements of a finding still on the page and not inside anything moving (a dialog fading out as it closes,
 * a list fading in): only those confirm a transient rule's finding.
 */
function steadyTargets(page: Page, targets: string[]): Promise<string[]> {
  return page.evaluate((selectors) => {
    const moving = document
      .getAnimations()
      .filter((a) => a.playState === 'running')
      .map((a) => (a.effect instanceof KeyframeEffect ? a.effect.target : null))
      .filter((t): t is Element => t instanceof Element);
    return selectors.filter((selector) => {
      let element: Element | null;
      try {
        element = document.querySelector(selector);
      } catch {
        return true; // a selector this page cannot read: the finding stands
      }
      return element !== null && !moving.some((t) => t.contains(element));
    });
  }, targets);
}

async function scanOnce(page: Page, screen: string): Promise<Finding[]> {
  // Legacy mode runs axe in the page itself; the default opens a blank page per scan to finish the run,
  // which only matters for cross-origin frames, and the product has none.
  const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      screen,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/** A screen is its address; a dialog opened on it is a screen of its own. */
export function screenOf(url: string, dialog?: string): string {
  const { pathname, search } = new URL(url);
  return dialog === undefined ? `${pathname}${search}` : `${pathname}${search} [dialog: ${dialog}]`;
}
