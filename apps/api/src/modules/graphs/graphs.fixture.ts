import { createEntity, createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoices } from '@verdant/db/input-factories';
import { ingestHalfHourReadings } from '@verdant/db/ledger/half-hour-ingest';
import { DISTRIBUTION_FROM_START } from '@verdant/db/ledger/read-model';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { meterEntityShares } from '@verdant/db/schema/assets';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

const TODAY = '2026-11-21';
const month = (year: number, m: number) => `${year}-${String(m).padStart(2, '0')}`;
const lastDay = (year: number, m: number) => new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
/** Whole-month invoices of one figure for the months given. */
const monthly = (
  year: number,
  months: number[],
  consumption: number,
  cost: number,
  estimated: number[] = [],
) =>
  months.map((m) => ({
    from: `${month(year, m)}-01`,
    till: lastDay(year, m),
    consumption,
    cost,
    ...(estimated.includes(m) ? { estimated: true } : {}),
  }));
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/**
 * The graph builder's world, every figure by hand. Today is 21 November 2026 (calendar reporting year).
 * Electricity (kWh; scope 2 at 0.1 kg CO2e/kWh), water (m3, no factor).
 * - Depot supply: 1000 kWh and $200 every month of 2025; 1100 kWh and $220 January to September 2026
 *   (February's read estimated); October 2026 an invoice of the 1st to the 20th: 620 kWh, $124 (incomplete).
 * - Office supply: 500 kWh, $100 every month of 2025; 400 kWh, $80 January to October 2026.
 * - Depot water: 30 m3, $60 January to October 2026.
 * - Kiosk and Shed (sites of their own): 100 kWh each in June 2025 (under 1% of 2025's 18200 kWh).
 * - Depot check (a check meter, never in totals): 999 kWh in January 2026.
 * - Office smart (a check meter with half-hour data): 5 October 2026 48 x 0.5 kWh; 6 October 47 x 0.5 kWh.
 * - The organisation's months: 1500 kWh (2025, June 1700); 2026 January to September 1500, October 1020.
 * - Workshop: an entity of Depot with half of Depot supply. Groups: site group North (Depot), source group
 *   Supplies (both supplies).
 * People: admin (administrator), watcher (observer), narrowed (general user barred from Office), outsider
 * (administrator of another organisation with a meter of its own).
 */
export async function graphWorld() {
  const t: TestApp = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  await seedReferenceData(db);
  const org = await createOrganisation(db, { name: 'Graphs Org' });
  const other = await createOrganisation(db, { name: 'Other Org' });
  const source = await createFactorSource(db);
  const electricity = await createDataType(db, { id: 13, name: 'Electricity' });
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
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2020-01-01' };
  const depot = await createSite(db, org.id, { name: 'Depot' });
  const office = await createSite(db, org.id, { name: 'Office' });
  const kiosk = await createSite(db, org.id, { name: 'Kiosk' });
  const shed = await createSite(db, org.id, { name: 'Shed' });
  const theirs = await createSite(db, other.id, { name: 'Their Site' });
  const depotSupply = await createMeter(db, depot, { localName: 'Depot supply', meterType: 1, ...kwh });
  const officeSupply = await createMeter(db, office, { localName: 'Office supply', meterType: 2, ...kwh });
  const kioskSupply = await createMeter(db, kiosk, { localName: 'Kiosk supply', meterType: 2, ...kwh });
  const shedSupply = await createMeter(db, shed, { localName: 'Shed supply', meterType: 2, ...kwh });
  const depotWater = await createMeter(db, depot, {
    localName: 'Depot water',
    meterType: 2,
    energyId: water.id,
    unitId: water.stdUnitId,
    meterOpen: '2020-01-01',
  });
  const depotCheck = await createMeter(db, depot, {
    localName: 'Depot check',
    metlvlId: 2,
    meterType: 8,
    ...kwh,
  });
  const officeSmart = await createMeter(db, office, {
    localName: 'Office smart',
    metlvlId: 2,
    meterType: 6,
    ...kwh,
  });
  const theirMeter = await createMeter(db, theirs, { localName: 'Their meter', ...kwh });

  await createInvoices(db, depotSupply, [
    ...monthly(2025, range(1, 12), 1000, 200),
    ...monthly(2026, range(1, 9), 1100, 220, [2]),
    { from: '2026-10-01', till: '2026-10-20', consumption: 620, cost: 124 },
  ]);
  await createInvoices(db, officeSupply, [
    ...monthly(2025, range(1, 12), 500, 100),
    ...monthly(2026, range(1, 10), 400, 80),
  ]);
  await createInvoices(db, depotWater, monthly(2026, range(1, 10), 30, 60));
  await createInvoices(db, kioskSupply, monthly(2025, [6], 100, 20));
  await createInvoices(db, shedSupply, monthly(2025, [6], 100, 20));
  await createInvoices(db, depotCheck, monthly(2026, [1], 999, 0));
  await createInvoices(db, theirMeter, monthly(2025, range(1, 12), 7777, 777));
  const client = await t.database.pool.connect();
  try {
    await client.query('begin');
    const readings = [
      ...Array.from({ length: 48 }, (_, hh) => ({
        meterId: officeSmart.id,
        date: '2026-10-05',
        hh,
        kwh: 0.5,
      })),
      ...Array.from({ length: 47 }, (_, hh) => ({
        meterId: officeSmart.id,
        date: '2026-10-06',
        hh,
        kwh: 0.5,
      })),
    ];
    const ingested = await ingestHalfHourReadings(client, org.id, readings);
    if (ingested.refused.length > 0) throw new Error('half-hour readings refused');
    await client.query('commit');
  } finally {
    client.release();
  }
  const all = [
    depotSupply,
    officeSupply,
    kioskSupply,
    shedSupply,
    depotWater,
    depotCheck,
    officeSmart,
    theirMeter,
  ];
  await recomputeFacts(
    db,
    all.map((m) => m.id),
    TODAY,
  );

  const workshop = await createEntity(db, depot, { name: 'Workshop' });
  await db.insert(meterEntityShares).values({
    organisationId: org.id,
    meterId: depotSupply.id,
    entityId: workshop.id,
    validFrom: DISTRIBUTION_FROM_START,
    percentage: '50',
  });
  const north = await createGroup(db, org.id, 'site', 'North', [depot.id]);
  const supplies = await createGroup(db, org.id, 'meter', 'Supplies', [depotSupply.id, officeSupply.id]);
  const theirGroup = await createGroup(db, other.id, 'meter', 'Foreign', [theirMeter.id]);

  await createMember(db, org.id, { loginId: 'admin', accessId: 2, admin: true });
  await createMember(db, org.id, { loginId: 'watcher', accessId: 4 });
  const narrowed = await createMember(db, org.id, { loginId: 'narrowed', accessId: 3 });
  await grantRight(db, {
    userId: narrowed.id,
    organisationId: org.id,
    assetType: 'site',
    assetId: office.id,
    rightId: -1,
  });
  await createMember(db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
  const tokens: Record<string, string> = {};
  for (const k of ['admin', 'watcher', 'narrowed', 'outsider']) tokens[k] = await t.login(k);

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
    types: { electricity, water },
    sites: { depot, office, kiosk, shed, theirs },
    meters: {
      depotSupply,
      officeSupply,
      kioskSupply,
      shedSupply,
      depotWater,
      depotCheck,
      officeSmart,
      theirMeter,
    },
    entities: { workshop },
    groups: { north, supplies, theirGroup },
    call,
  };
}
export type GraphWorld = Awaited<ReturnType<typeof graphWorld>>;
