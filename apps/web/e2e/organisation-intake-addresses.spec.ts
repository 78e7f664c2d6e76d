import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * Invoices by email on Organisation Settings (docs/decisions/email-intake.md, Managing intake addresses): the
 * organisation's administrator sees the demo's address, adds one (a bad sender and a taken address refused
 * beside their fields), edits it, deactivates it and deletes it, each of the last two after confirmation. An
 * observer does not see the section: its calls are the administrators'.
 */
test('an administrator keeps the intake addresses; an observer does not see them', async ({
  page,
  axe,
  browser,
}, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');
  await page.goto('/organisation/settings');
  const section = page.getByRole('region', { name: 'Invoices by Email' });
  const table = section.getByRole('table', { name: 'Intake addresses' });
  const demoRow = table.getByRole('row', { name: /invoices@demo\.verdant\.example/ });
  await expect(demoRow).toContainText('@meridian.example, @contact.example, @genesis.example');
  await expect(demoRow).toContainText('On');
  await expect(demoRow).toContainText('Active');
  await section.scrollIntoViewIfNeeded();
  await shots(page, 'intake-addresses', info, { part: section });

  // A retry adds an address of its own: the failed try may have added the first and not deleted it.
  const mailbox = afresh(info, 'bills', '');
  const address = `${mailbox}@demo.verdant.example`;
  await section.getByRole('button', { name: 'Add intake address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add intake address' });
  await dialog.getByRole('textbox', { name: 'Intake address' }).fill('invoices@demo.verdant.example');
  await dialog.getByRole('textbox', { name: 'Allowed senders' }).fill('@mercury.example\nmercury.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText("Line 2: Each allowed sender is an email address, or a domain written '@example.com'"),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Allowed senders' }).fill('@mercury.example\nbills@nova.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('That intake address is already in use')).toBeVisible();
  await shots(page, 'intake-address-errors', info, { part: dialog });
  await dialog
    .getByRole('textbox', { name: 'Intake address' })
    .fill(`B${mailbox.slice(1)}@Demo.Verdant.Example`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row', { name: address });
  await expect(row).toContainText('@mercury.example, bills@nova.example');
  await expect(row).toContainText('Off');

  await section.getByRole('button', { name: `Edit ${address}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit intake address' });
  await edit.getByRole('switch', { name: /receipt/ }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('On');

  await section.getByRole('button', { name: `Deactivate ${address}` }).click();
  const pause = page.getByRole('dialog', { name: 'Deactivate intake address' });
  await expect(pause).toContainText('Mail sent to it will be refused until it is activated again.');
  await pause.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Inactive: takes no mail');

  await section.getByRole('button', { name: `Delete ${address}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete intake address' });
  await expect(confirm).toContainText('The 0 messages received through it, and their invoices, stay.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await sawBanner(page, 'Intake address deleted');
  await expect(row).toHaveCount(0);
  await expect(demoRow).toBeVisible();
  await axe.done(page);

  // Another browser: the observer.
  const context = await browser.newContext();
  const observer = await context.newPage();
  await signIn(observer, 'demo.observer');
  await observer.goto('/organisation/settings');
  await expect(
    observer.getByText('Only the organisation’s administrators can change these settings.'),
  ).toBeVisible();
  await expect(observer.getByRole('region', { name: 'Time zone' })).toBeVisible();
  await expect(observer.getByRole('region', { name: 'Invoices by Email' })).toHaveCount(0);
  await context.close();
});
