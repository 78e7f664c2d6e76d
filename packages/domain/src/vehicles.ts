import { daysInMonth, fromDayNumber, toDayNumber } from './calendar';

/**
 * Vehicles and their fuel (core-portal 2-9, data-portal 2.6 and 7): registrations, the odometer chain, the
 * Vehicle Log's monthly metrics and the efficiency series. Pure: the API feeds stored purchases in.
 */

/** Fuel codes (spec 9): an electric vehicle is fuelled by kWh (14) or recorded by km (116). */
/** The product's name in messages ('already exists in {product}'). */
export const PRODUCT_NAME = 'Verdant';
export const EV_FUEL_KWH = 14;
export const EV_FUEL_KM = 116;
export const DISTANCE_ENERGY_ID = 116;
/** The distance meter's unit (km). */
export const DISTANCE_UNIT_ID = 35;
/** The fuels a vehicle may have: data types of the catalogue (id and the unit its fuel meter records in). */
export const VEHICLE_FUELS = [
  { id: 5, name: 'Petrol', unit: 'litres' },
  { id: 4, name: 'Diesel', unit: 'litres' },
  { id: 3, name: 'LPG', unit: 'litres' },
  { id: EV_FUEL_KWH, name: 'Electric (kWh)', unit: 'kWh' },
  { id: EV_FUEL_KM, name: 'Electric (km)', unit: 'km' },
] as const;
export const isElectric = (fuelId: number) => fuelId === EV_FUEL_KWH || fuelId === EV_FUEL_KM;

export const BODY_SHAPES = [
  { id: 1, name: 'Hatchback' },
  { id: 2, name: 'Sedan' },
  { id: 3, name: 'Station wagon' },
  { id: 4, name: 'SUV' },
  { id: 5, name: 'Ute' },
  { id: 6, name: 'Van' },
  { id: 7, name: 'Truck' },
] as const;
export const TRANSMISSIONS = [
  { id: 1, name: 'Automatic' },
  { id: 2, name: 'Manual' },
] as const;

/** A registration as stored: letters and digits, uppercased, at most 8 (New Zealand plates). */
export const REGISTRATION_PATTERN = /^[A-Z0-9]{1,8}$/;

export interface ParsedRegistrations {
  registrations: string[];
  /** Entries with characters other than letters and digits, or too long. */
  invalid: string[];
  /** Entries typed more than once in the batch (each named once). */
  duplicates: string[];
}

/** Splits typed registrations on commas, semicolons and spaces, uppercased (spec 5). */
export function parseRegistrations(text: string): ParsedRegistrations {
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.trim().toUpperCase())
    .filter((p) => p !== '');
  const seen = new Set<string>();
  const registrations: string[] = [];
  const invalid: string[] = [];
  const duplicates = new Set<string>();
  for (const p of parts) {
    if (!REGISTRATION_PATTERN.test(p)) {
      invalid.push(p);
      continue;
    }
    if (seen.has(p)) duplicates.add(p);
    else {
      seen.add(p);
      registrations.push(p);
    }
  }
  return { registrations, invalid, duplicates: [...duplicates] };
}

/**
 * A fuel purchase's time (data-portal 5): HH:MM whose hours run 0 to 29 (a fill-up after midnight booked on the
 * day it started), one-digit hours allowed as typed.
 */
export const FUEL_PURCHASE_TIME = /^([01]?\d|2\d):[0-5]\d$/;

/** A purchase time as stored: two-digit hours ('7:05' is '07:05', so times sort as text); null when none. */
export const storedPurchaseTime = (time: string | null | undefined) => (time ? time.padStart(5, '0') : null);

export interface PurchaseInput {
  id: number;
  date: string;
  /** HH:MM or null. */
  time: string | null;
  /** km; null when not recorded. */
  odometer: number | null;
  quantity: number;
  cost: number;
}

export interface ChainedPurchase extends PurchaseInput {
  /** Lower than the previous counted reading: warned, stored flagged, left out of distance and efficiency. */
  odometerFlag: boolean;
}

