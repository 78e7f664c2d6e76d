import { MSG } from '@verdant/domain/messages';
import { FUEL_PURCHASE_TIME } from '@verdant/domain/vehicles';
import { z } from 'zod';
import { calendarDate, idNumber, int4, text } from './common';

/**
 * Fleet: vehicles, fuel cards, fuel purchases, the Vehicle Log and the fleet exports (core-portal 2-9,
 * data-portal 2.6, 3, 5, 7). Field names follow the spec's entities.
 */

export const organisationIdParam = z.object({ id: idNumber() });
export const vehicleIdParam = z.object({ id: idNumber() });
export const siteIdParam = z.object({ siteId: idNumber() });
export const purchaseParams = z.object({ id: idNumber(), readingId: idNumber() });

const money = z.number().finite();

// ---- Fleet table ----------------------------------------------------------------------------------------
export const fleetRow = z.object({
  id: z.number(),
  type: z.literal('vehicle'),
  registration: text(),
  makeModel: text(),
  fuel: text(),
  fuelId: z.number(),
  siteId: z.number(),
  siteName: text(),
  /** The last 12 months: km travelled and kWh of fuel (the spec's consumption pair). */
  consumption: z.tuple([z.number(), z.number()]),
  distanceUnit: text(),
  closed: z.boolean(),
  memberOf: text().nullable(),
  consMeterId: z.number(),
});
export const fleetQuery = z.object({ memberOf: z.union([z.literal('site'), idNumber()]).default('site') });
export const fleetList = z.object({
  rows: z.array(fleetRow),
  groupings: z.array(z.object({ id: z.number(), name: text() })),
  mayEdit: z.boolean(),
});
export type FleetRow = z.infer<typeof fleetRow>;
export type FleetList = z.infer<typeof fleetList>;

export const fleetLookupItem = z.object({ Id: z.number(), Descr: text(), unit: text().optional() });
export const fleetLookupList = z.array(fleetLookupItem);

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

// ---- Fuel purchases -------------------------------------------------------------------------------------
export const fuelPurchase = z.object({
  readingId: z.number(),
  date: text(),
  time: text().nullable(),
  /** -1 when none (data-portal 3). */
  odo: z.number(),
  cost: z.number(),
  quantity: z.number(),
  perLitre: z.number().nullable(),
  fuel: text(),
  registration: text().nullable(),
  incorrectFuel: z.boolean(),
  odometerFlag: z.boolean(),
  /** Implausibly far above the previous reading (domain vehicles.ts, ODOMETER_MAX_KM_PER_DAY): warned. */
  odometerJump: z.boolean().default(false),
});
export type FuelPurchase = z.infer<typeof fuelPurchase>;
export const fuelPurchaseList = z.object({ purchases: z.array(fuelPurchase), mayEdit: z.boolean() });

const time = z.union([z.literal(''), z.null(), text().regex(FUEL_PURCHASE_TIME, MSG.fuelPurchaseTime)]);
export const fuelPurchaseRequest = z.object({
  date: calendarDate(),
  time: time.optional(),
  odo: int4().min(0).nullable(),
  cost: money.min(0, MSG.fuelPurchaseCost).max(1e9),
  quantity: z.number().finite().gt(0, MSG.fuelPurchaseQuantity).max(1e9),
});
export type FuelPurchaseRequest = z.infer<typeof fuelPurchaseRequest>;
export const fuelPurchaseAnswer = z.object({
  success: z.literal(true),
  message: text(),
  /** The odometer warning, when the reading is below the previous one or implausibly far above it. */
  warning: text().nullable(),
  data: fuelPurchase,
});

// ---- Analytics ------------------------------------------------------------------------------------------
export const monthlyDataQuery = z.object({
  from: calendarDate().optional(),
  till: calendarDate().optional(),
});
export const monthlyData = z.object({
  months: z.array(
    z.object({
      label: text(),
      litres: z.number(),
      distance: z.number(),
      days: z.number(),
      cost: z.number(),
      litresPer100km: z.number().nullable(),
      litresPerDay: z.number().nullable(),
      kmPerDay: z.number().nullable(),
      costPerDay: z.number().nullable(),
    }),
  ),
  efficiency: z.array(z.object({ date: text(), efficiency: z.number(), cumulative: z.number() })),
  desiredEfficiency: z.number(),
  unit: text(),
});
export type MonthlyData = z.infer<typeof monthlyData>;

// ---- Fuel cards -----------------------------------------------------------------------------------------
export const cardNameQuery = z.object({ name: text().max(200).default('') });
export const cardNameCheck = z.object({ exists: z.boolean(), message: text().nullable() });
export const newCardRequest = z.object({
  name: text().trim().min(1, MSG.cardNameRequired).max(200),
  siteId: int4().positive().nullable(),
});
export const newCardAnswer = z.object({
  success: z.literal(true),
  message: text(),
  id: z.number(),
  name: text(),
});
export const fuelCard = z.object({
  id: z.number(),
  name: text(),
  site: text(),
  siteId: z.number(),
  fuel: text(),
  petrol91: z.boolean(),
  monthly: z.array(
    z.object({
      month: text(),
      litres: z.number(),
      cost: z.number(),
      co2e: z.number(),
      /** Today's month: its figures are to date. */
      toDate: z.boolean().default(false),
    }),
  ),
  purchases: z.array(fuelPurchase),
  mayEdit: z.boolean(),
});
export type FuelCard = z.infer<typeof fuelCard>;
export const cardPurchaseRequest = fuelPurchaseRequest.extend({ registration: text().trim().max(40) });

// ---- Exports --------------------------------------------------------------------------------------------
export const FLEET_EXPORT_QUANTITIES = ['kWh', '$', 'CO2e', 'L', 'km'] as const;
const yyyyMM = text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG.exportRangeIncomplete);
const range = (aggregations: readonly [string, ...string[]]) =>
  z
    .object({
      aggregation: z.enum(aggregations),
      start: z.union([yyyyMM, z.literal(''), z.null()]),
      end: z.union([yyyyMM, z.literal(''), z.null()]),
    })
    .refine((r) => !!r.start && !!r.end, MSG.exportRangeIncomplete)
    .refine((r) => !r.start || !r.end || r.start <= r.end, MSG.exportRangeOrder);
export const fleetDataExportRequest = z.object({
  assets: z.array(int4().positive()).min(1, MSG.fleetExportNeedsVehicle).max(10_000),
  data: z.array(z.enum(FLEET_EXPORT_QUANTITIES)).min(1, MSG.exportNeedsQuantity),
  ranges: z
    .array(range(['monthly', 'total']))
    .min(1, MSG.exportRangeIncomplete)
    .max(20),
});
export const fleetTransactionExportRequest = z.object({
  assets: z.array(int4().positive()).min(1, MSG.fleetExportNeedsVehicle).max(10_000),
  data: z.array(z.enum(FLEET_EXPORT_QUANTITIES)).min(1, MSG.exportNeedsQuantity),
  ranges: z
    .array(range(['individual', 'month']))
    .min(1, MSG.exportRangeIncomplete)
    .max(20),
});
export type FleetDataExportRequest = z.infer<typeof fleetDataExportRequest>;
export type FleetTransactionExportRequest = z.infer<typeof fleetTransactionExportRequest>;
export type CardNameCheck = z.infer<typeof cardNameCheck>;
