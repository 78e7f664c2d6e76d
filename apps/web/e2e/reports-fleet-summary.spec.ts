import { expect, test } from './support/axe-test';
import { readPdf } from './support/pdf';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

test('the fleet summary runs to a PDF, and the schedule fields use the full width on a phone', async ({
  page,
  axe,
}, info) => {
  await signIn(page, 'demo');
  await page.goto('/reports/mgmt');
  await page.getByRole('button', { name: 'Create Report Fleet summary' }).click();
  const dialog = page.getByRole('dialog', { name: /Create Report/ });
  await dialog.getByRole('textbox', { name: 'Email to' }).fill('ana@example.nz');
  await axe.done(page);
  await shots(page, 'fleet-summary-create', info);
  // At 390 px each schedule field takes the modal's whole width, not half of it.
  await page.setViewportSize({ width: 390, height: 900 });
  const hold = await dialog.getByRole('textbox', { name: 'Wait until complete (%)' }).boundingBox();
  expect(hold?.width ?? 0).toBeGreaterThan(300);
  await page.setViewportSize({ width: 1366, height: 860 });

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Run now' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^fleet-summary-\d{4}-\d{2}\.pdf$/);
  const pdf = info.outputPath('fleet-summary.pdf');
  await file.saveAs(pdf);
  const text = readPdf(pdf, info.outputPath('page'), { layout: true });
  expect(text).toContain('Fleet summary');
  expect(text).toContain('Where these figures come from');
});
