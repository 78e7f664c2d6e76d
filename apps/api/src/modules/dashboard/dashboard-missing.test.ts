import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * A lived month without a figure is missing, not 0 (docs/decisions/dashboard.md, A lived month without a figure
 * is missing). Today is 21 November 2026: the last complete month is October 2026, compared with October 2025.
 * Electricity 0.1 kg/kWh (scope 2), water 0.3 kg/m3 (scope 3).
 *
 *   meter        Sep 2025          Oct 2025          Sep 2026          Oct 2026
 *   Supply       2000 kWh $400     2400 kWh $480     1800 kWh $360     (invoice skipped)
 *   Water        -                 -                 -                 100 m3 $250
 *
 * kWh: Oct 2026 has no figure (water is not kWh): missing, 0 in cons1; Oct 2025 is 2400.
 * Cost: Oct 2026 = 250 (water) against 480. kg CO2e: Oct 2026 = 100 x 0.3 = 30 against 2400 x 0.1 = 240.
 * The calendar year 2026 against 2025: the recent series has figures in Sep (kWh) and Sep, Oct ($, kg CO2e);
 * the earlier series in Sep and Oct 2025 only; Nov and Dec 2026 are future, not missing, while Nov and Dec 2025
 * were lived and have no figure.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const month = (m: number) => `2026-${String(m).padStart(2, '0')}`;
const months = (...ms: number[]) => ms.map(month);
const janToAug = months(1, 2, 3, 4, 5, 6, 7, 8);

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  const org = await createOrganisation(db, { name: 'Gap Org' });
  const source = await createFactorSource(db);
  const electricity = await createDataType(db, { name: 'Electricity' });
  const water = await createDataType(db, {
    name: 'Water supply',
    typeId: 2,
    stdUnit: 'm3',
    standardisedUnit: 'volume',
  });
  const factor = { sourceId: source.id, startDate: '2020-01-01' };
  await createFactor(db, { ...factor, dataTypeId: electricity.id, scope: 2, rate: 0.1 });
  await createFactor(db, { ...factor, dataTypeId: water.id, scope: 3, rate: 0.3 });
  const site = await createSite(db, org.id, { name: 'Plant' });
  const supply = await createMeter(db, site, {
    localName: 'Supply',
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
  });
  const tap = await createMeter(db, site, {
    localName: 'Water',
    energyId: water.id,
    unitId: water.stdUnitId,
  });
  const bill = (from: string, till: string, consumption: number, cost: number) => ({
    from,
    till,
    consumption,
    cost,
  });
  await createInvoice(db, supply, bill('2025-09-01', '2025-09-30', 2000, 400));
  await createInvoice(db, supply, bill('2025-10-01', '2025-10-31', 2400, 480));
  await createInvoice(db, supply, bill('2026-09-01', '2026-09-30', 1800, 360));
  await createInvoice(db, tap, bill('2026-10-01', '2026-10-31', 100, 250));
  await recomputeFacts(db, [supply.id, tap.id], '2026-11-21');

  await createMember(db, org.id, { loginId: 'gap-watcher', accessId: 4 });
  // Sees only the water meter: no kWh at all.
  const narrowed = await createMember(db, org.id, { loginId: 'gap-narrowed', accessId: 4 });
  await grantRight(db, {
    userId: narrowed.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: supply.id,
    rightId: -1,
  });
  for (const k of ['gap-watcher', 'gap-narrowed']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const get = async (who: string, url: string) =>
  (await t.app.inject({ url: `/api/dashboard/${url}`, headers: bearer(tokens[who] ?? '') })).json();

describe('a lived month without a figure', () => {
  it('monthly savings names the missing month per measure, its figure 0', async () => {
    expect(await get('gap-watcher', 'monthly-savings-cons')).toMatchObject({
      cons1: 0,
      cons2: 2400,
      incomplete: false,
      missing: { recent: true, earlier: false },
    });
    expect(await get('gap-watcher', 'monthly-savings-cost')).toMatchObject({
      cons1: 250,
      cons2: 480,
      missing: { recent: false, earlier: false },
    });
    expect(await get('gap-watcher', 'monthly-savings-co2e')).toMatchObject({
      cons1: 30,
      cons2: 240,
      missing: { recent: false, earlier: false },
    });
    expect(await get('gap-narrowed', 'monthly-savings-cons')).toMatchObject({
      cons1: 0,
      cons2: 0,
      missing: { recent: true, earlier: true },
    });
  });

  it('the yearly comparison lists lived months without a figure in each series, never future ones', async () => {
    const cons = await get('gap-watcher', 'yearly-comparison-cons');
    expect(cons.data).toEqual([
      [0, 0, 0, 0, 0, 0, 0, 0, 1800, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0, 0, 2000, 2400, 0, 0],
    ]);
    expect(cons.futureMonths).toEqual(months(11, 12));
    expect(cons.missingMonths).toEqual([
      [...janToAug, month(10)],
      [...janToAug, ...months(11, 12)],
    ]);
    for (const measure of ['cost', 'co2e']) {
      const other = await get('gap-watcher', `yearly-comparison-${measure}`);
      expect(other.data[0][9]).toBe(measure === 'cost' ? 250 : 30);
      expect(other.missingMonths).toEqual([janToAug, [...janToAug, ...months(11, 12)]]);
    }
    const narrowed = await get('gap-narrowed', 'yearly-comparison-cons');
    expect(narrowed.missingMonths).toEqual([
      months(...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      months(...Array.from({ length: 12 }, (_, i) => i + 1)),
    ]);
  });
});
