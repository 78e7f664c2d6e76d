import { type BrowserContext, test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { E2E_PORT, E2E_SHORT_SESSION_PORT } from '../../../../playwright.config';
import { betweenBanners, type Finding, scan, screenOf, stillShows } from './axe-scan';
import { keepBanners } from './banners';
import { settle } from './screens';

export { expect };

/** `E2E_RETRY_DRILL=1`: each journey's first try fails once it has passed; run with `--retries=1`. */
const RETRY_DRILL = process.env.E2E_RETRY_DRILL === '1';

/** The product's own pages; the test identity provider's sign-in page (another port) is not ours to judge. */
const APP_ORIGINS = new Set([E2E_PORT, E2E_SHORT_SESSION_PORT].map((port) => `http://127.0.0.1:${port}`));
const isApp = (url: string) => URL.canParse(url) && APP_ORIGINS.has(new URL(url).origin);

/** Announces each dialog (modal, wizard, popover) as it opens, so it is scanned while it is open. */
function watchDialogs() {
  const seen = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const dialog of Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'))) {
      if (seen.has(dialog)) continue;
      seen.add(dialog);
      const labelledBy = dialog.getAttribute('aria-labelledby');
      const name =
        dialog.getAttribute('aria-label') ??
        (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
        dialog.className.toString().split(' ')[0] ??
        'dialog';
      (window as unknown as { __axeDialogOpened?: (name: string) => void }).__axeDialogOpened?.(name);
    }
  }).observe(document, { subtree: true, childList: true });
}

/**
 * Runs axe-core on every screen a journey visits, one scan at a time per page:
 * - each change of address (a full load or a client-side route change, query included), once it settled;
 * - each dialog as it opens;
 * - the screen showing when the test ends;
 * - any address the journey left before its scan could run, revisited at the end.
 */
/**
 * The screens scanned so far in this worker (the journeys run in one): a screen many journeys pass through
 * (the login page, the dashboard, a site's Overview) is scanned once for the whole run, by the first journey
 * that shows it, instead of once per journey. `axe.check(page)` always scans.
 */
const SCANNED_IN_RUN = new Set<string>();

class AxeWatch {
  readonly findings: Finding[] = [];
  private scanned = SCANNED_IN_RUN;
  /** The screens this journey scanned: scanned again by a retry if the journey or a scan fails. */
  private readonly mine = new Set<string>();

  private markScanned(screen: string): void {
    this.scanned.add(screen);
    this.mine.add(screen);
  }

  private forgetMine(): void {
    for (const screen of this.mine) this.scanned.delete(screen);
  }
  private readonly visited = new Map<string, string>();
  /** Where the scans queued behind the journey spent their time (ms), kept on the test's result. */
  private readonly spent = { scans: 0, settling: 0, banners: 0, scanning: 0 };
  private ended = false;
  /** The journey's steps are over: no banner is looked for any more. */
  private readonly over = () => this.ended;
  private readonly queues = new Map<Page, Promise<void>>();
  private readonly watching = new Map<Page, Promise<void>>();

  watch(page: Page): Promise<void> {
    // The retry drill asks whether journeys can run twice, not how screens read: no scans (below, `finish`).
    if (RETRY_DRILL) return Promise.resolve();
    let ready = this.watching.get(page);
    if (!ready) {
      ready = this.start(page);
      this.watching.set(page, ready);
    }
    return ready;
  }

