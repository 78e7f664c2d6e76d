import { MSG } from '@verdant/domain/messages';
import { FUEL_PURCHASE_TIME } from '@verdant/domain/vehicles';
import { z } from 'zod';
import { calendarDate, factorEdition, int4, nameText, text } from '../common';

/** A vehicle's fuel purchases and monthly log, and the fuel cards they are bought on. */

const money = z.number().finite();

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
export const cardNameQuery = z.object({ name: nameText().max(200).default('') });
export const cardNameCheck = z.object({ exists: z.boolean(), message: text().nullable() });
export const newCardRequest = z.object({
  name: nameText().trim().min(1, MSG.cardNameRequired).max(200),
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
  /** The editions of emission factors that produced the months' kg CO2e (location-based). */
  editions: z.array(factorEdition),
  mayEdit: z.boolean(),
});
export type FuelCard = z.infer<typeof fuelCard>;
export const cardPurchaseRequest = fuelPurchaseRequest.extend({ registration: text().trim().max(40) });

export type CardNameCheck = z.infer<typeof cardNameCheck>;
