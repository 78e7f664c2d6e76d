import type { FuelPurchase, FuelPurchaseRequest } from '@verdant/contracts/fleet/purchases';
import type { Vehicle } from '@verdant/contracts/fleet/vehicles';
import type { Db, DbOrTx, Tx } from '@verdant/db/client';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { formatDisplayDate } from '@verdant/domain/dates';
import { fill, MSG } from '@verdant/domain/messages';
import { formatNumber } from '@verdant/domain/unit-scaling';
import {
  DISTANCE_UNIT_ID,
  distanceRecords,
  ODOMETER_MAX_KM_PER_DAY,
  type OdometerJump,
  odometerChain,
  odometerJumps,
  type PurchaseInput,
  perLitre,
  VEHICLE_FUELS,
} from '@verdant/domain/vehicles';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import * as q from './fleet.queries';
import * as pq from './purchases.queries';

export const FUEL_NAMES = new Map<number, string>(VEHICLE_FUELS.map((f) => [f.id, f.name]));

export function refuse(fields: Record<string, string[]>): never {
  const first = Object.values(fields)[0]?.[0] ?? MSG.validation;
  throw badRequest(first, fields);
}

export const toInput = (p: pq.PurchaseRow): PurchaseInput => ({
  id: p.id,
  date: p.date,
  time: p.time,
  odometer: p.odometer,
  quantity: p.quantity,
  cost: p.cost,
});

export const toPurchase = (p: pq.PurchaseRow, jumps?: Map<number, OdometerJump>): FuelPurchase => ({
  readingId: p.id,
  date: p.date,
  time: p.time,
  odo: p.odometer ?? -1,
  cost: p.cost,
  quantity: p.quantity,
  perLitre: perLitre(p.cost, p.quantity),
  fuel: p.fuel,
  registration: p.registration,
  incorrectFuel: p.incorrect_fuel,
  odometerFlag: p.odometer_flag,
  odometerJump: jumps?.has(p.id) ?? false,
});

export const decimals = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

/**
 * Vehicles, fuel cards and fuel purchases (core-portal 2-9, data-portal 2.6-9). Routes declare access; the
 * organisation comes from the checked rule. Every write is one transaction and recomputes the meters it fed.
 */
/** What the fleet's services share: the dependencies, and the vehicle, unit and odometer helpers. */
export interface FleetDeps {
  db: Db;
  clock: () => Date;
}

/**
 * The helpers every fleet operation group uses (core-portal 2-9, data-portal 2.6-9). The organisation, its
 * today and the caller's rights come from the checked access rule (docs/domain.md, Time zones and today).
 */
export function createFleetCore({ db, clock }: FleetDeps) {
  async function vehicleFor(tx: DbOrTx, a: Caller, id: number) {
    const v = await q.findVehicle(tx, orgOf(a).id, id);
    if (!v) throw notFound();
    return v;
  }

  /** The fuel meter's unit for a fuel: litres, or kWh (EV by kWh), or km (EV by km). */
  async function fuelUnit(tx: DbOrTx, fuelId: number) {
    const name = VEHICLE_FUELS.find((f) => f.id === fuelId)?.unit ?? 'litres';
    const unit = await q.unitNamed(tx, fuelId, name);
    if (!unit) throw new AppError('BAD_REQUEST', `The catalogue has no ${name} unit for this fuel`, 400);
    return unit;
  }

  /**
   * After a purchase changes: odometer flags, distance records, and both meters' facts. Rechains a vehicle's odometer after a write: the readings below the previous one, and those implausibly
   * far above it, with the warning the saved reading earns (none when it is plausible).
   */
  async function rechain(tx: Tx, organisationId: number, v: q.VehicleRow, readingId: number | null) {
    const purchases = (await pq.purchasesOfMeter(tx, organisationId, v.cons_meter_id)).map(toInput);
    const jumps = odometerJumps(purchases);
    const flagged = odometerChain(purchases)
      .filter((p) => p.odometerFlag)
      .map((p) => p.id);
    await pq.setOdometerFlags(tx, organisationId, flagged, v.cons_meter_id);
    const unitId = (await pq.meterUnit(tx, organisationId, v.distance_meter_id)) ?? DISTANCE_UNIT_ID;
    await pq.replaceDistanceRecords(
      tx,
      organisationId,
      v.distance_meter_id,
      unitId,
      distanceRecords(purchases),
    );
    await recomputeOrganisationFacts(tx, organisationId, [v.cons_meter_id, v.distance_meter_id], clock());
    const jump = readingId === null ? undefined : jumps.get(readingId);
    const warning =
      readingId !== null && flagged.includes(readingId)
        ? MSG.fuelPurchaseOdometerLower
        : jump
          ? fill(MSG.fuelPurchaseOdometerJump, {
              km: formatNumber(jump.km),
              date: formatDisplayDate(jump.since),
              max: formatNumber(ODOMETER_MAX_KM_PER_DAY),
            })
          : null;
    return { warning, jumps };
  }

  function purchaseRules(a: Caller, body: FuelPurchaseRequest, v: { purchase_date: string } | null) {
    const fields: Record<string, string[]> = {};
    if (body.date > orgOf(a).today) fields.date = [MSG.fuelPurchaseFuture];
    else if (v && body.date < v.purchase_date) fields.date = [MSG.fuelPurchaseBeforeVehicle];
    if (Object.keys(fields).length > 0) refuse(fields);
  }

  function vehicleAnswer(a: Caller, v: q.VehicleRow, unit: string): Vehicle {
    return {
      id: v.id,
      registration: v.registration,
      make: v.make,
      model: v.model,
      year: v.year,
      seats: v.seats,
      engineSize: v.engine_size,
      desiredEff: v.desired_eff,
      bodyshapeId: v.body_shape_id,
      transtypeId: v.transmission_type_id,
      fuelId: v.fuel_id,
      fuel: FUEL_NAMES.get(v.fuel_id) ?? String(v.fuel_id),
      fuelUnit: unit,
      purchaseDate: v.purchase_date,
      saleDate: v.sale_date,
      fleetNumber: v.fleet_number,
      vehicleDescr: v.description,
      includeInOrgAutoload: v.include_in_org_autoload,
      consMeter: v.cons_meter_id,
      distanceMeter: v.distance_meter_id,
      siteId: v.site_id,
      siteName: v.site_name,
      closed: v.sale_date !== null && v.sale_date <= orgOf(a).today,
      mayEdit: a.checked.mayEdit,
    };
  }

  return { db, clock, vehicleFor, fuelUnit, rechain, purchaseRules, vehicleAnswer };
}

export type FleetCore = ReturnType<typeof createFleetCore>;
