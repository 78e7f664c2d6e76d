import { createEntity, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoices } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { addMonths, daysInMonth, monthsBetween } from '@verdant/domain/calendar';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The benchmark's worked example (packages/domain benchmark.test.ts, by hand), today 21 November 2026 in
 * Auckland: the default end month is September 2026, the 12 months October 2025 to September 2026.
 *
 *   Office A  Office / General office  2,000 m²  design 100, commissioned 120, intervention 90
 *     electricity  Oct 2024-Sep 2025: 10,000 in Oct and Nov 2024, 9,000 the other ten months = 110,000 kWh
 *                  Oct 2025-Sep 2026: 8,000 a month, 12,000 in Sep 2026                 = 100,000 kWh
 *     gas          Oct 2024-Sep 2025: 15,000 a month = 180,000; Oct 2025-Sep 2026: 12,500 = 150,000 kWh
 *   Office B  Office                    1,000 m²  design 200; electricity 5,000 a month (60,000 a year)
 *   Plant     (no floor area)                     design 950
 *   Library   Library and community / Library, 500 m², no data sources
 *
 * Degree days (base 15.5 °C): 200 a month from Oct 2024 to Sep 2025 (2,400); from Oct 2025 200 a month but
 * 250 in June and July 2026 (2,500).
 */
const MONTHS = monthsBetween('2024-10-01', '2026-09-01');
const monthEnd = (m: string) => `${m.slice(0, 8)}${daysInMonth(m)}`;

export async function benchmarkOrganisation() {
  const t: TestApp = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  await seedReferenceData(db);
  const org = await createOrganisation(db, { name: 'Benchmark Org' });
  const other = await createOrganisation(db, { name: 'Elsewhere' });
  const electricity = await createDataType(db, { name: 'Electricity' });
  const gas = await createDataType(db, { name: 'Natural gas' });
  const site = await createSite(db, org.id, { name: 'Campus' });
  const annex = await createSite(db, org.id, { name: 'Annex' });
  const entity = (name: string, values: object) => createEntity(db, site, { name, ...values });
  const officeA = await entity('Office A', { buildsegId: 1, entdescId: 1 });
  const officeB = await createEntity(db, annex, { name: 'Office B', buildsegId: 1 });
  const plant = await entity('Plant', { buildsegId: 8, entityType: 'HEAT PLANT' });
  const library = await entity('Library', { buildsegId: 9, entdescId: 8 });
  const theirs = await createEntity(db, await createSite(db, other.id, { name: 'Theirs' }), {
    name: 'Their office',
    buildsegId: 1,
  });
  await db.execute(`insert into entity_indicator_values (organisation_id, entity_id, indicator_id, value) values
    (${org.id}, ${officeA.id}, 1, 2000), (${org.id}, ${officeB.id}, 1, 1000), (${org.id}, ${library.id}, 1, 500),
    (${other.id}, ${theirs.id}, 1, 800)`);
  await db.execute(`insert into entity_usages (organisation_id, entity_id, design_eui, commissioned_eui, intervention_eui)
    values (${org.id}, ${officeA.id}, 100, 120, 90), (${org.id}, ${officeB.id}, 200, null, null),
    (${org.id}, ${plant.id}, 950, null, null)`);

  const kwh = (type: { id: number; stdUnitId: number }) => ({ energyId: type.id, unitId: type.stdUnitId });
  const aElec = await createMeter(db, site, { localName: 'A electricity', ...kwh(electricity) });
  const aGas = await createMeter(db, site, { localName: 'A gas', ...kwh(gas) });
  const bElec = await createMeter(db, annex, { localName: 'B electricity', ...kwh(electricity) });
  const plantGas = await createMeter(db, site, { localName: 'Plant gas', ...kwh(gas) });
  const monthly = (meter: typeof aElec, amount: (m: string) => number) =>
    createInvoices(
      db,
      meter,
      MONTHS.map((m) => ({ from: m, till: monthEnd(m), consumption: amount(m), cost: 100 })),
    );
  await monthly(aElec, (m) =>
    m < '2025-10-01' ? (m < '2024-12-01' ? 10_000 : 9_000) : m === '2026-09-01' ? 12_000 : 8_000,
  );
  await monthly(aGas, (m) => (m < '2025-10-01' ? 15_000 : 12_500));
  await monthly(bElec, () => 5_000);
  await monthly(plantGas, () => 40_000);
  const share = (meter: number, entityId: number) =>
    `(${org.id}, ${meter}, ${entityId}, '1900-01-01', 100, 100)`;
  await db.execute(`insert into meter_entity_shares
    (organisation_id, meter_id, entity_id, valid_from, percentage, note_percentage) values
    ${[share(aElec.id, officeA.id), share(aGas.id, officeA.id), share(bElec.id, officeB.id), share(plantGas.id, plant.id)].join(', ')}`);
  await recomputeFacts(db, [aElec.id, aGas.id, bElec.id, plantGas.id], '2026-11-21');

  const series = await db.execute<{
    id: number;
  }>(`insert into degree_day_series (organisation_id, name, base_c, source)
    values (${org.id}, 'Campus weather station', 15.5, 'Test series') returning id`);
  const seriesId = series.rows[0]?.id;
  const hdd = (m: string) => (m === '2026-06-01' || m === '2026-07-01' ? 250 : 200);
  await db.execute(`insert into degree_days (organisation_id, series_id, month, hdd) values
    ${MONTHS.map((m) => `(${org.id}, ${seriesId}, '${m}', ${hdd(m)})`).join(', ')}`);

  await createMember(db, org.id, { loginId: 'b.admin', accessId: 2, admin: true });
  await createMember(db, org.id, { loginId: 'b.observer', accessId: 4 });
  const narrowed = await createMember(db, org.id, { loginId: 'b.narrowed', accessId: 4 });
  await grantRight(db, {
    userId: narrowed.id,
    organisationId: org.id,
    assetType: 'site',
    assetId: annex.id,
    rightId: -1,
  });
  await createMember(db, other.id, { loginId: 'b.outsider', accessId: 2, admin: true });
  const tokens: Record<string, string> = {};
  for (const k of ['b.admin', 'b.observer', 'b.narrowed', 'b.outsider']) tokens[k] = await t.login(k);
  const get = (who: string, url: string) =>
    t.app.inject({ url: `/api${url}`, headers: bearer(tokens[who] ?? '') });
  return {
    t,
    org,
    ids: {
      officeA: officeA.id,
      officeB: officeB.id,
      plant: plant.id,
      library: library.id,
      theirs: theirs.id,
    },
    get,
    addMonths,
  };
}
