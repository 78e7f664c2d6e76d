import { describe, expect, it } from 'vitest';
import type { MeterContractRates } from '../rates/contracted';
import { contractedRateAudit } from './contracted-rate';
import { ctx, inv } from './fixtures';
import type { AuditItem } from './types';
import { virtualInvoiceAudit } from './virtual-invoice';

/*
 * March 2026 TOU rates as in rates/virtual-invoice.test.ts (Day: 20 c weekdays, 18 c weekends; Peak 30/27),
 * and the same week: Monday 2 to Sunday 8 March, 1 kWh a half hour on weekdays and 0.5 at weekends.
 */
const march = [
  [1, 10, 9],
  [2, 20, 18],
  [3, 30, 27],
  [4, 15, 13.5],
].flatMap(([periodId, weekday, weekend]) => [
  { month: '2026-03-01', periodId: periodId as number, daytypeId: 1, rate: weekday as number },
  { month: '2026-03-01', periodId: periodId as number, daytypeId: 2, rate: weekend as number },
]);
const tou: MeterContractRates = { contractName: 'Metro TOU', tou: march, nhh: [] };
const nhh: MeterContractRates = {
  contractName: null,
  tou: null,
  nhh: [{ from: '2026-03-01', till: '2026-03-31', retailRate: 15, networkRate: 5 }],
};
const line = (
  description: string,
  chargeType: string,
  quantity: number,
  rate: number,
  touPeriod: string | null = null,
  dayType: string | null = null,
): AuditItem => ({
  description,
  chargeType,
  touPeriod,
  dayType,
  rate,
  quantity,
  totalCents: Math.round(rate * quantity),
  calculatedCents: Math.round(rate * quantity),
  taxExempt: false,
});
const weekInvoice = (items: AuditItem[]) =>
  inv({ dateFrom: '2026-03-02', dateTill: '2026-03-08', consumption: 288, items });

describe('rates against the contract', () => {
  it('alerts on a TOU line outside its contracted rate, with what it is worth', () => {
    const invoice = weekInvoice([
      line('Energy - Day', 'Energy', 120, 21, 'Day', 'All days'),
      line('Energy - Night', 'Energy', 96, 10, 'Night', 'All days'),
      line('Energy - Peak', 'Energy', 40, 31.5, 'Peak', 'Weekday'),
      line('Daily fixed charge', 'Daily fixed charge', 7, 250),
    ]);
    // Day over all days may blend 18 and 20 c: 21 c is 1 c over the top, $1.20 over 120 kWh. Night at 10 c is
    // inside 9 to 10 c. Weekday peak is 30 c: 1.5 c over on 40 kWh is $0.60. The fixed charge has no contract.
    expect(contractedRateAudit.run(ctx(invoice, { rates: tou }))?.message).toBe(
      'Energy - Day billed at 21.0000 c/kWh, contracted 18.0000 to 20.0000 c (Metro TOU, Day): $1.20 over 120.0 kWh; ' +
        'Energy - Peak billed at 31.5000 c/kWh, contracted 30.0000 c (Metro TOU, Peak, Weekday): $0.60 over 40.0 kWh',
    );
  });

  it('checks NHH energy lines against the retail rate and network lines against the network rate', () => {
    const invoice = inv({
      dateFrom: '2026-03-01',
      dateTill: '2026-03-31',
      consumption: 1000,
      items: [line('Energy', 'Energy', 1000, 15), line('Lines', 'Network charge', 1000, 4.8)],
    });
    expect(contractedRateAudit.run(ctx(invoice, { rates: nhh }))?.message).toBe(
      'Lines billed at 4.8000 c/kWh, contracted 5.0000 c (NHH network rate): -$2.00 over 1,000.0 kWh',
    );
  });

  it('stays quiet on contracted rates, rates written to fewer decimals, without rates, and in MWh converts', () => {
    const exact = weekInvoice([line('Energy - Peak', 'Energy', 40, 30.004, 'Peak', 'Weekday')]);
    expect(contractedRateAudit.run(ctx(exact, { rates: tou }))).toBeNull();
    expect(contractedRateAudit.run(ctx(weekInvoice([line('E', 'Energy', 40, 99, 'Peak')])))).toBeNull();
    // 150 $/MWh is 15 c/kWh.
    const mwh = inv({
      dateFrom: '2026-03-01',
      dateTill: '2026-03-31',
      consumption: 1,
      items: [line('Energy', 'Energy', 1, 15_000)],
    });
    expect(
      contractedRateAudit.run(
        ctx(mwh, { rates: nhh, meter: { hasExport: false, unit: 'MWh', kwhPerUnit: 1000 } }),
      ),
    ).toBeNull();
  });
});

describe('the invoice against its virtual invoice', () => {
  const halfHour = ['02', '03', '04', '05', '06', '07', '08'].map((d, i) => ({
    date: `2026-03-${d}`,
    kwh: Array<number>(48).fill(i < 5 ? 1 : 0.5),
  }));
  // The billed lines of rates/virtual-invoice.test.ts: 5,040 c against 5,074 c contracted, 34 c less.
  const invoice = weekInvoice([
    line('Energy - Day', 'Energy', 120, 21, 'Day', 'All days'),
    line('Energy - Night', 'Energy', 96, 10, 'Night', 'All days'),
    line('Energy - Peak, Weekday', 'Energy', 40, 30, 'Peak', 'Weekday'),
    line('Energy - Evening', 'Energy', 24, 15, 'Evening'),
  ]);
  const setup = (absolute: number | null) => ({ relative: null, rate: null, absolute });

  it("alerts when the difference passes the Tariff Alert's absolute amount", () => {
    expect(
      virtualInvoiceAudit.run(ctx(invoice, { rates: tou, halfHour, tariffSetup: setup(0.3) }))?.message,
    ).toBe(
      'The invoice bills $50.40 for energy; its contracted rates on the half-hour data give $50.74: $0.34 less than the contract (Tariff Alert threshold $0.30)',
    );
  });

  it('stays quiet within the threshold, without one, and when a day has no data', () => {
    expect(
      virtualInvoiceAudit.run(ctx(invoice, { rates: tou, halfHour, tariffSetup: setup(0.34) })),
    ).toBeNull();
    expect(
      virtualInvoiceAudit.run(ctx(invoice, { rates: tou, halfHour, tariffSetup: setup(null) })),
    ).toBeNull();
    expect(
      virtualInvoiceAudit.run(
        ctx(invoice, { rates: tou, halfHour: halfHour.slice(1), tariffSetup: setup(0.3) }),
      ),
    ).toBeNull();
  });
});
