import { addMonths, fromDayNumber, monthOf, toDayNumber } from '@verdant/domain/calendar';
import {
  DISTANCE_ENERGY_ID,
  distanceRecords,
  EV_FUEL_KWH,
  odometerChain,
  type PurchaseInput,
} from '@verdant/domain/vehicles';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { recomputeFacts } from './ledger/recompute';
import { meters } from './schema/assets';
import { units } from './schema/catalogue';
import { consumptionRecords, fuelPurchases } from './schema/inputs';
import { vehicles } from './schema/vehicles';

type Site = { id: number; name: string };

/** Make, model, body, seats, transmission, engine, fuel, L (or kWh) per 100 km, km a working day. */
type Model = [string, string, number, number, number, number, number, number, number];
const PETROL = 5;
const DIESEL = 4;
const MODELS: Record<string, Model> = {
  hilux: ['Toyota', 'Hilux', 5, 5, 1, 2.755, DIESEL, 9.4, 95],
  ranger: ['Ford', 'Ranger', 5, 5, 1, 3.2, DIESEL, 10.1, 110],
  transit: ['Ford', 'Transit', 6, 3, 2, 2.2, DIESEL, 11.2, 80],
  hiace: ['Toyota', 'Hiace', 6, 3, 1, 2.8, DIESEL, 10.6, 70],
  isuzu: ['Isuzu', 'N-Series', 7, 3, 2, 5.193, DIESEL, 17.5, 60],
  corolla: ['Toyota', 'Corolla', 1, 5, 1, 1.8, PETROL, 6.9, 45],
  camryHybrid: ['Toyota', 'Camry Hybrid', 2, 5, 1, 2.5, PETROL, 4.6, 60],
  rav4Hybrid: ['Toyota', 'RAV4 Hybrid', 4, 5, 1, 2.5, PETROL, 5.1, 55],
  swift: ['Suzuki', 'Swift', 1, 5, 2, 1.2, PETROL, 5.6, 35],
  leaf: ['Nissan', 'Leaf', 1, 5, 1, 0, EV_FUEL_KWH, 17, 50],
  ioniq: ['Hyundai', 'Ioniq 5', 4, 5, 1, 0, EV_FUEL_KWH, 18.5, 60],
};

/** Registration, site, model; a trailing sale date marks the sold vehicle. */
const FLEET: [string, string, keyof typeof MODELS, string?][] = [
  ['NDV101', 'Northern Depot', 'hilux'],
  ['NDV102', 'Northern Depot', 'hilux'],
  ['NDV103', 'Northern Depot', 'ranger'],
  ['NDV104', 'Northern Depot', 'transit'],
  ['NDV105', 'Northern Depot', 'isuzu'],
  ['NDV106', 'Northern Depot', 'ranger'],
  ['SDV201', 'Southern Depot', 'hilux'],
  ['SDV202', 'Southern Depot', 'ranger'],
  ['SDV203', 'Southern Depot', 'hiace'],
  ['SDV204', 'Southern Depot', 'isuzu'],
  ['SDV205', 'Southern Depot', 'transit'],
  ['HOC301', 'Head Office', 'corolla'],
  ['HOC302', 'Head Office', 'corolla'],
  ['HOC303', 'Head Office', 'camryHybrid'],
  ['HOC304', 'Head Office', 'camryHybrid'],
  ['HOC305', 'Head Office', 'rav4Hybrid'],
  ['HOE306', 'Head Office', 'leaf'],
  ['HOE307', 'Head Office', 'ioniq'],
  ['HOC308', 'Head Office', 'swift', 'sold'],
  ['LIB401', 'Civic Library', 'hiace'],
  ['LIB402', 'Civic Library', 'swift'],
  ['AQC501', 'Aquatic Centre', 'corolla'],
  ['AQC502', 'Aquatic Centre', 'rav4Hybrid'],
  ['WTP601', 'Water Treatment Plant', 'hilux'],
  ['WTP602', 'Water Treatment Plant', 'ranger'],
];

const PRICE: Record<number, number> = { [PETROL]: 2.62, [DIESEL]: 1.94, [EV_FUEL_KWH]: 0.31 };

/** A small deterministic generator: the demo is the same on every installation. */
function generator(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}
const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

async function unitOf(db: DbOrTx, dataTypeId: number, name: string) {
  const [row] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.dataTypeId, dataTypeId), sql`lower(${units.name}) = ${name}`));
  if (!row) throw new Error(`The catalogue has no ${name} for data type ${dataTypeId}`);
  return row.id;
}

/**
 * The demo fleet: 25 vehicles at the demo sites (diesel utes, vans and a truck at the
 * depots, petrol and hybrid pool cars, two EVs), two years of purchases with odometer readings that give each
 * model's usual efficiency, one vehicle sold last year, and three incorrect-fuel purchases on the pool car petrol
 * card by diesel utes. Every vehicle has a fuel meter and a distance meter; their facts are computed here.
 */
