import { expect, test } from './support/axe-test';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * Top Consumption Increase and Decrease compare like with like (docs/domain.md, Dashboard figures): no distance
 * meter in km beside energy meters, and no reversed, not yet rebilled month shown as a -100 % saving.
 */
test('the movers list energy meters with whole months only', async ({ page }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');
  for (const name of ['Top Consumption Increase', 'Top Consumption Decrease']) {
    const card = page.getByRole('region', { name });
    const rows = card.getByRole('listitem');
    await expect(rows.first()).toBeVisible({ timeout: 60_000 });
    await expect(card).not.toContainText('distance');
    await expect(card).not.toContainText('-100.0%');
  }
  await shots(page, 'dashboard', info, { widths: [1440, 390] });
});
