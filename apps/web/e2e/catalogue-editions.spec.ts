import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afresh } from './support/afresh';
import { expect, test } from './support/axe-test';
import { sawBanner } from './support/banners';
import { E2E_ADMIN_PASSWORD } from './support/global-setup';
import { readPdf } from './support/pdf';
import { shots } from './support/screens';
import { signIn } from './support/sign-in';

/*
 * Factor editions (docs/decisions/catalogue.md, Editions; Restatements applied as a job): a product administrator
 * reads the admin checks, loads a publisher's file as a draft edition, reads what changed, previews the
 * restatement publishing it would make, confirms it and watches the Emission Factor Update on /tools; the demo
 * organisation's administrator then reads the restatement on GHG Reporting Settings and augments its factors.
 */
const file = (edition: string, kg: string) =>
  [
    'Publisher,Edition,Data type,Unit,Scope,Basis,Valid from,Valid to,kg CO2e',
    `NZ Ministry for the Environment,${edition},Electricity (grid supplied),kWh,2,location,2025-01-01,2025-12-31,${kg}`,
  ].join('\n');
/** The first try's edition, which the later tests read; a retry publishes one of its own after it. */
const EDITION = 'MfE 2027 (journey)';

/** The demo organisation's 12 month comparison in emissions: its months as the table under the chart reads. */
async function emissionsComparison(page: import('@playwright/test').Page) {
  await page.goto('/');
  const card = page.getByRole('region', { name: '12 month overall comparison' });
  await card.getByText('Emissions', { exact: true }).click();
  await expect(card).toHaveAttribute('data-measure', 'co2e');
  await expect(card.locator('tbody tr').first()).toBeVisible();
  return { card, text: await card.locator('tbody').innerText() };
}

/** The comparison's months as originally reported, read from the dashboard's choice; restated again after. */
async function originalFigures(
  page: import('@playwright/test').Page,
  card: import('@playwright/test').Locator,
) {
  const choice = page.getByTestId('figures-basis');
  await choice.getByText('As originally reported', { exact: true }).click();
  await expect(card).toHaveAttribute('data-basis', 'original');
  const text = await card.locator('tbody').innerText();
  await choice.getByText('Restated', { exact: true }).click();
  await expect(card).toHaveAttribute('data-basis', 'restated');
  return text;
}

