import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { meters } from '@verdant/db/schema/assets';
import { jobs } from '@verdant/db/schema/organisation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The invoice entry report's merged periods (docs/decisions/performance.md, The invoice entry report merges
 * periods in the database), today 20 June 2026. Merged (open 1 January 2026): invoices 1-31 January, 1-28
 * February (adjacent), 15 February-10 March (overlapping), 1-30 April; notes marking no invoices on purpose
 * 1-10 May and from 1 June, still open (to today). Covered: 1 January-10 March, 1 April-10 May, 1-20 June; gaps
 * 11-31 March and 11-31 May; first invoiced 1 January, last 20 June (the open note, to today). Future note (open
 * 1 January 2026): invoiced January, a note from 1 July still open: it covers no day (to today is before its
 * start), so 1 February to today is a gap, yet it counts as last invoiced today.
 *
 * The runs of estimates the report reads (docs/decisions/performance.md, Estimated reads start from the
 * estimates), one meter each:
 * - All estimated: January, February, March estimated, no actual read: since January, 3.
 * - Reversed: January actual, February estimated, March estimated but reversed: since February, 1.
 * - Same start, actual last: February estimated, then February actual entered after it (higher id): none.
 * - Same start, estimate last: February actual, then February estimated entered after it: since February, 1.
 * - Replaced: January actual, February a replacement invoice, estimated: since February, 1.
 * - Deleted: January estimated, the meter deleted: none.
 */
let t: TestApp;
let org: { id: number };
const ids: Record<string, number> = {};
let token = '';

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-06-20T10:00:00Z') });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Estimates Org' });
  const electricity = await createDataType(db, { name: 'Electricity estimates' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2020-01-01' };
  const site = await createSite(db, org.id, { name: 'Works' });
  const meter = async (name: string) => {
    const m = await createMeter(db, site, { localName: name, ...kwh });
    ids[name] = m.id;
    return m;
  };
  const month = (m: string, estimated: boolean) => ({
    from: `2026-${m}-01`,
    till: `2026-${m}-28`,
    consumption: 100,
    cost: 20,
    estimated,
  });
  const all = await meter('All estimated');
  for (const m of ['01', '02', '03']) await createInvoice(db, all, month(m, true));
  const reversed = await meter('Reversed');
  await createInvoice(db, reversed, month('01', false));
  await createInvoice(db, reversed, month('02', true));
  const march = await createInvoice(db, reversed, month('03', true));
  await createInvoice(db, reversed, { ...month('03', false), kind: 'reversal', reverses: [march.id] });
  const actualLast = await meter('Same start, actual last');
  await createInvoice(db, actualLast, month('02', true));
  await createInvoice(db, actualLast, month('02', false));
  const estimateLast = await meter('Same start, estimate last');
  await createInvoice(db, estimateLast, month('02', false));
  await createInvoice(db, estimateLast, month('02', true));
  const replaced = await meter('Replaced');
  await createInvoice(db, replaced, month('01', false));
  await createInvoice(db, replaced, { ...month('02', true), kind: 'replacement' });
  const merged = await meter('Merged');
  await db.update(meters).set({ meterOpen: '2026-01-01' }).where(eq(meters.id, merged.id));
  for (const [from, till] of [
    ['2026-01-01', '2026-01-31'],
    ['2026-02-01', '2026-02-28'],
    ['2026-02-15', '2026-03-10'],
    ['2026-04-01', '2026-04-30'],
  ] as const)
    await createInvoice(db, merged, { from, till, consumption: 100, cost: 20 });
  await db.insert(jobs).values([
    {
      organisationId: org.id,
      meterId: merged.id,
      dateFrom: '2026-05-01',
      dateTill: '2026-05-10',
      text: 'Shut',
      invoiceGapFiller: true,
    },
    {
      organisationId: org.id,
      meterId: merged.id,
      dateFrom: '2026-06-01',
      text: 'Closed for works',
      invoiceGapFiller: true,
    },
  ]);
  const future = await meter('Future note');
  await db.update(meters).set({ meterOpen: '2026-01-01' }).where(eq(meters.id, future.id));
  await createInvoice(db, future, { from: '2026-01-01', till: '2026-01-31', consumption: 100, cost: 20 });
  await db.insert(jobs).values({
    organisationId: org.id,
    meterId: future.id,
    dateFrom: '2026-07-01',
    text: 'Works from July',
    invoiceGapFiller: true,
  });
  const deleted = await meter('Deleted');
  await createInvoice(db, deleted, month('01', true));
  await db.update(meters).set({ deletedAt: new Date() }).where(eq(meters.id, deleted.id));
  await createMember(db, org.id, { loginId: 'e.observer', accessId: 4 });
  token = await t.login('e.observer');
});
afterAll(() => t.close());

describe('GET /organisations/{id}/estimated-reads-report: the runs of estimates', () => {
  it('counts each run back to the latest counted invoice that is not an estimate', async () => {
    const res = await t.app.inject({
      url: `/api/organisations/${org.id}/estimated-reads-report`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const row = (name: string, since: string, estimates: number) => ({
      meterId: ids[name],
      account: null,
      localName: name,
      estimatesSince: since,
      estimates,
    });
    // Oldest run first, then by name.
    expect(res.json()).toEqual([
      row('All estimated', '2026-01-01', 3),
      row('Replaced', '2026-02-01', 1),
      row('Reversed', '2026-02-01', 1),
      row('Same start, estimate last', '2026-02-01', 1),
    ]);
  });
});

describe('GET /organisations/{id}/invoices-reports: merged periods', () => {
  it('answers the gaps between the merged periods, first and last invoiced days', async () => {
    const res = await t.app.inject({
      url: `/api/organisations/${org.id}/invoices-reports`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const merged = (res.json() as { localName: string }[]).find((r) => r.localName === 'Merged');
    expect(merged).toMatchObject({
      meterOpen: '2026-01-01',
      gaps: [
        ['2026-03-11', '2026-03-31'],
        ['2026-05-11', '2026-05-31'],
      ],
      firstInvoiced: '2026-01-01',
      lastInvoiced: '2026-06-20',
    });
    const future = (res.json() as { localName: string }[]).find((r) => r.localName === 'Future note');
    expect(future).toMatchObject({
      gaps: [['2026-02-01', '2026-06-20']],
      firstInvoiced: '2026-01-01',
      lastInvoiced: '2026-06-20',
    });
  });
});
