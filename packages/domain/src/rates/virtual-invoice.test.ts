import { describe, expect, it } from 'vitest';
import { contractedLineRate, type MeterContractRates, type TouMonthRate } from './contracted';
import { virtualInvoice } from './virtual-invoice';

/*
 * A hand-computed week, Monday 2 to Sunday 8 March 2026, on a TOU contract whose March rates are (c/kWh):
 *            Night (23-07, 16 half hours)  Day (07-17, 20)  Peak (17-21, 8)  Evening (21-23, 4)
 *   Weekday  10                            20               30               15
 *   Weekend   9                            18               27               13.5
 * The meter uses 1 kWh every half hour on weekdays and 0.5 kWh at weekends:
 *   Weekday (5 days): Night 80 kWh 800 c, Day 100 kWh 2,000 c, Peak 40 kWh 1,200 c, Evening 20 kWh 300 c.
 *   Weekend (2 days): Night 16 kWh 144 c, Day 20 kWh 360 c, Peak 8 kWh 216 c, Evening 4 kWh 54 c.
 *   Total 288 kWh, 5,074 c.
 * The retailer bills Day (all days) 120 kWh at 21 c = 2,520 c, Night (all days) 96 kWh at 10 c = 960 c,
 * Peak (weekday) 40 kWh at 30 c = 1,200 c and Evening 24 kWh at 15 c = 360 c (5,040 c), forgets the weekend
 * peak, and adds a daily fixed charge the contract does not price.
 */
const RATES: Record<string, [number, number]> = { 1: [10, 9], 2: [20, 18], 3: [30, 27], 4: [15, 13.5] };
const march: TouMonthRate[] = Object.entries(RATES).flatMap(([periodId, [weekday, weekend]]) => [
  { month: '2026-03-01', periodId: Number(periodId), daytypeId: 1, rate: weekday },
  { month: '2026-03-01', periodId: Number(periodId), daytypeId: 2, rate: weekend },
]);
const tou: MeterContractRates = { contractName: 'Metro TOU', tou: march, nhh: [] };
const week = ['02', '03', '04', '05', '06', '07', '08'].map((d, i) => ({
  date: `2026-03-${d}`,
  kwh: Array<number>(48).fill(i < 5 ? 1 : 0.5),
}));
const energy = (
  description: string,
  touPeriod: string,
  dayType: string | null,
  kwh: number,
  rate: number,
) => ({
  category: 'charge' as const,
  chargeType: 'Energy',
  description,
  touPeriod,
  dayType,
  rate,
  quantity: kwh,
  totalCents: kwh * rate,
  calculatedCents: kwh * rate,
  taxExempt: false,
});
const billed = [
  energy('Energy - Day', 'Day', 'All days', 120, 21),
  energy('Energy - Night', 'Night', 'All days', 96, 10),
  energy('Energy - Peak, Weekday', 'Peak', 'Weekday', 40, 30),
  energy('Energy - Evening', 'Evening', null, 24, 15),
  { chargeType: 'Daily fixed charge', description: 'Daily fixed charge', totalCents: 700, quantity: 7 },
];

describe('the virtual invoice of a hand-computed week', () => {
  const v = virtualInvoice({
    dateFrom: '2026-03-02',
    dateTill: '2026-03-08',
    halfHour: week,
    rates: tou,
    items: billed,
  });

  it('prices every half hour at its period and day type, beside the billed lines', () => {
    expect(
      v?.lines.map((l) => [l.label, l.virtual?.kwh, l.virtual?.cents, l.billed?.cents, l.differenceCents]),
    ).toEqual([
      ['Energy - Day', 120, 2360, 2520, 160],
      ['Energy - Night', 96, 944, 960, 16],
      ['Energy - Peak, Weekday', 40, 1200, 1200, 0],
      ['Energy - Evening', 24, 354, 360, 6],
      ['Peak, Weekend', 8, 216, undefined, -216],
    ]);
    expect(v?.lines[0]?.virtual?.rate).toBeCloseTo(2360 / 120, 10);
    expect(v?.lines[0]?.billed?.rate).toBe(21);
  });

  it('totals both sides: 5,040 c billed against 5,074 c contracted, 34 c less', () => {
    expect(v).toMatchObject({
      source: 'TOU',
      contractName: 'Metro TOU',
      virtualCents: 5074,
      billedCents: 5040,
      differenceCents: -34,
      halfHourKwh: 288,
      daysInPeriod: 7,
      missingDays: [],
      unpricedDays: [],
      complete: true,
    });
  });

  it('leaves out a day with fewer than 48 half hours and one without a stored rate, and says so', () => {
    const gappy = [...week.slice(0, 6), { date: '2026-03-08', kwh: Array<number>(47).fill(0.5) }];
    const partial = virtualInvoice({
      dateFrom: '2026-03-02',
      dateTill: '2026-03-08',
      halfHour: gappy,
      rates: tou,
      items: billed,
    });
    expect(partial).toMatchObject({ missingDays: ['2026-03-08'], complete: false, virtualCents: 5074 - 387 });
    const overMonthEnd = virtualInvoice({
      dateFrom: '2026-03-31',
      dateTill: '2026-04-01',
      halfHour: [
        { date: '2026-03-31', kwh: Array<number>(48).fill(1) },
        { date: '2026-04-01', kwh: Array<number>(48).fill(1) },
      ],
      rates: tou,
      items: [],
    });
    expect(overMonthEnd).toMatchObject({ unpricedDays: ['2026-04-01'], complete: false, virtualCents: 860 });
  });

  it('is null without contracted rates or without half-hour data in the period', () => {
    const none: MeterContractRates = { contractName: null, tou: null, nhh: [] };
    expect(
      virtualInvoice({
        dateFrom: '2026-03-02',
        dateTill: '2026-03-08',
        halfHour: week,
        rates: none,
        items: [],
      }),
    ).toBeNull();
    expect(
      virtualInvoice({
        dateFrom: '2026-05-01',
        dateTill: '2026-05-02',
        halfHour: week,
        rates: tou,
        items: [],
      }),
    ).toBeNull();
  });
});

