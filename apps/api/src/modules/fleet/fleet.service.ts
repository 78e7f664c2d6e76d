import type {
  CardNameCheck,
  FleetList,
  FuelCard,
  FuelPurchase,
  FuelPurchaseRequest,
  MonthlyData,
  NewVehiclesRequest,
  Vehicle,
  VehicleLookup,
  VehicleUpdate,
} from '@verdant/contracts/fleet';
import type { Db, DbOrTx, Tx } from '@verdant/db/client';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { addMonths, monthOf } from '@verdant/domain/calendar';
import { formatDisplayDate } from '@verdant/domain/dates';
import { fill, MSG } from '@verdant/domain/messages';
import { formatNumber } from '@verdant/domain/unit-scaling';
import {
  BODY_SHAPES,
  DISTANCE_ENERGY_ID,
  DISTANCE_UNIT_ID,
  distanceRecords,
  EV_FUEL_KM,
  EV_FUEL_KWH,
  efficiencySeries,
  monthlyVehicleData,
  ODOMETER_MAX_KM_PER_DAY,
  type OdometerJump,
  odometerChain,
  odometerJumps,
  PRODUCT_NAME,
  type PurchaseInput,
  parseRegistrations,
  perLitre,
  REGISTRATION_PATTERN,
  storedPurchaseTime,
  TRANSMISSIONS,
  VEHICLE_FUELS,
  vehicleLogMetrics,
} from '@verdant/domain/vehicles';
import { audit, created, diff } from '../../lib/audit';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { canOnAssets } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './fleet.queries';

const FUEL_NAMES = new Map<number, string>(VEHICLE_FUELS.map((f) => [f.id, f.name]));

function refuse(fields: Record<string, string[]>): never {
  const first = Object.values(fields)[0]?.[0] ?? MSG.validation;
  throw badRequest(first, fields);
}

const toInput = (p: q.PurchaseRow): PurchaseInput => ({
  id: p.id,
  date: p.date,
  time: p.time,
  odometer: p.odometer,
  quantity: p.quantity,
  cost: p.cost,
});

