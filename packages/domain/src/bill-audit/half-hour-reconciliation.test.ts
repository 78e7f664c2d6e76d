import { describe, expect, it } from 'vitest';
import { ctx, inv } from './fixtures';
import {
  dayRanges,
  halfHourDifference,
  halfHourReconciliation,
  reconcileHalfHour,
} from './half-hour-reconciliation';
import { AUDITS, runAudits } from './index';

// Every day 48 half hours of 0.5 kWh: 24 kWh a day.
const day = (date: string) => ({ date, kwh: Array.from({ length: 48 }, () => 0.5) });
const june = Array.from({ length: 30 }, (_, i) => day(`2026-06-${String(i + 1).padStart(2, '0')}`));

describe('invoice against half-hour data', () => {
  const invoice = inv({ dateFrom: '2026-06-01', dateTill: '2026-06-30', consumption: 720 });
  it('reconciles the half-hour total with the billed consumption', () => {
    const r = reconcileHalfHour(invoice, june);
    expect(r).toMatchObject({
      billedKwh: 720,
      halfHourKwh: 720,
      differencePercent: 0,
      withinTolerance: true,
      missingDays: [],
    });
    expect(halfHourReconciliation.run(ctx(invoice, { halfHour: june }))).toBeNull();
  });
  it('alerts past 2% and names the missing days', () => {
    // Missing 10, 11 and 20 June: 27 x 24 = 648 kWh against 720, 10% less.
    const gaps = june.filter((d) => !['2026-06-10', '2026-06-11', '2026-06-20'].includes(d.date));
    expect(halfHourReconciliation.run(ctx(invoice, { halfHour: gaps }))?.message).toBe(
      'Half-hour data totals 648 kWh against 720 kWh billed (10.0% less); half-hour data missing for 10/06/2026 to 11/06/2026, 20/06/2026',
    );
    // 734 billed: 720 is 1.9% less, inside 2%.
    expect(halfHourReconciliation.run(ctx({ ...invoice, consumption: 734 }, { halfHour: june }))).toBeNull();
    expect(
      halfHourReconciliation.run(ctx({ ...invoice, consumption: 736 }, { halfHour: june })),
    ).not.toBeNull();
    expect(
      halfHourReconciliation.run(
        ctx({ ...invoice, consumption: 736 }, { halfHour: june, halfHourTolerance: 5 }),
      ),
    ).toBeNull();
  });
  it('compares a billed quantity typed later with the same half-hour total (the page, as it is typed)', () => {
    // 0.72 MWh at 1000 kWh a unit is 720 kWh: 0%. 705 kWh billed: 720 is 2.13% more, outside 2%.
    expect(halfHourDifference(0.72 * 1000, 720)).toMatchObject({
      differencePercent: 0,
      withinTolerance: true,
    });
    const r = halfHourDifference(705, 720);
    expect(r.differencePercent).toBeCloseTo(2.1277, 3);
    expect(r.withinTolerance).toBe(false);
    // Nothing billed yet: within tolerance only when the half-hour data is nil too.
    expect(halfHourDifference(0, 720)).toMatchObject({ differencePercent: null, withinTolerance: false });
    expect(halfHourDifference(0, 0)).toMatchObject({ differencePercent: null, withinTolerance: true });
  });
  it('has nothing to say without half-hour data in the period or for a unit not in kWh', () => {
    expect(reconcileHalfHour(inv({ dateFrom: '2026-08-01', dateTill: '2026-08-31' }), june)).toBeNull();
    expect(
      halfHourReconciliation.run(
        ctx(invoice, { halfHour: june, meter: { hasExport: false, unit: 'm3', kwhPerUnit: null } }),
      ),
    ).toBeNull();
    expect(dayRanges(['2026-06-01'])).toBe('01/06/2026');
  });
  it('runs every audit, each with a name and an explanation', () => {
    expect(new Set(AUDITS.map((a) => a.code)).size).toBe(AUDITS.length);
    expect(AUDITS.every((a) => a.name && a.explanation.length > 40)).toBe(true);
    const bad = inv({
      dateFrom: '2026-06-01',
      dateTill: '2026-06-30',
      consumption: -5,
      invoiceDate: '2026-07-05',
      dateDue: '2026-07-01',
    });
    expect(runAudits(ctx(bad)).map((f) => f.audit)).toEqual(['due-date', 'negative-consumption']);
  });
});