/*
 * Non-TOU (NHH) rates: retail 15 c and network 5 c in March, retail 16 c from April. Two days of 24 kWh
 * (0.5 kWh a half hour): energy 48 x 15 = 720 c, network 48 x 5 = 240 c. The invoice bills the energy only.
 */
const nhh: MeterContractRates = {
  contractName: null,
  tou: null,
  nhh: [
    { from: '2026-03-01', till: '2026-03-31', retailRate: 15, networkRate: 5 },
    { from: '2026-04-01', till: '2026-04-30', retailRate: 16, networkRate: 5 },
  ],
};

describe('the virtual invoice on NHH rates', () => {
  it('prices energy at the retail rate and network at the network rate', () => {
    const v = virtualInvoice({
      dateFrom: '2026-03-09',
      dateTill: '2026-03-10',
      halfHour: week.slice(5).map((d, i) => ({ ...d, date: `2026-03-${String(9 + i).padStart(2, '0')}` })),
      rates: nhh,
      items: [{ chargeType: 'Energy', description: 'Energy - Anytime', quantity: 48, totalCents: 720 }],
      kwhPerUnit: 1,
    });
    expect(
      v?.lines.map((l) => [l.label, l.virtual?.cents, l.billed?.cents ?? null, l.differenceCents]),
    ).toEqual([
      ['Energy - Anytime', 720, 720, 0],
      ['Network (NHH)', 240, null, -240],
    ]);
    expect(v).toMatchObject({ source: 'NHH', virtualCents: 960, billedCents: 720, differenceCents: -240 });
  });
});

describe('the contracted rate of a line', () => {
  it('is the period and day type rate, or the range over day types and months', () => {
    const line = (touPeriod: string, dayType: string | null) => ({
      chargeType: 'Energy',
      touPeriod,
      dayType,
    });
    expect(contractedLineRate(tou, line('Peak', 'Weekday'), '2026-03-02', '2026-03-08')).toEqual({
      min: 30,
      max: 30,
      source: 'Metro TOU, Peak, Weekday',
    });
    expect(contractedLineRate(tou, line('Day', 'All days'), '2026-03-02', '2026-03-08')).toMatchObject({
      min: 18,
      max: 20,
    });
    expect(contractedLineRate(tou, line('Day', 'Weekday'), '2026-03-07', '2026-03-08')).toBeNull();
    expect(contractedLineRate(tou, line('Day', null), '2026-03-31', '2026-04-01')).toBeNull();
    expect(contractedLineRate(tou, { chargeType: 'Energy' }, '2026-03-02', '2026-03-08')).toBeNull();
    expect(
      contractedLineRate(tou, { chargeType: 'Daily fixed charge' }, '2026-03-02', '2026-03-08'),
    ).toBeNull();
    expect(contractedLineRate(nhh, { chargeType: 'Energy' }, '2026-03-30', '2026-04-02')).toEqual({
      min: 15,
      max: 16,
      source: 'NHH retail rate',
    });
    expect(
      contractedLineRate(nhh, { chargeType: 'Network charge' }, '2026-03-30', '2026-04-02'),
    ).toMatchObject({
      min: 5,
      max: 5,
    });
    expect(contractedLineRate(nhh, { chargeType: 'network' }, '2026-04-30', '2026-05-01')).toBeNull();
  });
});
