/* The Vehicle Log and efficiency (data-portal 2.6): a vehicle's months and its fill-to-fill efficiency. */
import { daysBetween, daysInMonth, fromDayNumber, monthsBetween, toDayNumber } from './calendar';

import { distanceRecords, type PurchaseInput, stretches } from './vehicles';

export interface MonthlyVehicleData {
  /** yyyy-MM */
  label: string;
  litres: number;
  distance: number;
  days: number;
  cost: number;
}

/**
 * Monthly vehicle data (data-portal 3): litres and cost bought in the month, km travelled in it (odometer
 * differences spread evenly over their days), and the days of the month from `from` to `till`.
 */
export function monthlyVehicleData(
  purchases: readonly PurchaseInput[],
  from: string,
  till: string,
): MonthlyVehicleData[] {
  const rows = new Map<string, MonthlyVehicleData>();
  for (const month of monthsBetween(from, till)) {
    const first = month;
    const last = `${month.slice(0, 8)}${String(daysInMonth(month)).padStart(2, '0')}`;
    const start = first < from ? from : first;
    const end = last > till ? till : last;
    rows.set(month.slice(0, 7), {
      label: month.slice(0, 7),
      litres: 0,
      distance: 0,
      days: daysBetween(start, end),
      cost: 0,
    });
  }
  for (const p of purchases) {
    const row = rows.get(p.date.slice(0, 7));
    if (!row) continue;
    row.litres += p.quantity;
    row.cost += p.cost;
  }
  for (const r of distanceRecords(purchases)) {
    const days = daysBetween(r.dateFrom, r.dateTill);
    const perDay = r.km / days;
    for (let d = toDayNumber(r.dateFrom); d <= toDayNumber(r.dateTill); d += 1) {
      const row = rows.get(fromDayNumber(d).slice(0, 7));
      if (row) row.distance += perDay;
    }
  }
  return [...rows.values()].map((r) => ({
    ...r,
    litres: round(r.litres, 3),
    distance: round(r.distance, 1),
    cost: round(r.cost, 2),
  }));
}

export interface VehicleLogMetrics {
  label: string;
  /** L/100km; null without distance. */
  litresPer100km: number | null;
  litres: number;
  km: number;
  litresPerDay: number | null;
  kmPerDay: number | null;
  costPerDay: number | null;
}

/** The Vehicle Log's six metrics (data-portal 2.6) of a month. */
export function vehicleLogMetrics(m: MonthlyVehicleData): VehicleLogMetrics {
  const perDay = (v: number) => (m.days > 0 ? round(v / m.days, 2) : null);
  return {
    label: m.label,
    litresPer100km: m.distance > 0 ? round((m.litres / m.distance) * 100, 2) : null,
    litres: m.litres,
    km: m.distance,
    litresPerDay: perDay(m.litres),
    kmPerDay: perDay(m.distance),
    costPerDay: perDay(m.cost),
  };
}

export interface EfficiencyPoint {
  date: string;
  /** L/100km over the stretch since the previous counted reading (Scatter). */
  efficiency: number;
  /** L/100km of every counted stretch so far (Cumulative). */
  cumulative: number;
}

/**
 * Fill-to-fill efficiency: the litres bought at a reading fuelled the km since the previous counted reading.
 * Flagged readings and purchases without an odometer reading are left out.
 */
export function efficiencySeries(purchases: readonly PurchaseInput[]): EfficiencyPoint[] {
  const out: EfficiencyPoint[] = [];
  let litres = 0;
  let km = 0;
  for (const [prev, cur] of stretches(purchases)) {
    const stretch = cur.odometer - prev.odometer;
    if (stretch <= 0) continue;
    litres += cur.quantity;
    km += stretch;
    out.push({
      date: cur.date,
      efficiency: round((cur.quantity / stretch) * 100, 2),
      cumulative: round((litres / km) * 100, 2),
    });
  }
  return out;
}

function round(v: number, dp: number): number {
  const f = 10 ** dp;
  return Math.round(v * f) / f;
}
