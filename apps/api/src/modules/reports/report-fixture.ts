import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { parse } from 'csv-parse/sync';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The monthly summary against a small organisation worked by hand (the dashboard's own example, so the two
 * can be compared). Today is 21 November 2026: the last complete month is October 2026.
 *
 *   meter             site    Oct 2026                 Oct 2025
 *   Depot supply      Depot   3100 kWh  $620.00        2480 kWh  $496.00
 *   Office supply     Office  2 MWh     $400.00        2.5 MWh   $500.00
 *   Office water      Office  100 m3    $250.00        90 m3     $225.00
 *   Office annex      Office  (invoice late)           900 kWh   $180.00
 *
 * Electricity 0.1 kg/kWh scope 2 + 0.01 scope 3; water 0.3 kg/m3 scope 3.
 * By data type, October 2026: Electricity 5100 kWh, $1,020.00, 561 kg (against 5880 kWh: -13.3 %);
 *   Water supply 100 m3, $250.00, 30 kg (against 90: +11.1 %). Totals: 5100 kWh, $1,270.00, 591 kg.
 * By site: Depot 3100 kWh $620 341 kg (+25.0 %); Office 2000 kWh $650 250 kg (against 3400: -41.2 %).
 * Energy completeness: Depot supply 31 + Office supply 31 of 93 open days (the annex has none): 66.6 %.
 */

/** The organisation worked by hand above, its people signed in, and calls as each of them. */
export async function reportOrganisation(opts: Parameters<typeof createTestApp>[0] = {}) {
  const t: TestApp = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z'), ...opts });
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const db = t.db;
  const org = await createOrganisation(db, { name: 'Report Org' });
  const other = await createOrganisation(db, { name: 'Elsewhere' });
  const source = await createFactorSource(db, { name: 'Test factors 2026' });
  const electricity = await createDataType(db, { name: 'Electricity' }, [
    { name: 'MWh', conversionToStandard: 1000 },
  ]);
  const water = await createDataType(db, {
    name: 'Water supply',
    typeId: 2,
    stdUnit: 'm3',
    standardisedUnit: 'volume',
  });
  const factor = { sourceId: source.id, startDate: '2020-01-01' };
  await createFactor(db, { ...factor, dataTypeId: electricity.id, scope: 2, rate: 0.1 });
  await createFactor(db, { ...factor, dataTypeId: electricity.id, scope: 3, rate: 0.01 });
  await createFactor(db, { ...factor, dataTypeId: water.id, scope: 3, rate: 0.3 });

  const depot = await createSite(db, org.id, { name: 'Depot' });
  const office = await createSite(db, org.id, { name: 'Office' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const m1 = await createMeter(db, depot, { localName: 'Depot supply', ...kwh });
  const m2 = await createMeter(db, office, {
    localName: 'Office supply',
    energyId: electricity.id,
    unitId: electricity.units.MWh?.id,
  });
  const m3 = await createMeter(db, office, {
    localName: 'Office water',
    energyId: water.id,
    unitId: water.stdUnitId,
  });
  const late = await createMeter(db, office, { localName: 'Office annex', ...kwh });
  await createInvoice(db, m1, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
  await createInvoice(db, m1, { from: '2025-10-01', till: '2025-10-31', consumption: 2480, cost: 496 });
  await createInvoice(db, m2, { from: '2026-10-01', till: '2026-10-31', consumption: 2, cost: 400 });
  await createInvoice(db, m2, { from: '2025-10-01', till: '2025-10-31', consumption: 2.5, cost: 500 });
  await createInvoice(db, m3, { from: '2026-10-01', till: '2026-10-31', consumption: 100, cost: 250 });
  await createInvoice(db, m3, { from: '2025-10-01', till: '2025-10-31', consumption: 90, cost: 225 });
  await createInvoice(db, late, { from: '2025-10-01', till: '2025-10-31', consumption: 900, cost: 180 });
  // Each factor's first version, as the catalogue keeps them: the facts name the versions they used.
  await db.execute(`insert into emission_factor_versions (factor_id, version, rate, start_date)
    select id, version, rate, start_date from emission_factors`);
  await recomputeFacts(db, [m1.id, m2.id, m3.id, late.id], '2026-11-21');
  const theirs = await createSite(db, other.id, { name: 'Their site' });
  // Gross floor area (indicator 1) and staff (3): Depot 100 m2; Office 50 m2 and 4 FTE.
  await seedReferenceData(db);
  await db.execute(`insert into site_indicator_values (organisation_id, site_id, indicator_id, value) values
    (${org.id}, ${depot.id}, 1, 100), (${org.id}, ${office.id}, 1, 50), (${org.id}, ${office.id}, 3, 4)`);
  Object.assign(ids, { depot: depot.id, office: office.id, m1: m1.id, m2: m2.id, theirs: theirs.id });

  await createMember(db, org.id, { loginId: 'r.admin', accessId: 2, admin: true });
  await createMember(db, org.id, { loginId: 'r.observer', accessId: 4 });
  const narrowed = await createMember(db, org.id, { loginId: 'r.narrowed', accessId: 4 });
  await grantRight(db, {
    userId: narrowed.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: m2.id,
    rightId: -1,
  });
  await createMember(db, other.id, { loginId: 'r.outsider', accessId: 2, admin: true });
  for (const k of ['r.admin', 'r.observer', 'r.narrowed', 'r.outsider']) tokens[k] = await t.login(k);
  const get = (who: string, url: string) =>
    t.app.inject({ url: `/api${url}`, headers: bearer(tokens[who] ?? '') });
  const run = (who: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/data/reporting/reports/run',
      headers: bearer(tokens[who] ?? ''),
      payload: { id: 1, output: 'csv', asset: { type: 'organisation' }, start: '2026-10-01', ...payload },
    });
  return { t, org, ids, tokens, get, run };
}

/** CSV text as rows of cells. */
export const rows = (text: string) => parse(text) as string[][];

/**
 * The closing line of a delimited report of kg CO2e read as it stands, with the fixture's factors
 * (docs/decisions/factor-editions.md, Every report of kg CO2e restated or as originally reported).
 */
export const RESTATED_LINE =
  'Restated: emissions as they stand; no restatement has replaced the figures of these months. Factors: Test factors 2026 (entered by hand).';

/** A delimited report of kg CO2e: its rows less the closing line, which must say which figures they are. */
export function rowsOfCo2e(text: string) {
  const all = rows(text);
  const closing = all.pop();
  if (closing?.[0] !== RESTATED_LINE) throw new Error(`no closing line of the basis: ${closing?.join(',')}`);
  return all;
}
