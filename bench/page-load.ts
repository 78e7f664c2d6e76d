import type { ChildProcess } from 'node:child_process';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** What a page load moved, by resource kind. */
export interface Transfer {
  scripts: number;
  scriptBytes: number;
  cssBytes: number;
  apiBytes: number;
  apiCalls: number;
  total: number;
  /** Each script's path and bytes on the wire. */
  scriptList: [string, number][];
}

/** What a page load moves and when it has settled, for the pages bench (./pages.bench.ts). */

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export async function waitForHealth(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the app did not become healthy');
}

/** Counts what a page load moves over the wire, by resource kind. */
export function watch(page: Page): Transfer {
  const t: Transfer = {
    scripts: 0,
    scriptBytes: 0,
    cssBytes: 0,
    apiBytes: 0,
    apiCalls: 0,
    total: 0,
    scriptList: [],
  };
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes();
    const wire = sizes.responseBodySize + sizes.responseHeadersSize;
    t.total += wire;
    const type = request.resourceType();
    if (type === 'script') {
      t.scripts += 1;
      t.scriptBytes += wire;
      t.scriptList.push([new URL(request.url()).pathname, wire]);
    } else if (type === 'stylesheet') t.cssBytes += wire;
    else if (request.url().includes('/api/')) {
      t.apiBytes += wire;
      t.apiCalls += 1;
    }
  });
  return t;
}

export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

export async function chartsDrawn(page: Page) {
  // The dashboard's charts are SVG (other screens' ECharts canvases carry the same mark).
  await page
    .locator('[data-chart] svg, [data-chart] canvas')
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 });
}

export async function testDrive(page: Page) {
  await page.getByRole('button', { name: 'Take a free test drive' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** A fresh context holding the session of `from`, with an empty HTTP cache. */
export async function contextWithSession(browser: Browser, from: Page): Promise<BrowserContext> {
  // Runs in the page: the bench's own types have no DOM.
  type Storage = Record<string, string> & { setItem(key: string, value: string): void };
  const stored = await from.evaluate(() =>
    JSON.stringify({ ...(globalThis as unknown as { sessionStorage: object }).sessionStorage }),
  );
  const context = await browser.newContext();
  await context.addInitScript((entries: string) => {
    const target = (globalThis as unknown as { sessionStorage: Storage }).sessionStorage;
    for (const [k, v] of Object.entries(JSON.parse(entries) as Record<string, string>)) target.setItem(k, v);
  }, stored);
  return context;
}

export function row(what: string, t: Transfer, budget?: number) {
  const verdict = budget === undefined ? '' : t.scriptBytes <= budget ? 'within' : '**over**';
  return `| ${what} | ${t.scripts} | **${kB(t.scriptBytes)}** | ${budget ? `${kB(budget)} (${verdict})` : ''} | ${kB(t.cssBytes)} | ${kB(t.apiBytes)} in ${t.apiCalls} calls | ${kB(t.total)} |`;
}