const order = (a: PurchaseInput, b: PurchaseInput) =>
  a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? '') || a.id - b.id;

/** Purchases in time order, each odometer reading checked against the last counted one. */
export function odometerChain(purchases: readonly PurchaseInput[]): ChainedPurchase[] {
  let last: number | null = null;
  return [...purchases].sort(order).map((p) => {
    if (p.odometer === null) return { ...p, odometerFlag: false };
    if (last !== null && p.odometer < last) return { ...p, odometerFlag: true };
    last = p.odometer;
    return { ...p, odometerFlag: false };
  });
}

/**
 * More than this many km a day since the previous counted reading is not a plausible drive (a typing slip:
 * docs/decisions/fleet.md, "Odometer plausibility"). Such a reading is saved, counted and warned about.
 */
export const ODOMETER_MAX_KM_PER_DAY = 1500;

export interface OdometerJump {
  km: number;
  /** The previous counted reading's date. */
  since: string;
}

/** The counted readings that rose implausibly fast since the reading before them, by purchase id. */
export function odometerJumps(purchases: readonly PurchaseInput[]): Map<number, OdometerJump> {
  const jumps = new Map<number, OdometerJump>();
  let last: { date: string; odometer: number } | null = null;
  for (const p of odometerChain(purchases)) {
    if (p.odometer === null || p.odometerFlag) continue;
    if (last) {
      const km = p.odometer - last.odometer;
      const days = Math.max(1, toDayNumber(p.date) - toDayNumber(last.date));
      if (km / days > ODOMETER_MAX_KM_PER_DAY) jumps.set(p.id, { km, since: last.date });
    }
    last = { date: p.date, odometer: p.odometer };
  }
  return jumps;
}

/** Whether a new reading on `date` would be below the last counted reading before it. */
export function odometerBelowPrevious(purchases: readonly PurchaseInput[], reading: PurchaseInput): boolean {
  if (reading.odometer === null) return false;
  const chain = odometerChain([...purchases.filter((p) => p.id !== reading.id), reading]);
  return chain.find((p) => p.id === reading.id)?.odometerFlag ?? false;
}

interface Reading {
  date: string;
  odometer: number;
  quantity: number;
}

/** Consecutive counted readings: each with the one before it. */
export function stretches(purchases: readonly PurchaseInput[]): Array<[Reading, Reading]> {
  const counted: Reading[] = [];
  for (const p of odometerChain(purchases)) {
    if (p.odometer !== null && !p.odometerFlag)
      counted.push({ date: p.date, odometer: p.odometer, quantity: p.quantity });
  }
  return counted.slice(1).map((cur, i) => [counted[i] as Reading, cur]);
}

export interface DistanceRecord {
  dateFrom: string;
  dateTill: string;
  km: number;
}

/**
 * The distance meter's inputs (docs/domain.md, Inputs): each counted odometer difference, spread over the
 * days after the previous reading up to this one (the reading's own day when both fall on one day).
 */
export function distanceRecords(purchases: readonly PurchaseInput[]): DistanceRecord[] {
  const out: DistanceRecord[] = [];
  for (const [prev, cur] of stretches(purchases)) {
    const km = cur.odometer - prev.odometer;
    if (km <= 0) continue;
    const from = prev.date === cur.date ? cur.date : fromDayNumber(toDayNumber(prev.date) + 1);
    out.push({ dateFrom: from, dateTill: cur.date, km });
  }
  return out;
}

/** Price per litre: cost divided by quantity, 3 decimals (data-portal 5). */
export function perLitre(cost: number, quantity: number): number | null {
  return quantity > 0 ? round(cost / quantity, 3) : null;
}

/** Transaction export: the end month extends one month minus one day (core-portal 9). */
export function exportEnd(endMonth: string): string {
  const month = `${endMonth.slice(0, 7)}-01`;
  return `${month.slice(0, 8)}${String(daysInMonth(month)).padStart(2, '0')}`;
}

function round(v: number, dp: number): number {
  const f = 10 ** dp;
  return Math.round(v * f) / f;
}
