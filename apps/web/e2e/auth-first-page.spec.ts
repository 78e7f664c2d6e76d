import type { Browser } from '@playwright/test';
import { expect, test } from './support/axe-test';

/** The scripts a signed-out visitor's browser fetches, with an empty cache, until the login form shows. */
async function scriptsFetched(
  browser: Browser,
  path: string,
): Promise<{ scripts: Set<string>; url: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const url = page.url();
  await context.close();
  return { scripts, url };
}

// The README tells a newcomer to open the portal's address, '/': signed out, it must cost no more than the
// login page it ends on (docs/decisions/performance.md, The README's address).
test("the README's address, signed out, loads nothing the login page does not", async ({ browser }) => {
  const login = await scriptsFetched(browser, '/login');
  const first = await scriptsFetched(browser, '/');
  expect(new URL(first.url).pathname).toBe('/login');
  expect([...first.scripts].filter((s) => !login.scripts.has(s))).toEqual([]);
});

test('a deep link, signed out, goes to the login page without loading the shell', async ({ browser }) => {
  const deep = await scriptsFetched(browser, '/organisation/sites');
  expect(new URL(deep.url).pathname).toBe('/login');
  expect(new URL(deep.url).searchParams.get('next')).toBe('/organisation/sites');
  expect([...deep.scripts].filter((s) => /shell-layout/.test(s))).toEqual([]);
});