export async function seedDemoFleet(
  db: DbOrTx,
  { organisationId, sites, today }: { organisationId: number; sites: readonly Site[]; today: string },
) {
  const random = generator(16);
  const start = addMonths(monthOf(today), -24);
  const purchaseDate = fromDayNumber(toDayNumber(start) - 30);
  const soldOn = fromDayNumber(toDayNumber(today) - 200);
  const km = await unitOf(db, DISTANCE_ENERGY_ID, 'km');
  const meterIds: number[] = [];
  const diesel: string[] = [];

  for (const [index, [registration, siteName, key, sold]] of FLEET.entries()) {
    const site = sites.find((s) => s.name === siteName);
    const model = MODELS[key];
    if (!site || !model) throw new Error(`demo vehicle ${registration} has no site or model`);
    const [make, name, body, seats, transmission, engine, fuel, efficiency, perDay] = model;
    if (fuel === DIESEL) diesel.push(registration);
    const unitId = await unitOf(db, fuel, fuel === EV_FUEL_KWH ? 'kwh' : 'litres');
    const saleDate = sold ? soldOn : null;
    const [fuelMeter] = await db
      .insert(meters)
      .values({
        organisationId,
        siteId: site.id,
        localName: registration,
        meterType: 7,
        energyId: fuel,
        unitId,
        outputUnitId: unitId,
        meterOpen: purchaseDate,
        meterClose: saleDate,
      })
      .returning({ id: meters.id });
    const [distanceMeter] = await db
      .insert(meters)
      .values({
        organisationId,
        siteId: site.id,
        localName: `${registration} distance`,
        meterType: 8,
        energyId: DISTANCE_ENERGY_ID,
        unitId: km,
        outputUnitId: km,
        reporting: 0,
        meterOpen: purchaseDate,
        meterClose: saleDate,
      })
      .returning({ id: meters.id });
    if (!fuelMeter || !distanceMeter) throw new Error('demo vehicle meters not inserted');
    meterIds.push(fuelMeter.id, distanceMeter.id);
    await db.insert(vehicles).values({
      organisationId,
      siteId: site.id,
      registration,
      make,
      model: name,
      year: 2016 + (index % 8),
      seats,
      engineSize: String(engine),
      desiredEff: String(round(efficiency * 0.95, 2)),
      bodyShapeId: body,
      transmissionTypeId: transmission,
      fuelId: fuel,
      purchaseDate,
      saleDate,
      fleetNumber: `F${String(index + 1).padStart(3, '0')}`,
      consMeterId: fuelMeter.id,
      distanceMeterId: distanceMeter.id,
    });

    // Fill-ups every 6 to 16 days.
    const end = toDayNumber(saleDate ?? fromDayNumber(toDayNumber(today) - 1));
    let day = toDayNumber(start) + (index % 7);
    let odometer = 15_000 + index * 3_731;
    const rows: PurchaseInput[] = [];
    let quantity = round(efficiency * 4, 2);
    const price = PRICE[fuel] ?? 2;
    for (let k = 0; day <= end; k++) {
      const hour = String(7 + Math.floor(random() * 11)).padStart(2, '0');
      const minute = String(Math.floor(random() * 60)).padStart(2, '0');
      const cost = round(quantity * price * (1 + 0.05 * Math.sin(k / 7)), 2);
      rows.push({ id: k, date: fromDayNumber(day), time: `${hour}:${minute}`, odometer, quantity, cost });
      // The next fill-up buys what this stretch burns, give or take 8 per cent.
      const gap = 6 + Math.floor(random() * 11);
      const travelled = Math.round(gap * perDay * (0.75 + random() * 0.5));
      quantity = round(((travelled * efficiency) / 100) * (0.92 + random() * 0.16), 2);
      day += gap;
      odometer += travelled;
    }
    // One misread odometer on the first depot ute: lower than the reading before, flagged.
    if (registration === 'NDV101' && rows[20] && rows[19])
      rows[20].odometer = (rows[19].odometer ?? 0) - 4_000;
    const flagged = new Set(
      odometerChain(rows)
        .filter((r) => r.odometerFlag)
        .map((r) => r.id),
    );
    await db.insert(fuelPurchases).values(
      rows.map((r) => ({
        organisationId,
        meterId: fuelMeter.id,
        unitId,
        purchaseDate: r.date,
        purchaseTime: r.time,
        odometer: r.odometer,
        quantity: String(r.quantity),
        cost: r.cost.toFixed(2),
        registration,
        odometerFlag: flagged.has(r.id),
      })),
    );
    const distance = distanceRecords(rows);
    if (distance.length > 0)
      await db.insert(consumptionRecords).values(
        distance.map((d) => ({
          organisationId,
          meterId: distanceMeter.id,
          unitId: km,
          dateFrom: d.dateFrom,
          dateTill: d.dateTill,
          units: String(d.km),
        })),
      );
  }

  // Three diesel utes filled with petrol on the pool car card: counted there (burnt), flagged incorrect-fuel.
  const [card] = await db
    .select({ id: meters.id, unitId: meters.unitId })
    .from(meters)
    .where(and(eq(meters.organisationId, organisationId), eq(meters.localName, 'POOL CARS PETROL CARD')));
  if (card?.unitId) {
    for (const [k, registration] of diesel.slice(0, 3).entries()) {
      const quantity = 38 + k * 7;
      await db.insert(fuelPurchases).values({
        organisationId,
        meterId: card.id,
        unitId: card.unitId,
        purchaseDate: fromDayNumber(toDayNumber(today) - 40 - k * 75),
        quantity: String(quantity),
        cost: (quantity * (PRICE[PETROL] ?? 2.62)).toFixed(2),
        registration,
        incorrectFuel: true,
      });
    }
    meterIds.push(card.id);
  }
  await recomputeFacts(db, meterIds, today);
  return { vehicles: FLEET.length };
}