test('an edition is loaded, compared, previewed, confirmed and watched on /tools', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(300_000);
  // A retry publishes an edition of its own at another rate: the failed try may have published its edition.
  const edition = afresh(info, EDITION);
  const kg = (0.065 + 0.005 * info.retry).toFixed(4);
  // The demo organisation's dashboard before: 2025's grid electricity at MfE 2026's rate.
  const demo = await browser.newPage();
  await signIn(demo, 'demo');
  const before = await emissionsComparison(demo);
  const choice = demo.getByTestId('figures-basis');
  // The figures as originally reported: those of before, unless the failed try restated them already.
  const republished = info.retry > 0 && (await choice.count()) > 0;
  const original = republished ? await originalFigures(demo, before.card) : before.text;
  // No restatement yet: the dashboard offers no choice of figures.
  if (!republished) await expect(choice).toHaveCount(0);
  await shots(demo, 'dashboard-before', info, { part: before.card });

  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/setup');
  const checks = page.getByRole('group', { name: 'Admin checks' });
  await expect(
    checks.getByRole('button', { name: /^Factors with gaps in time: (none|\d+) found/ }),
  ).toBeVisible();
  await checks.getByRole('button', { name: /^Composites not totalling 100 %/ }).click();
  await expect(page.getByRole('dialog', { name: 'Composites not totalling 100 %' })).toContainText(
    'Nothing found.',
  );
  await page.keyboard.press('Escape');
  await shots(page, 'activities-checks', info);

  await page.getByRole('link', { name: 'Factor Editions' }).click();
  await expect(page).toHaveURL(/\/setup\/editions$/);
  await expect(page.getByRole('table', { name: 'Editions' })).toContainText('MfE 2026');
  const form = page.getByRole('form', { name: 'Load an edition' });
  await form.getByLabel('Edition').fill(edition);
  await form.getByLabel('Published').fill('01/11/2026');
  await form.getByLabel('Source title').fill('Measuring emissions (journey copy)');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'mfe-2027.csv', mimeType: 'text/csv', buffer: Buffer.from(file(edition, kg)) });
  await shots(page, 'editions', info);
  await form.getByRole('button', { name: 'Load as a draft' }).click();

  await expect(page).toHaveURL(/\/setup\/editions\/\d+$/);
  await expect(page.getByRole('heading', { name: edition })).toBeVisible();
  const diff = page.getByRole('table', { name: 'What changed' });
  await expect(page.getByText(`Against ${republished ? EDITION : 'MfE 2026'}`)).toBeVisible();
  await expect(diff.getByRole('row', { name: /changed Electricity \(grid supplied\)/ })).toContainText('%');
  await page.getByLabel('Why').fill('MfE revised 2025 grid electricity');
  await page.getByRole('button', { name: 'Preview the restatement' }).click();
  const byOrg = page.getByRole('table', { name: 'Restatement by organisation' });
  await expect(byOrg).toBeVisible({ timeout: 60_000 });
  await expect(byOrg).toContainText('2025');
  await shots(page, 'edition-preview', info);
  await page.getByRole('button', { name: 'Confirm and publish' }).click();
  await page.getByRole('link', { name: 'Watch it on Background Jobs' }).click();

  await expect(page).toHaveURL(/\/tools\/jobs\/\d+$/);
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/kg CO2e in all/)).toBeVisible();
  await shots(page, 'job', info);
  await page.getByRole('link', { name: 'Background Jobs' }).first().click();
  await expect(page.getByRole('table', { name: 'Background jobs' })).toContainText(
    `Emission Factor Update: ${edition}`,
  );
  await expect(page.getByRole('table', { name: 'Queues' })).toContainText('restatement');
  await shots(page, 'tools', info);

  // The organisation's dashboard after: the months of 2025 it shows moved to MfE 2027's rate.
  const after = await emissionsComparison(demo);
  await expect(after.card.locator('tbody')).not.toHaveText(before.text);
  await shots(demo, 'dashboard-after', info, { part: after.card });

  // The dashboard now offers its emissions as originally reported: the figures of before, and the edition then.
  await expect(choice).toContainText(/Restated: the kg CO2e of 2025 as the restatements? of/);
  await expect(choice).toContainText(`MfE 2026 → ${EDITION}`);
  await expect(choice).toContainText(`→ ${edition})`);
  await choice.getByText('As originally reported', { exact: true }).click();
  await expect(demo).toHaveURL(/figures=original/);
  await expect(after.card).toHaveAttribute('data-basis', 'original');
  await expect(after.card.locator('tbody')).toHaveText(original, { useInnerText: true });
  await expect(after.card).toContainText('CO2e, as originally reported');
  await expect(after.card.getByTestId('original-figures')).toBeVisible();
  await expect(after.card.getByTestId('factor-editions')).not.toContainText('MfE 2027');
  await expect(choice).toContainText('As originally reported: the kg CO2e of 2025 as they stood before');
  const lastMonth = demo.getByRole('region', { name: 'Last month' }).getByTestId('last-month-co2e');
  await expect(lastMonth.getByTestId('original-figures')).toBeVisible();
  await shots(demo, 'dashboard-original', info);
  // Back to the restated figures, the default.
  await choice.getByText('Restated', { exact: true }).click();
  await expect(after.card).toHaveAttribute('data-basis', 'restated');
  await expect(after.card.locator('tbody')).toHaveText(after.text, { useInnerText: true });
  await demo.close();
});

