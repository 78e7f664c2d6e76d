import { createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The data source tests' world. Today is 21 November 2026 (last complete month October 2026).
 * Depot supply (electricity, kWh; MWh is 1000 kWh): 3100 kWh, $620 in October 2026 (an invoice of
 * 1-20 October only: the month is incomplete); 2480 kWh, $496 in October 2025 (whole month). Factor 0.1 kg
 * CO2e/kWh in scope 2. Depot check: a check meter. Office: a second site. Their Site: another organisation.
 * People: admin (level 2, administrator), editor (3), watcher (4 observer), narrowed (3, observer on Depot,
 * editor on Office), outsider (administrator of the other organisation).
 */
export async function meterWorld() {
  const t: TestApp = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  await seedReferenceData(db);
  const org = await createOrganisation(db, { name: 'Meters Org' });
  const other = await createOrganisation(db, { name: 'Other Org' });
  const source = await createFactorSource(db);
  const electricity = await createDataType(db, { id: 13, name: 'Electricity' }, [
    { name: 'MWh', conversionToStandard: 1000 },
  ]);
  const green = await createDataType(db, { id: 14, name: 'Green electricity', grouping: 'Electricity' }, [
    { name: 'MWh', conversionToStandard: 1000 },
  ]);
  const water = await createDataType(db, {
    name: 'Water',
    stdUnit: 'm3',
    standardisedUnit: 'volume',
    typeId: 2,
  });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.1,
    startDate: '2020-01-01',
  });
  const depot = await createSite(db, org.id, { name: 'Depot', siteOpen: '2010-01-01' });
  const office = await createSite(db, org.id, { name: 'Office', siteOpen: '2015-06-01' });
  const theirs = await createSite(db, other.id, { name: 'Their Site' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const supply = await createMeter(db, depot, {
    localName: 'Depot supply',
    meterType: 1,
    meterOpen: '2015-01-01',
    ...kwh,
  });
  const check = await createMeter(db, depot, { localName: 'Depot check', metlvlId: 2, meterType: 8, ...kwh });
  const waterMeter = await createMeter(db, office, {
    localName: 'Office water',
    meterType: 2,
    energyId: water.id,
    unitId: water.stdUnitId,
    meterOpen: '2016-01-01',
  });
  const theirMeter = await createMeter(db, theirs, { localName: 'Their meter', ...kwh });
  await createInvoice(db, supply, { from: '2026-10-01', till: '2026-10-20', consumption: 3100, cost: 620 });
  await createInvoice(db, supply, { from: '2025-10-01', till: '2025-10-31', consumption: 2480, cost: 496 });
  await createInvoice(db, check, { from: '2026-10-01', till: '2026-10-31', consumption: 700, cost: 0 });
  await recomputeFacts(db, [supply.id, check.id], '2026-11-21');
  const meterGroup = await createGroup(db, org.id, 'meter', 'Pumps');
  const siteGroup = await createGroup(db, org.id, 'site', 'Depots');
  const theirGroup = await createGroup(db, other.id, 'meter', 'Foreign');

  await createMember(db, org.id, { loginId: 'admin', accessId: 2, admin: true });
  await createMember(db, org.id, { loginId: 'editor', accessId: 3 });
  await createMember(db, org.id, { loginId: 'watcher', accessId: 4 });
  const narrowed = await createMember(db, org.id, { loginId: 'narrowed', accessId: 3 });
  await grantRight(db, {
    userId: narrowed.id,
    organisationId: org.id,
    assetType: 'site',
    assetId: depot.id,
    rightId: 4,
  });
  await createMember(db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
  const tokens: Record<string, string> = {};
  for (const k of ['admin', 'editor', 'watcher', 'narrowed', 'outsider']) tokens[k] = await t.login(k);

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(tokens[who] ?? ''),
      ...(payload ? { payload } : {}),
    });
  return {
    t,
    db,
    org,
    other,
    types: { electricity, green, water },
    sites: { depot, office, theirs },
    meters: { supply, check, waterMeter, theirMeter },
    groups: { meterGroup, siteGroup, theirGroup },
    call,
  };
}
export type MeterWorld = Awaited<ReturnType<typeof meterWorld>>;
