import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

interface Finding {
  url: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Rules axe cannot judge reliably here: a canvas chart's pixels and colour over gradients. */
const SKIPPED_RULES = ['color-contrast-enhanced'];

async function scan(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules(SKIPPED_RULES)
    // The map library's own attribution control.
    .exclude('.leaflet-control-attribution')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      url: page.url(),
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/**
 * Every journey's page is checked with axe-core on each screen it visits (each change of address, once the
 * screen has settled, and once more at the end); the test fails on any serious or critical violation.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const findings: Finding[] = [];
    const scanned = new Set<string>();
    let queue = Promise.resolve();
    const check = async () => {
      const url = page.url();
      if (page.isClosed() || url === 'about:blank' || scanned.has(url)) return;
      try {
        await page.waitForLoadState('networkidle', { timeout: 5_000 });
        await page.waitForTimeout(300);
        if (page.url() !== url) return;
        const found = await scan(page);
        scanned.add(url);
        findings.push(...found);
      } catch {
        // The journey moved on or closed the page mid-scan: the next screen is scanned in its turn.
      }
    };
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) queue = queue.then(check);
    });
    await use(page);
    await queue;
    if (!page.isClosed()) {
      scanned.delete(page.url());
      await check();
    }
    const unique = [...new Map(findings.map((f) => [`${f.id} ${f.targets.join()}`, f])).values()];
    expect(unique, 'serious or critical accessibility violations').toEqual([]);
  },
});
