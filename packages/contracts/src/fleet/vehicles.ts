import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { calendarDate, int4, text } from '../common';

/** A vehicle: the New Vehicle(s) wizard's rows and the vehicle page. */

// ---- New Vehicle(s) -------------------------------------------------------------------------------------
export const registrationParam = z.object({ registration: text().max(40) });
export const lookupQuery = z.object({ purchaseDate: calendarDate().optional() });
export const vehicleLookup = z.object({
  registration: text(),
  valid: z.boolean(),
  exists: z.boolean(),
  message: text().nullable(),
});
export type VehicleLookup = z.infer<typeof vehicleLookup>;

/** Each row's fields arrive as typed; the service refuses them with per-row messages. */
export const newVehicleRow = z.object({
  registration: text().max(40),
  make: text().max(60),
  model: text().max(60),
  year: z.number().nullable(),
  bodyShapeId: int4().nullable(),
  seats: z.number().nullable(),
  transmissionTypeId: int4().nullable(),
  engineSize: z.number().nullable(),
  fuelId: int4().nullable(),
  desiredEfficiency: z.number().nullable(),
});
export type NewVehicleRow = z.infer<typeof newVehicleRow>;
export const newVehiclesRequest = z.object({
  purchaseDate: calendarDate(MSG.vehiclePurchaseDateRequired),
  reporting: z.enum(['ORGANISATION', 'ASSOCIATED', 'CONTRACTOR', 'UNREPORTED']),
  list: z.array(newVehicleRow).min(1, MSG.vehicleNeedsOne).max(200),
});
export type NewVehiclesRequest = z.infer<typeof newVehiclesRequest>;
export const newVehiclesAnswer = z.object({
  success: z.literal(true),
  message: text(),
  data: z.object({ newVehicleList: z.array(z.object({ id: z.number(), registration: text() })) }),
});

// ---- Vehicle --------------------------------------------------------------------------------------------
export const vehicle = z.object({
  id: z.number(),
  registration: text(),
  make: text(),
  model: text(),
  year: z.number(),
  seats: z.number(),
  engineSize: z.number(),
  desiredEff: z.number(),
  bodyshapeId: z.number(),
  transtypeId: z.number(),
  fuelId: z.number(),
  fuel: text(),
  fuelUnit: text(),
  purchaseDate: text(),
  saleDate: text().nullable(),
  fleetNumber: text().nullable(),
  vehicleDescr: text().nullable(),
  includeInOrgAutoload: z.boolean(),
  consMeter: z.number(),
  distanceMeter: z.number(),
  siteId: z.number(),
  siteName: text(),
  closed: z.boolean(),
  mayEdit: z.boolean(),
});
export type Vehicle = z.infer<typeof vehicle>;

export const vehicleUpdate = z
  .object({
    make: text().trim().min(1, MSG.vehicleRequired).max(60),
    model: text().trim().min(1, MSG.vehicleRequired).max(60),
    year: int4(),
    seats: int4().min(0, MSG.vehicleSeats).max(200, MSG.vehicleSeats),
    engineSize: z.number().min(0).max(99_999),
    desiredEff: z.number().min(0).max(999_999),
    bodyshapeId: int4(),
    transtypeId: int4(),
    purchaseDate: calendarDate(),
    saleDate: calendarDate().nullable(),
    fleetNumber: text().max(40).nullable(),
    vehicleDescr: text().max(200).nullable(),
    includeInOrgAutoload: z.boolean(),
  })
  .partial();
export type VehicleUpdate = z.infer<typeof vehicleUpdate>;

export const vehicleByMeter = z.object({ id: z.number(), type: z.literal('vehicle') });
export const vehicleRemoved = z.object({ success: z.literal(true), message: text() });
