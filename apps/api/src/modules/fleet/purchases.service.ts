import type { FuelPurchaseRequest, MonthlyData } from '@verdant/contracts/fleet/purchases';
import { addMonths, monthOf } from '@verdant/domain/calendar';
import { MSG } from '@verdant/domain/messages';
import { efficiencySeries, monthlyVehicleData, vehicleLogMetrics } from '@verdant/domain/vehicle-log';
import { EV_FUEL_KM, EV_FUEL_KWH, odometerJumps, storedPurchaseTime } from '@verdant/domain/vehicles';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import { type FleetCore, toInput, toPurchase } from './fleet-core';
import * as pq from './purchases.queries';

/** A vehicle's fuel purchases and its Vehicle Log. */
export function purchaseOperations({ db, vehicleFor, rechain, purchaseRules }: FleetCore) {
  return {
    async purchases(a: Caller, id: number) {
      const organisationId = orgOf(a).id;
      const v = await vehicleFor(db, a, id);
      const own = await pq.purchasesOfMeter(db, organisationId, v.cons_meter_id);
      const wrong = await pq.incorrectPurchasesOf(db, organisationId, v.registration);
      const all = [...own, ...wrong].sort(
        (x, y) => y.date.localeCompare(x.date) || (y.time ?? '').localeCompare(x.time ?? '') || y.id - x.id,
      );
      const jumps = odometerJumps(own.map(toInput));
      return { purchases: all.map((p) => toPurchase(p, jumps)), mayEdit: a.checked.mayEdit };
    },

    async addPurchase(a: Caller, id: number, body: FuelPurchaseRequest) {
      const organisationId = orgOf(a).id;
      return db.transaction(async (tx) => {
        const v = await vehicleFor(tx, a, id);
        purchaseRules(a, body, v);
        const unitId = await pq.meterUnit(tx, organisationId, v.cons_meter_id);
        if (unitId === null) throw badRequest(MSG.fuelPurchaseSaveFailed);
        const readingId = await pq.insertPurchase(tx, {
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
        const row = await pq.findPurchase(tx, organisationId, v.cons_meter_id, readingId);
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
      const organisationId = orgOf(a).id;
      return db.transaction(async (tx) => {
        const v = await vehicleFor(tx, a, id);
        const before = await pq.findPurchase(tx, organisationId, v.cons_meter_id, readingId);
        if (!before) throw notFound();
        if (before.incorrect_fuel) throw badRequest(MSG.fuelPurchaseIncorrectLocked);
        purchaseRules(a, body, v);
        await pq.updatePurchase(tx, organisationId, readingId, {
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
        const row = await pq.findPurchase(tx, organisationId, v.cons_meter_id, readingId);
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
      const organisationId = orgOf(a).id;
      return db.transaction(async (tx) => {
        const v = await vehicleFor(tx, a, id);
        const before = await pq.findPurchase(tx, organisationId, v.cons_meter_id, readingId);
        if (!before) throw notFound();
        if (before.incorrect_fuel) throw badRequest(MSG.fuelPurchaseIncorrectLocked);
        await pq.deletePurchase(tx, organisationId, readingId);
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
      const organisationId = orgOf(a).id;
      const v = await vehicleFor(db, a, id);
      const end = till ?? orgOf(a).today;
      const start = from ?? addMonths(monthOf(end), -23);
      const purchases = (await pq.purchasesOfMeter(db, organisationId, v.cons_meter_id)).map(toInput);
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
  };
}