test('the organisation reads its restatement and augments its factors', async ({ page }, info) => {
  test.setTimeout(120_000);
  const name = afresh(info, 'Harbour Supplier Measured');
  await signIn(page, 'demo');
  await page.goto('/organisation/settings');
  const section = page.getByRole('region', { name: 'Factor editions and restatements' });
  const restatement = section.getByRole('article').filter({ hasText: `MfE 2026 → ${EDITION}` });
  await expect(restatement).toContainText('As originally reported');
  await shots(page, 'ghg-restatements', info, { part: section });

  await page.getByRole('button', { name: 'Augment Factors' }).click();
  const dialog = page.getByRole('dialog', { name: 'Augment Factors' });
  await dialog.getByLabel('Name').fill(name);
  await expect(dialog.getByText(`The set will be named ${name} Factors`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  // The set is copied factor by factor: on a busy machine that takes longer than an expectation's usual 10 s.
  await sawBanner(page, `${name} Factors created`, { timeout: 30_000 });
});

test('reports, the graph builder, the site list and the site page after the restatement', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');
  // A report of kg CO2e now offers its figures as originally reported, and says so in the file.
  await page.goto('/reports/mgmt');
  await page.getByRole('button', { name: 'Create Report Site league table' }).click();
  const dialog = page.getByRole('dialog', { name: /Create Report/ });
  await dialog.getByRole('combobox', { name: 'Figures' }).click();
  await page.getByRole('option', { name: 'As originally reported' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Figures' })).toHaveValue('As originally reported');
  await shots(page, 'report-form-original', info);
  const output = dialog.getByRole('combobox', { name: 'Output' });
  await output.click();
  await page.getByRole('option', { name: /PDF/ }).click();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Run now' }).click();
  const pdf = info.outputPath('site-league-original.pdf');
  await (await download).saveAs(pdf);
  const text = readPdf(pdf, info.outputPath('site-league-page')).replace(/\s+/g, ' ');
  expect(text).toContain('Site league table, as originally reported');
  expect(text).toMatch(
    /Emissions as originally reported, before restatements? \d+ of \d\d\/\d\d\/\d{4} \(from MfE 2026/,
  );
  // A retry of the first test restates again, to an edition of its own ('MfE 2027 (journey) 2').
  expect(text).toMatch(/to MfE 2027 \(journey\)( \d+)?\)\. Factors: /);

  // The complimentary report takes the same Figures for all its pages, and prints them the same way.
  await page.goto('/reports/comp-report');
  await page.getByRole('combobox', { name: 'Page', exact: true }).click();
  await page.getByRole('option', { name: 'Site league table' }).click();
  await page.getByRole('combobox', { name: 'Months', exact: true }).click();
  await page.getByRole('option', { name: 'Last 12 months' }).click();
  await page.getByRole('button', { name: 'Add page' }).click();
  await page.getByRole('combobox', { name: 'Figures' }).click();
  await page.getByRole('option', { name: 'As originally reported' }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  const frame = page.getByTitle('Complimentary report preview');
  await expect(frame).toBeVisible({ timeout: 120_000 });
  // The PDF the preview drew, asked for again with the page's session: the XML it shows, as originally reported.
  const xml = await page.locator('pre').filter({ hasText: '<compReport' }).textContent();
  const session = await page.evaluate(() => ({
    token: sessionStorage.getItem('verdant.token') ?? '',
    organisation: (
      JSON.parse(sessionStorage.getItem('verdant.organisation') ?? 'null') as { id: number } | null
    )?.id,
  }));
  const drawn = await page.request.post(
    `/api/organisations/${session.organisation}/reporting/comp-report/preview`,
    { headers: { Authorization: `Bearer ${session.token}` }, data: { xml, basis: 'original' } },
  );
  expect(drawn.ok()).toBe(true);
  const bytes = await drawn.body();
  const comp = info.outputPath('comp-report-original.pdf');
  writeFileSync(comp, Buffer.from(bytes));
  const compText = readPdf(comp, info.outputPath('comp-report-page')).replace(/\s+/g, ' ');
  expect(compText).toContain('Complimentary Report, as originally reported');
  expect(compText).toMatch(/Emissions as originally reported, before restatements? \d+ of \d\d\/\d\d\/\d{4}/);
  await shots(page, 'comp-report-original', info);

  // The site list names the editions of its month's kg CO2e.
  await page.goto('/organisation/sites');
  await page.getByRole('radiogroup', { name: 'Figure' }).getByText('CO2e', { exact: true }).click();
  await expect(page.getByTestId('factor-editions')).toContainText('Factors: ');
  await shots(page, 'sites-co2e', info);

  // So does the data sources list.
  await page.goto('/data-sources');
  await page.getByRole('radiogroup', { name: 'Figure' }).getByText('Emissions', { exact: true }).click();
  await expect(page.getByTestId('factor-editions')).toContainText('Factors: ');
  await shots(page, 'data-sources-co2e', info);
  await page.goto('/organisation/sites');

  // The site page's monthly comparison in emissions, and the graph builder from it.
  await page.getByRole('link', { name: 'Head Office', exact: true }).click();
  const comparison = page.locator('.mantine-Paper-root').filter({ hasText: 'Monthly comparison' }).last();
  await page.getByRole('radiogroup', { name: 'Figure' }).getByText('Emissions', { exact: true }).click();
  await expect(page.getByTestId('factor-editions').first()).toContainText('MfE 2027 (journey)');
  await shots(page, 'site-co2e', info, { part: comparison });
  await page.getByRole('link', { name: 'Time series report' }).click();
  await page.getByRole('region', { name: 'Quantity' }).getByRole('combobox', { name: 'Quantity' }).click();
  await page
    .getByRole('option', { name: /^Emissions/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add series' }).click();
  await expect(page.locator('[data-chart="echarts"] canvas')).toBeVisible();
  await expect(page.getByTestId('factor-editions')).toContainText('MfE 2027 (journey)');
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download data CSV' }).click();
  const path = info.outputPath('emissions.csv');
  await (await csv).saveAs(path);
  const last = execFileSync('tail', ['-n', '1', path]).toString();
  // After a restatement the closing line names it first, then the editions (docs/decisions/factor-editions.md).
  expect(last).toMatch(
    /^"?Restated: .*from MfE 2026 to MfE 2027 \(journey\).*Factors: .*MfE 2027 \(journey\)/,
  );
  await shots(page, 'graph-co2e', info);
});