  private async start(page: Page): Promise<void> {
    this.queues.set(page, Promise.resolve());
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = frame.url();
      if (!isApp(url)) return;
      const screen = screenOf(url);
      if (!this.visited.has(screen)) this.visited.set(screen, url);
      this.enqueue(page, () => this.scanIfStill(page, url));
    });
    await page.exposeFunction('__axeDialogOpened', (name: string) => {
      const url = page.url();
      this.enqueue(page, () => this.scanIfStill(page, url, name));
    });
    await page.addInitScript(watchDialogs);
  }

  private enqueue(page: Page, job: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(page) ?? Promise.resolve()).then(job).catch(() => {
      // The journey closed the page or navigated away mid-scan: the next screen is scanned in its turn.
    });
    this.queues.set(page, next);
    return next;
  }

  /** Scans the screen unless the journey has already left it (or it was scanned before). */
  private async scanIfStill(page: Page, url: string, dialog?: string): Promise<void> {
    const screen = screenOf(url, dialog);
    if (page.isClosed() || page.url() !== url || !isApp(url) || this.scanned.has(screen)) return;
    const began = Date.now();
    await settle(page);
    const settled = Date.now();
    await betweenBanners(page, this.over);
    this.spent.banners += Date.now() - settled;
    this.spent.settling += settled - began;
    const at = { screen, url, dialog };
    if (!(await stillShows(page, at))) return;
    const scanning = Date.now();
    this.findings.push(...(await scan(page, at, this.over)));
    this.spent.scanning += Date.now() - scanning;
    this.spent.scans += 1;
    this.markScanned(screen);
  }

  /**
   * Scans every screen this journey shows, whether or not an earlier journey scanned it: the route walk, which
   * runs late in the suite, judges every screen with the data the earlier journeys left (a history longer
   * than a page, say). Call before the journey's first navigation.
   */
  everyScreen(): void {
    this.scanned = new Set();
  }

  /** Resolves when the scans queued so far for the page are done. */
  async done(page: Page): Promise<void> {
    await this.queues.get(page);
  }

  /** Scans what the page shows now, waiting for the scans queued before it. */
  check(page: Page): Promise<void> {
    if (RETRY_DRILL) return Promise.resolve();
    return this.enqueue(page, async () => {
      if (page.isClosed() || !isApp(page.url())) return;
      await settle(page);
      const url = page.url();
      const screen = screenOf(url);
      // Asked for by the journey, which waits for it: a banner showing now is part of the screen.
      this.findings.push(...(await scan(page, { screen, url }, () => true)));
      this.markScanned(screen);
    });
  }

  /** The end of the test: the last screen of each open page, then the addresses left unscanned. */
  async finish(context: BrowserContext, info: TestInfo): Promise<void> {
    if (RETRY_DRILL) return;
    const pages = [...this.queues.keys()].filter((p) => !p.isClosed());
    this.ended = true;
    await Promise.all([...this.queues.values()]);
    info.annotations.push({ type: 'accessibility scans', description: JSON.stringify(this.spent) });
    if (info.status !== info.expectedStatus) {
      this.forgetMine();
      // The journey failed on its own: report what the scans found so far beside its error.
      if (this.findings.length > 0) console.log(JSON.stringify(this.findings, null, 2));
      return;
    }
    for (const page of pages) await this.check(page);
    const missed = [...this.visited].filter(([screen]) => !this.scanned.has(screen));
    const page = pages.find((p) => p.context() === context) ?? pages[0];
    for (const [screen, url] of missed) {
      if (!page) break;
      await page.goto(url);
      // A screen the session no longer reaches (after logout, say) answers with another screen: scan that.
      await this.check(page);
      this.markScanned(screen);
    }
    const unique = [...new Map(this.findings.map((f) => [`${f.id} ${f.targets.join()}`, f])).values()];
    if (unique.length > 0) this.forgetMine();
    expect(unique, 'serious or critical accessibility violations').toEqual([]);
  }
}

/**
 * Every journey imports `test` from here: each page of the test's browser context is watched by axe-core
 * (see AxeWatch), and the test fails on any serious or critical violation. A page opened outside the
 * context (`browser.newPage()`) is watched with `axe.watch(page)`; `axe.check(page)` scans at once, before
 * a journey closes a page.
 */
export const test = base.extend<{ axe: AxeWatch }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  axe: async ({}, use, info) => {
    // Scans take time of their own: they must not eat into the journey's.
    info.setTimeout(info.timeout + 60_000);
    await use(new AxeWatch());
    // The retry drill (docs/decisions/tooling.md, The retry drill): every first try that passed fails at its
    // end, after all it created, so that its retry shows whether the journey can run again on what it left.
    if (RETRY_DRILL && info.retry === 0 && info.status === info.expectedStatus) {
      throw new Error('retry drill: the first try fails at its end on purpose');
    }
  },
  context: async ({ context, axe }, use, info) => {
    await keepBanners(context);
    context.on('page', (page) => void axe.watch(page));
    await use(context);
    await base.step('accessibility: the last scans', () => axe.finish(context, info), { box: true });
  },
  page: async ({ page, axe }, use) => {
    await axe.watch(page);
    await use(page);
  },
});