export const toPurchase = (p: q.PurchaseRow, jumps?: Map<number, OdometerJump>): FuelPurchase => ({
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

const decimals = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

/**
 * Vehicles, fuel cards and fuel purchases (core-portal 2-9, data-portal 2.6-9). Routes declare access; the
 * organisation comes from the checked rule. Every write is one transaction and recomputes the meters it fed.
 */
export function createFleetService({ db, clock }: { db: Db; clock: () => Date }) {
  const today = () => clock().toISOString().slice(0, 10);
  const orgOf = (a: Caller) => {
    if (a.checked.organisationId === null) throw notFound();
    return a.checked.organisationId;
  };

  async function vehicleFor(tx: DbOrTx, a: Caller, id: number) {
    const v = await q.findVehicle(tx, orgOf(a), id);
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
    const purchases = (await q.purchasesOfMeter(tx, organisationId, v.cons_meter_id)).map(toInput);
    const jumps = odometerJumps(purchases);
    const flagged = odometerChain(purchases)
      .filter((p) => p.odometerFlag)
      .map((p) => p.id);
    await q.setOdometerFlags(tx, organisationId, flagged, v.cons_meter_id);
    const unitId = (await q.meterUnit(tx, organisationId, v.distance_meter_id)) ?? DISTANCE_UNIT_ID;
    await q.replaceDistanceRecords(
      tx,
      organisationId,
      v.distance_meter_id,
      unitId,
      distanceRecords(purchases),
    );
    await recomputeFacts(tx, [v.cons_meter_id, v.distance_meter_id], clock());
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

  function purchaseRules(body: FuelPurchaseRequest, v: { purchase_date: string } | null) {
    const fields: Record<string, string[]> = {};
    if (body.date > today()) fields.date = [MSG.fuelPurchaseFuture];
    else if (v && body.date < v.purchase_date) fields.date = [MSG.fuelPurchaseBeforeVehicle];
    if (Object.keys(fields).length > 0) refuse(fields);
  }

  function vehicleAnswer(v: q.VehicleRow, mayEdit: boolean, unit: string): Vehicle {
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
      closed: v.sale_date !== null && v.sale_date <= today(),
      mayEdit,
    };
  }

  return {
    today,

    lookups(list: 'vehicle-fuels' | 'transmissions' | 'body-shapes') {
      if (list === 'vehicle-fuels')
        return VEHICLE_FUELS.map((f) => ({ Id: f.id, Descr: f.name, unit: f.unit }));
      const items = list === 'transmissions' ? TRANSMISSIONS : BODY_SHAPES;
      return items.map((i) => ({ Id: i.id, Descr: i.name }));
    },

    async fleet(a: Caller, organisationId: number, memberOf: 'site' | number): Promise<FleetList> {
      const since = addMonths(monthOf(today()), -11);
      const rows = await q.fleetRows(db, organisationId, since, memberOf === 'site' ? null : memberOf);
      const allowed = await canOnAssets(
        db,
        a.principal,
        'view',
        organisationId,
        rows.map((r) => ({ type: 'vehicle' as const, id: r.id })),
      );
      return {
        rows: rows
          .filter((_, i) => allowed[i])
          .map((r) => ({
            id: r.id,
            type: 'vehicle' as const,
            registration: r.registration,
            makeModel: `${r.make} ${r.model}`,
            fuel: FUEL_NAMES.get(r.fuel_id) ?? r.fuel,
            fuelId: r.fuel_id,
            siteId: r.site_id,
            siteName: r.site_name,
            consumption: [Math.round(r.km), Math.round(r.kwh)] as [number, number],
            distanceUnit: 'km',
            closed: r.sale_date !== null && r.sale_date <= today(),
            memberOf: r.member_of,
            consMeterId: r.cons_meter_id,
          })),
        groupings: await q.meterGroupings(db, organisationId),
        mayEdit: a.checked.mayEdit,
      };
    },

    async lookup(a: Caller, text: string): Promise<VehicleLookup> {
      const registration = text.trim().toUpperCase();
      if (!REGISTRATION_PATTERN.test(registration)) {
        return { registration, valid: false, exists: false, message: MSG.vehicleRegistrationInvalid };
      }
      const exists = (await q.existingRegistrations(db, orgOf(a), [registration])).has(registration);
      return {
        registration,
        valid: true,
        exists,
        message: exists ? fill(MSG.vehicleExists, { registration, product: PRODUCT_NAME }) : null,
      };
    },

    async newVehicles(a: Caller, siteId: number, body: NewVehiclesRequest) {
      const organisationId = orgOf(a);
      const nextYear = Number(today().slice(0, 4)) + 1;
      const result = await db.transaction(async (tx) => {
        const site = await q.findSite(tx, organisationId, siteId);
        if (!site) throw notFound();
        const fields: Record<string, string[]> = {};
        const add = (key: string, message: string) => {
          fields[key] = [...(fields[key] ?? []), message];
        };
        if (body.purchaseDate > today()) add('purchaseDate', MSG.fuelPurchaseFuture);
        const seen = new Set<string>();
        const regs = body.list.map((r) => r.registration.trim().toUpperCase());
        const existing = await q.existingRegistrations(
          tx,
          organisationId,
          regs.filter((r) => REGISTRATION_PATTERN.test(r)),
        );
        body.list.forEach((row, i) => {
          const reg = regs[i] ?? '';
          const key = (f: string) => `list.${i}.${f}`;
          if (!REGISTRATION_PATTERN.test(reg)) add(key('registration'), MSG.vehicleRegistrationInvalid);
          else if (seen.has(reg))
            add(key('registration'), fill(MSG.vehicleRegistrationRepeated, { registration: reg }));
          else if (existing.has(reg))
            add(key('registration'), fill(MSG.vehicleExists, { registration: reg, product: PRODUCT_NAME }));
          seen.add(reg);
          if (!row.make.trim()) add(key('make'), MSG.vehicleRequired);
          if (!row.model.trim()) add(key('model'), MSG.vehicleRequired);
          if (row.year === null || !Number.isInteger(row.year) || row.year < 1900 || row.year > nextYear)
            add(key('year'), MSG.vehicleYear);
          if (row.seats === null || !Number.isInteger(row.seats) || row.seats < 0 || row.seats > 200)
            add(key('seats'), MSG.vehicleSeats);
          if (row.bodyShapeId === null || !BODY_SHAPES.some((b) => b.id === row.bodyShapeId))
            add(key('bodyShapeId'), MSG.vehicleRequired);
          if (row.transmissionTypeId === null || !TRANSMISSIONS.some((t) => t.id === row.transmissionTypeId))
            add(key('transmissionTypeId'), MSG.vehicleRequired);
          if (row.engineSize === null || row.engineSize < 0 || row.engineSize > 99_999)
            add(key('engineSize'), MSG.vehicleNumber);
          if (row.desiredEfficiency === null || row.desiredEfficiency < 0 || row.desiredEfficiency > 999_999)
            add(key('desiredEfficiency'), MSG.vehicleNumber);
          if (row.fuelId === null || !FUEL_NAMES.has(row.fuelId)) add(key('fuelId'), MSG.vehicleFuelUnknown);
        });
        if (Object.keys(fields).length > 0) refuse(fields);

        const distanceUnit = await q.unitNamed(tx, DISTANCE_ENERGY_ID, 'km');
        const made: { id: number; registration: string }[] = [];
        for (const [i, row] of body.list.entries()) {
          const registration = regs[i] ?? '';
          const fuelId = row.fuelId ?? 0;
          const unit = await fuelUnit(tx, fuelId);
          const common = {
            organisationId,
            siteId,
            reportingSource: body.reporting,
            meterOpen: body.purchaseDate,
          };
          const fuelMeter = await q.insertMeter(tx, {
            ...common,
            localName: registration,
            meterType: 7,
            energyId: fuelId,
            unitId: unit.id,
            outputUnitId: unit.id,
          });
          const distanceMeter = await q.insertMeter(tx, {
            ...common,
            localName: `${registration} distance`,
            meterType: 8,
            energyId: DISTANCE_ENERGY_ID,
            unitId: distanceUnit?.id ?? DISTANCE_UNIT_ID,
            outputUnitId: distanceUnit?.id ?? DISTANCE_UNIT_ID,
            // Distance is recorded, never reported as consumption or emissions (catalogue: record only).
            reporting: 0,
          });
          const v = await q.insertVehicle(tx, {
            organisationId,
            siteId,
            registration,
            make: row.make.trim(),
            model: row.model.trim(),
            year: row.year ?? 0,
            seats: row.seats ?? 0,
            engineSize: String(decimals(row.engineSize ?? 0, 3)),
            desiredEff: String(decimals(row.desiredEfficiency ?? 0, 2)),
            bodyShapeId: row.bodyShapeId ?? 0,
            transmissionTypeId: row.transmissionTypeId ?? 0,
            fuelId,
            purchaseDate: body.purchaseDate,
            consMeterId: fuelMeter.id,
            distanceMeterId: distanceMeter.id,
          });
          await audit(tx, a, {
            organisationId,
            action: 'create',
            asset: { type: 'vehicle', id: v.id, name: registration },
            changes: created({ registration, siteId, fuelId, purchaseDate: body.purchaseDate }),
          });
          made.push({ id: v.id, registration });
        }
        return made;
      });
      const message =
        result.length === 1
          ? fill(MSG.vehicleCreated, { name: result[0]?.registration ?? '' })
          : fill(MSG.vehiclesCreated, { count: result.length });
      return { success: true as const, message, data: { newVehicleList: result } };
    },

    async read(a: Caller, id: number): Promise<Vehicle> {
      const v = await vehicleFor(db, a, id);
      const unit = VEHICLE_FUELS.find((f) => f.id === v.fuel_id)?.unit ?? 'litres';
      return vehicleAnswer(v, a.checked.mayEdit, unit);
    },

    async byMeter(a: Caller, meterId: number) {
      const id = await q.vehicleOfMeter(db, orgOf(a), meterId);
      if (id === null) throw notFound();
      return { id, type: 'vehicle' as const };
    },

    async update(a: Caller, id: number, body: VehicleUpdate): Promise<Vehicle> {
      const organisationId = orgOf(a);
      await db.transaction(async (tx) => {
        const v = await vehicleFor(tx, a, id);
        const nextYear = Number(today().slice(0, 4)) + 1;
        const fields: Record<string, string[]> = {};
        if (body.year !== undefined && (body.year < 1900 || body.year > nextYear))
          fields.year = [MSG.vehicleYear];
        if (body.bodyshapeId !== undefined && !BODY_SHAPES.some((b) => b.id === body.bodyshapeId))
          fields.bodyshapeId = [MSG.vehicleRequired];
        if (body.transtypeId !== undefined && !TRANSMISSIONS.some((t) => t.id === body.transtypeId))
          fields.transtypeId = [MSG.vehicleRequired];
        const purchase = body.purchaseDate ?? v.purchase_date;
        const sale = body.saleDate === undefined ? v.sale_date : body.saleDate;
        if (sale !== null && sale < purchase) fields.saleDate = [MSG.vehicleSaleBeforePurchase];
        if (Object.keys(fields).length > 0) refuse(fields);
        const values = {
          ...(body.make !== undefined && { make: body.make }),
          ...(body.model !== undefined && { model: body.model }),
          ...(body.year !== undefined && { year: body.year }),
          ...(body.seats !== undefined && { seats: body.seats }),
          ...(body.engineSize !== undefined && { engineSize: String(decimals(body.engineSize, 3)) }),
          ...(body.desiredEff !== undefined && { desiredEff: String(decimals(body.desiredEff, 2)) }),
          ...(body.bodyshapeId !== undefined && { bodyShapeId: body.bodyshapeId }),
          ...(body.transtypeId !== undefined && { transmissionTypeId: body.transtypeId }),
          ...(body.purchaseDate !== undefined && { purchaseDate: body.purchaseDate }),
          ...(body.saleDate !== undefined && { saleDate: body.saleDate }),
          ...(body.fleetNumber !== undefined && { fleetNumber: body.fleetNumber }),
          ...(body.vehicleDescr !== undefined && { description: body.vehicleDescr }),
          ...(body.includeInOrgAutoload !== undefined && { includeInOrgAutoload: body.includeInOrgAutoload }),
        };
        await q.updateVehicle(tx, organisationId, id, values);
        if (body.saleDate !== undefined) {
          await q.closeMeters(tx, v, body.saleDate);
          await recomputeFacts(tx, [v.cons_meter_id, v.distance_meter_id], clock());
        }
        await audit(tx, a, {
          organisationId,
          action: 'update',
          asset: { type: 'vehicle', id, name: v.registration },
          changes: diff(
            {
              saleDate: v.sale_date,
              purchaseDate: v.purchase_date,
              make: v.make,
              model: v.model,
              year: v.year,
            },
            {
              saleDate: sale,
              purchaseDate: purchase,
              make: body.make ?? v.make,
              model: body.model ?? v.model,
              year: body.year ?? v.year,
            },
          ),
        });
      });
      return this.read(a, id);
    },

    async remove(a: Caller, id: number) {
      const organisationId = orgOf(a);
      return db.transaction(async (tx) => {
        const v = await vehicleFor(tx, a, id);
        await q.archiveVehicle(tx, v);
        await recomputeFacts(tx, [v.cons_meter_id, v.distance_meter_id], clock());
        await audit(tx, a, {
          organisationId,
          action: 'delete',
          asset: { type: 'vehicle', id, name: v.registration },
        });
        return { success: true as const, message: fill(MSG.vehicleDeleted, { name: v.registration }) };
      });
    },

    async purchases(a: Caller, id: number) {
      const organisationId = orgOf(a);
      const v = await vehicleFor(db, a, id);
      const own = await q.purchasesOfMeter(db, organisationId, v.cons_meter_id);
      const wrong = await q.incorrectPurchasesOf(db, organisationId, v.registration);
      const all = [...own, ...wrong].sort(
        (x, y) => y.date.localeCompare(x.date) || (y.time ?? '').localeCompare(x.time ?? '') || y.id - x.id,
      );
      const jumps = odometerJumps(own.map(toInput));
      return { purchases: all.map((p) => toPurchase(p, jumps)), mayEdit: a.checked.mayEdit };
    },

    async addPurchase(a: Caller, id: number, body: FuelPurchaseRequest) {
      const organisationId = orgOf(a);
      return db.transaction(async (tx) => {
        const v = await vehicleFor(tx, a, id);
        purchaseRules(body, v);
        const unitId = await q.meterUnit(tx, organisationId, v.cons_meter_id);
        if (unitId === null) throw badRequest(MSG.fuelPurchaseSaveFailed);
        const readingId = await q.insertPurchase(tx, {
          organisationId,
          meterId: v.cons_meter_id,
          unitId,
          purchaseDate: body.date,
          purchaseTime: storedPurchaseTime(body.time),
          odometer: body.odo,
          quantity: String(body.quantity),
          cost: String(body.cost),
          registration: v.registration,
        });
        const { warning, jumps } = await rechain(tx, organisationId, v, readingId);
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'fuel-purchase', id: readingId, name: v.registration },
          changes: created({ date: body.date, odo: body.odo, quantity: body.quantity, cost: body.cost }),
        });
        const row = await q.findPurchase(tx, organisationId, v.cons_meter_id, readingId);
        if (!row) throw badRequest(MSG.fuelPurchaseSaveFailed);
        return {
          success: true as const,
          message: MSG.fuelPurchaseAdded,
          warning,
          data: toPurchase(row, jumps),
        };
      });
    },

    async updatePurchase(a: Caller, id: number, readingId: number, body: FuelPurchaseRequest) {
      const organisationId = orgOf(a);
      return db.transaction(async (tx) => {
        const v = await vehicleFor(tx, a, id);
        const before = await q.findPurchase(tx, organisationId, v.cons_meter_id, readingId);
        if (!before) throw notFound();
        if (before.incorrect_fuel) throw badRequest(MSG.fuelPurchaseIncorrectLocked);
        purchaseRules(body, v);
        await q.updatePurchase(tx, organisationId, readingId, {
          purchaseDate: body.date,
          purchaseTime: storedPurchaseTime(body.time),
          odometer: body.odo,
          quantity: String(body.quantity),
          cost: String(body.cost),
        });
        const { warning, jumps } = await rechain(tx, organisationId, v, readingId);
        await audit(tx, a, {
          organisationId,
          action: 'update',
          asset: { type: 'fuel-purchase', id: readingId, name: v.registration },
          changes: diff(
            { date: before.date, odo: before.odometer, quantity: before.quantity, cost: before.cost },
            { date: body.date, odo: body.odo, quantity: body.quantity, cost: body.cost },
          ),
        });
        const row = await q.findPurchase(tx, organisationId, v.cons_meter_id, readingId);
        if (!row) throw notFound();
        return {
          success: true as const,
          message: MSG.fuelPurchaseUpdated,
          warning,
          data: toPurchase(row, jumps),
        };
      });
    },

    async deletePurchase(a: Caller, id: number, readingId: number) {
      const organisationId = orgOf(a);
      return db.transaction(async (tx) => {
        const v = await vehicleFor(tx, a, id);
        const before = await q.findPurchase(tx, organisationId, v.cons_meter_id, readingId);
        if (!before) throw notFound();
        if (before.incorrect_fuel) throw badRequest(MSG.fuelPurchaseIncorrectLocked);
        await q.deletePurchase(tx, organisationId, readingId);
        await rechain(tx, organisationId, v, null);
        await audit(tx, a, {
          organisationId,
          action: 'delete',
          asset: { type: 'fuel-purchase', id: readingId, name: v.registration },
        });
        return { success: true as const };
      });
    },

    async monthlyData(a: Caller, id: number, from?: string, till?: string): Promise<MonthlyData> {
      const organisationId = orgOf(a);
      const v = await vehicleFor(db, a, id);
      const end = till ?? today();
      const start = from ?? addMonths(monthOf(end), -23);
      const purchases = (await q.purchasesOfMeter(db, organisationId, v.cons_meter_id)).map(toInput);
      const months = monthlyVehicleData(purchases, start < v.purchase_date ? v.purchase_date : start, end);
      return {
        months: months.map((m) => {
          const metrics = vehicleLogMetrics(m);
          return {
            ...m,
            litresPer100km: metrics.litresPer100km,
            litresPerDay: metrics.litresPerDay,
            kmPerDay: metrics.kmPerDay,
            costPerDay: metrics.costPerDay,
          };
        }),
        efficiency: efficiencySeries(purchases).filter((p) => p.date >= start && p.date <= end),
        desiredEfficiency: v.desired_eff,
        unit: v.fuel_id === EV_FUEL_KWH ? 'kWh' : v.fuel_id === EV_FUEL_KM ? 'km' : 'L',
      };
    },

    // ---- Fuel cards -------------------------------------------------------------------------------------

    async cardNameCheck(a: Caller, organisationId: number, name: string): Promise<CardNameCheck> {
      void a;
      const exists = name.trim() !== '' && (await q.cardNameTaken(db, organisationId, name.trim()));
      return { exists, message: exists ? MSG.cardNameExists : null };
    },

    async newCard(a: Caller, organisationId: number, body: { name: string; siteId: number | null }) {
      const name = body.name.trim().toUpperCase();
      return db.transaction(async (tx) => {
        const fields: Record<string, string[]> = {};
        if (body.siteId === null) fields.siteId = [MSG.vehicleSiteRequired];
        if (await q.cardNameTaken(tx, organisationId, name)) fields.name = [MSG.cardNameExists];
        if (Object.keys(fields).length > 0 || body.siteId === null) refuse(fields);
        const site = await q.findSite(tx, organisationId, body.siteId);
        const ref = [{ type: 'site' as const, id: body.siteId }];
        if (!site || !(await canOnAssets(tx, a.principal, 'view', organisationId, ref))[0])
          refuse({ siteId: [MSG.meterUnknownSite] });
        if (!(await canOnAssets(tx, a.principal, 'edit', organisationId, ref))[0]) throw forbidden();
        // A card buys petrol unless told otherwise (the spec's card carries only a petrol91 flag).
        const unit = await fuelUnit(tx, 5);
        const meter = await q.insertMeter(tx, {
          organisationId,
          siteId: body.siteId,
          localName: name,
          meterType: 7,
          energyId: 5,
          unitId: unit.id,
          outputUnitId: unit.id,
          meterOpen: today(),
        });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'meter', id: meter.id, name },
          changes: created({ localName: name, siteId: body.siteId, meterType: 7 }),
        });
        return { success: true as const, message: fill(MSG.cardCreated, { name }), id: meter.id, name };
      });
    },

    async card(a: Caller, id: number, incorrectOnly = false): Promise<FuelCard> {
      const organisationId = orgOf(a);
      const card = await q.findCard(db, organisationId, id);
      if (!card) throw notFound();
      const end = monthOf(today());
      const start = addMonths(end, -23);
      const [facts, purchases] = await Promise.all([
        q.meterMonths(db, organisationId, [id], start, end),
        q.purchasesOfMeter(db, organisationId, id),
      ]);
      const unit = await q.unitNamed(db, card.energy_id, 'litres');
      const perLitreStd = unit?.conversion ?? 1;
      return {
        id: card.id,
        name: card.name,
        site: card.site,
        siteId: card.site_id,
        fuel: card.fuel,
        petrol91: card.energy_id === 5,
        monthly: facts.map((f) => ({
          month: f.month.slice(0, 7),
          litres: decimals(f.quantity / perLitreStd, 3),
          cost: f.cost,
          co2e: Math.round(f.co2e),
          toDate: f.month.slice(0, 7) === end.slice(0, 7),
        })),
        purchases: purchases
          .filter((p) => !incorrectOnly || p.incorrect_fuel)
          .reverse()
          .map((p) => toPurchase(p)),
        mayEdit: a.checked.mayEdit,
      };
    },

    /** A purchase on a card: flagged incorrect-fuel when it names a vehicle of another fuel. */
    async addCardPurchase(a: Caller, id: number, body: FuelPurchaseRequest & { registration: string }) {
      const organisationId = orgOf(a);
      return db.transaction(async (tx) => {
        const card = await q.findCard(tx, organisationId, id);
        if (!card) throw notFound();
        purchaseRules(body, null);
        const registration = body.registration.toUpperCase();
        const v = registration ? await q.vehicleByRegistration(tx, organisationId, registration) : undefined;
        const readingId = await q.insertPurchase(tx, {
          organisationId,
          meterId: id,
          unitId: card.unit_id,
          purchaseDate: body.date,
          purchaseTime: storedPurchaseTime(body.time),
          odometer: body.odo,
          quantity: String(body.quantity),
          cost: String(body.cost),
          registration: registration || null,
          incorrectFuel: v !== undefined && v.fuelId !== card.energy_id,
        });
        await recomputeFacts(tx, [id], clock());
        const row = await q.findPurchase(tx, organisationId, id, readingId);
        if (!row) throw badRequest(MSG.fuelPurchaseSaveFailed);
        return {
          success: true as const,
          message: MSG.fuelPurchaseAdded,
          warning: null,
          data: toPurchase(row),
        };
      });
    },
  };
}

export type FleetService = ReturnType<typeof createFleetService>;
