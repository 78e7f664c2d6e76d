import type { FleetList } from '@verdant/contracts/fleet';
import type { Vehicle, VehicleLookup, VehicleUpdate } from '@verdant/contracts/fleet/vehicles';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { addMonths } from '@verdant/domain/calendar';
import { fill, MSG } from '@verdant/domain/messages';
import {
  BODY_SHAPES,
  PRODUCT_NAME,
  REGISTRATION_PATTERN,
  TRANSMISSIONS,
  VEHICLE_FUELS,
} from '@verdant/domain/vehicles';
import { audit, diff } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import { canOnAssets } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './fleet.queries';
import { decimals, type FleetCore, FUEL_NAMES, refuse } from './fleet-core';
import { vehicleTotals } from './fleet-figures';

/** Vehicles: the fleet table, a vehicle, its changes and removal. */
export function vehicleOperations({ db, clock, vehicleFor, vehicleAnswer }: FleetCore) {
  return {
    lookups(list: 'vehicle-fuels' | 'transmissions' | 'body-shapes') {
      if (list === 'vehicle-fuels')
        return VEHICLE_FUELS.map((f) => ({ Id: f.id, Descr: f.name, unit: f.unit }));
      const items = list === 'transmissions' ? TRANSMISSIONS : BODY_SHAPES;
      return items.map((i) => ({ Id: i.id, Descr: i.name }));
    },

    async fleet(a: Caller, organisationId: number, memberOf: 'site' | number): Promise<FleetList> {
      const org = orgOf(a);
      const all = await q.fleetRows(db, organisationId, memberOf === 'site' ? null : memberOf);
      const allowed = await canOnAssets(
        db,
        a.principal,
        'view',
        organisationId,
        all.map((r) => ({ type: 'vehicle' as const, id: r.id })),
      );
      const rows = all.filter((_, i) => allowed[i]);
      // The last twelve months, this one included (to date).
      const figures = await vehicleTotals(
        db,
        organisationId,
        rows,
        addMonths(org.currentMonth, -11),
        org.currentMonth,
      );
      return {
        rows: rows.map((r) => {
          const { km, kwh } = figures.get(r.cons_meter_id) ?? { km: 0, kwh: 0 };
          return {
            id: r.id,
            type: 'vehicle' as const,
            registration: r.registration,
            makeModel: `${r.make} ${r.model}`,
            fuel: FUEL_NAMES.get(r.fuel_id) ?? r.fuel,
            fuelId: r.fuel_id,
            siteId: r.site_id,
            siteName: r.site_name,
            consumption: [Math.round(km), Math.round(kwh)] as [number, number],
            distanceUnit: 'km',
            closed: r.sale_date !== null && r.sale_date <= org.today,
            memberOf: r.member_of,
            consMeterId: r.cons_meter_id,
          };
        }),
        groupings: await q.meterGroupings(db, organisationId),
        mayEdit: a.checked.mayEdit,
      };
    },

    async lookup(a: Caller, text: string): Promise<VehicleLookup> {
      const registration = text.trim().toUpperCase();
      if (!REGISTRATION_PATTERN.test(registration)) {
        return { registration, valid: false, exists: false, message: MSG.vehicleRegistrationInvalid };
      }
      const exists = (await q.existingRegistrations(db, orgOf(a).id, [registration])).has(registration);
      return {
        registration,
        valid: true,
        exists,
        message: exists ? fill(MSG.vehicleExists, { registration, product: PRODUCT_NAME }) : null,
      };
    },

    async read(a: Caller, id: number): Promise<Vehicle> {
      const v = await vehicleFor(db, a, id);
      const unit = VEHICLE_FUELS.find((f) => f.id === v.fuel_id)?.unit ?? 'litres';
      return vehicleAnswer(a, v, unit);
    },

    async byMeter(a: Caller, meterId: number) {
      const id = await q.vehicleOfMeter(db, orgOf(a).id, meterId);
      if (id === null) throw notFound();
      return { id, type: 'vehicle' as const };
    },

    async update(a: Caller, id: number, body: VehicleUpdate): Promise<Vehicle> {
      const organisationId = orgOf(a).id;
      await db.transaction(async (tx) => {
        const v = await vehicleFor(tx, a, id);
        const nextYear = Number(orgOf(a).today.slice(0, 4)) + 1;
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
          await recomputeOrganisationFacts(
            tx,
            organisationId,
            [v.cons_meter_id, v.distance_meter_id],
            clock(),
          );
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
      const organisationId = orgOf(a).id;
      return db.transaction(async (tx) => {
        const v = await vehicleFor(tx, a, id);
        await q.archiveVehicle(tx, v);
        await recomputeOrganisationFacts(tx, organisationId, [v.cons_meter_id, v.distance_meter_id], clock());
        await audit(tx, a, {
          organisationId,
          action: 'delete',
          asset: { type: 'vehicle', id, name: v.registration },
        });
        return { success: true as const, message: fill(MSG.vehicleDeleted, { name: v.registration }) };
      });
    },
  };
}
