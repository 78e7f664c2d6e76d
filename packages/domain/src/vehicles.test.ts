import { describe, expect, it } from 'vitest';
import { efficiencySeries, monthlyVehicleData, vehicleLogMetrics } from './vehicle-log';
import {
  distanceRecords,
  exportEnd,
  odometerBelowPrevious,
  odometerChain,
  type PurchaseInput,
  parseRegistrations,
  perLitre,
  storedPurchaseTime,
} from './vehicles';

/**
 * A hand-computed month, March 2026:
 *   25/02  odo 10000  40 L  $100
 *   05/03  odo 10400  30 L   $75   400 km over 26/02..05/03 (8 days, 50 km/day): Feb 150, Mar 250
 *   20/03  odo 10300  10 L   $25   lower than 10400: flagged, no distance, no efficiency (litres count)
 *   25/03  odo 11000  40 L  $110   600 km over 06/03..25/03 (20 days, 30 km/day): Mar 600
 *   04/04  odo 11300  20 L   $50   300 km over 26/03..04/04 (10 days, 30 km/day): Mar 180, Apr 120
 * March: 80 L, $210, 250 + 600 + 180 = 1030 km, 31 days.
 *   L/100km 80 / 1030 x 100 = 7.7670 -> 7.77; L/day 80 / 31 = 2.58; km/day 1030 / 31 = 33.23; $/day 210 / 31 = 6.77.
 * Efficiency: 05/03 30 / 400 = 7.50 (cum 7.50); 25/03 40 / 600 = 6.67 (cum 70 / 1000 = 7.00);
 *   04/04 20 / 300 = 6.67 (cum 90 / 1300 = 6.92).
 */
const purchases: PurchaseInput[] = [
  { id: 1, date: '2026-02-25', time: '08:00', odometer: 10000, quantity: 40, cost: 100 },
  { id: 3, date: '2026-03-20', time: null, odometer: 10300, quantity: 10, cost: 25 },
  { id: 2, date: '2026-03-05', time: '17:30', odometer: 10400, quantity: 30, cost: 75 },
  { id: 4, date: '2026-03-25', time: null, odometer: 11000, quantity: 40, cost: 110 },
  { id: 5, date: '2026-04-04', time: null, odometer: 11300, quantity: 20, cost: 50 },
];

describe('vehicle log', () => {
  it('flags an odometer lower than the previous reading', () => {
    expect(odometerChain(purchases).map((p) => [p.id, p.odometerFlag])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, false],
      [5, false],
    ]);
    expect(
      odometerBelowPrevious(purchases, {
        id: 0,
        date: '2026-04-05',
        time: null,
        odometer: 11299,
        quantity: 1,
        cost: 1,
      }),
    ).toBe(true);
    expect(
      odometerBelowPrevious(purchases, {
        id: 0,
        date: '2026-04-05',
        time: null,
        odometer: 11300,
        quantity: 1,
        cost: 1,
      }),
    ).toBe(false);
  });

  it('spreads odometer differences over the days between readings', () => {
    expect(distanceRecords(purchases)).toEqual([
      { dateFrom: '2026-02-26', dateTill: '2026-03-05', km: 400 },
      { dateFrom: '2026-03-06', dateTill: '2026-03-25', km: 600 },
      { dateFrom: '2026-03-26', dateTill: '2026-04-04', km: 300 },
    ]);
  });

  it('computes the hand-checked March', () => {
    const months = monthlyVehicleData(purchases, '2026-02-01', '2026-04-30');
    expect(months).toEqual([
      { label: '2026-02', litres: 40, distance: 150, days: 28, cost: 100 },
      { label: '2026-03', litres: 80, distance: 1030, days: 31, cost: 210 },
      { label: '2026-04', litres: 20, distance: 120, days: 30, cost: 50 },
    ]);
    expect(vehicleLogMetrics(months[1] as (typeof months)[number])).toEqual({
      label: '2026-03',
      litresPer100km: 7.77,
      litres: 80,
      km: 1030,
      litresPerDay: 2.58,
      kmPerDay: 33.23,
      costPerDay: 6.77,
    });
  });

  it('counts only the days up to today in the current month', () => {
    const [april] = monthlyVehicleData(purchases, '2026-04-01', '2026-04-10');
    expect(april).toEqual({ label: '2026-04', litres: 20, distance: 120, days: 10, cost: 50 });
    expect(
      vehicleLogMetrics({ label: '2026-05', litres: 0, distance: 0, days: 31, cost: 0 }).litresPer100km,
    ).toBeNull();
  });

  it('gives efficiency per stretch and cumulatively', () => {
    expect(efficiencySeries(purchases)).toEqual([
      { date: '2026-03-05', efficiency: 7.5, cumulative: 7.5 },
      { date: '2026-03-25', efficiency: 6.67, cumulative: 7 },
      { date: '2026-04-04', efficiency: 6.67, cumulative: 6.92 },
    ]);
  });
});

describe('registrations and small rules', () => {
  it('splits on commas, semicolons and spaces, uppercased, refusing odd characters and repeats', () => {
    expect(parseRegistrations(' abc123, XYZ9;qq1  abc123 ab-12 ')).toEqual({
      registrations: ['ABC123', 'XYZ9', 'QQ1'],
      invalid: ['AB-12'],
      duplicates: ['ABC123'],
    });
  });

  it('prices per litre to 3 decimals and extends the export end to the month end', () => {
    expect(perLitre(100, 45.5)).toBe(2.198);
    expect(perLitre(1, 0)).toBeNull();
    expect(exportEnd('2026-02')).toBe('2026-02-28');
    expect(exportEnd('2024-02-01')).toBe('2024-02-29');
  });

  it('stores a purchase time with two-digit hours, past midnight kept as typed', () => {
    expect(storedPurchaseTime('7:05')).toBe('07:05');
    expect(storedPurchaseTime('25:30')).toBe('25:30');
    expect(storedPurchaseTime('')).toBeNull();
    expect(storedPurchaseTime(null)).toBeNull();
    expect(storedPurchaseTime(undefined)).toBeNull();
  });
});
