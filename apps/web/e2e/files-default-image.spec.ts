import type { Page } from '@playwright/test';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { signIn } from './support/sign-in';

/** A small valid PNG (one red pixel), made in the test rather than read from disk. */
const RED_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(page: Page, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('files-panel').getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: RED_PIXEL_PNG });
  await sawBanner(page, `${name} uploaded`);
}

const card = (page: Page, name: string) => page.getByTestId('file-card').filter({ hasText: name });

test('an administrator uploads an image on the organisation files and makes it the default image', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const first = `roof-${stamp}.png`;
  const second = `plant-${stamp}.png`;
  await signIn(page, 'demo');
  await page.goto('/organisation/files');
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();

  await upload(page, first);
  await expect(card(page, first).getByRole('img', { name: first })).toBeVisible();
  await card(page, first)
    .getByRole('button', { name: `Make ${first} the default image` })
    .click();
  // The organisation may already have a default image: keep it as a plain file.
  const replaceDialog = page.getByRole('dialog', { name: 'Replace the default image' });
  await expect(replaceDialog.or(card(page, first).getByText('Default image'))).toBeVisible();
  if (await replaceDialog.isVisible()) {
    await replaceDialog.getByRole('button', { name: 'Just replace' }).click();
  }
  await expect(card(page, first).getByText('Default image')).toBeVisible();

  // Replacing a default offers to delete the old image; this time delete it.
  await upload(page, second);
  await card(page, second)
    .getByRole('button', { name: `Make ${second} the default image` })
    .click();
  await expect(replaceDialog).toContainText(
    'There is already a default image.  Delete the old image, or keep it in the files?',
  );
  await replaceDialog.getByRole('button', { name: 'Delete old image' }).click();
  await expect(card(page, second).getByText('Default image')).toBeVisible();
  await expect(card(page, first)).toHaveCount(0);

  // The default image survives a reload and its thumbnail loads through the direct link.
  await page.reload();
  const thumbnail = card(page, second).getByRole('img', { name: second });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
