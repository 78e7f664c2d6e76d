import type { NewVehiclesRequest } from '@verdant/contracts/fleet/vehicles';
import { fill, MSG } from '@verdant/domain/messages';
import {
  BODY_SHAPES,
  DISTANCE_ENERGY_ID,
  DISTANCE_UNIT_ID,
  PRODUCT_NAME,
  REGISTRATION_PATTERN,
  TRANSMISSIONS,
} from '@verdant/domain/vehicles';
import { audit, created } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import * as q from './fleet.queries';

import { decimals, type FleetCore, FUEL_NAMES, refuse } from './fleet-core';

/** New vehicles: each with its fuel and distance meters, in one transaction (data-portal 2.6). */
export function newVehicleOperations({ db, fuelUnit }: FleetCore) {
  return {
    async newVehicles(a: Caller, siteId: number, body: NewVehiclesRequest) {
      const organisationId = orgOf(a).id;
      const nextYear = Number(orgOf(a).today.slice(0, 4)) + 1;
      const result = await db.transaction(async (tx) => {
        const site = await q.findSite(tx, organisationId, siteId);
        if (!site) throw notFound();
        const fields: Record<string, string[]> = {};
        const add = (key: string, message: string) => {
          fields[key] = [...(fields[key] ?? []), message];
        };
        if (body.purchaseDate > orgOf(a).today) add('purchaseDate', MSG.fuelPurchaseFuture);
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
  };
}
