import { E2E_SHORT_SESSION_PORT } from '../../../playwright.config';
import { expect, test } from './support/axe-test';
import { signIn } from './support/sign-in';

// This server's sessions last 25 seconds (SESSION_TTL_SECONDS), so the warning shows at once and the
// session then runs out while the user does nothing.
const base = `http://127.0.0.1:${E2E_SHORT_SESSION_PORT}`;

test('an expired session warns first, then forces logout', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo', undefined, base);
  await expect(page.getByText(/Your session will expire in/)).toBeVisible();
  await expect(page).toHaveURL(/\/login/, { timeout: 45_000 });
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  // Nothing of the old session is left in the browser.
  const stored = await page.evaluate(() =>
    Object.keys(sessionStorage).filter((k) => sessionStorage.getItem(k)),
  );
  expect(stored.join(',')).not.toMatch(/token/i);
  await page.goto(`${base}/dashboard`);
  await expect(page).toHaveURL(/\/login/);
});
