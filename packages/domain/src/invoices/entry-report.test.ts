import { describe, expect, it } from 'vitest';
import {
  daysOfYear,
  type EntryReportMeter,
  entryDayState,
  invoicedPercent,
  isSparse,
  meterYear,
} from './entry-report';

const meter = (over: Partial<EntryReportMeter> = {}): EntryReportMeter => ({
  meterOpen: '2025-01-01',
  meterClose: null,
  gaps: [],
  transientMeter: false,
  firstInvoiced: '2025-01-01',
  lastInvoiced: '2025-12-31',
  ...over,
});
const TODAY = '2026-11-25';

describe('the Invoice Entry Report', () => {
  it('reads each day of a data source: outside, invoiced, missing, tenanted or awaiting', () => {
    const m = meter({
      meterOpen: '2025-02-10',
      gaps: [['2025-03-01', '2025-03-31']],
      lastInvoiced: '2025-10-31',
    });
    expect(entryDayState(m, '2025-02-09', TODAY)).toBe('outside');
    expect(entryDayState(m, '2025-02-10', TODAY)).toBe('invoiced');
    expect(entryDayState(m, '2025-03-15', TODAY)).toBe('missing');
    expect(entryDayState({ ...m, transientMeter: true }, '2025-03-15', TODAY)).toBe('tenanted');
    expect(entryDayState(m, '2025-11-01', TODAY)).toBe('awaiting');
    expect(entryDayState(m, '2026-11-26', TODAY)).toBe('outside');
    // No open date: its life starts with its first invoice; a closed meter ends on its close date.
    expect(entryDayState(meter({ meterOpen: null, firstInvoiced: '2025-05-01' }), '2025-04-30', TODAY)).toBe(
      'outside',
    );
    expect(entryDayState(meter({ meterClose: '2025-06-30' }), '2025-07-01', TODAY)).toBe('outside');
  });

  it('counts a data source month by month: 2025 open from 10 February, March missing, invoiced to October', () => {
    // Open 10 Feb: 325 days in 2025 (365 - 40). Missing March: 31. Awaiting November and December: 61.
    // Invoiced: 325 - 31 - 61 = 233, of 264 days due: 88.3%.
    const m = meter({
      meterOpen: '2025-02-10',
      gaps: [['2025-03-01', '2025-03-31']],
      lastInvoiced: '2025-10-31',
    });
    const { months, total } = meterYear(m, 2025, TODAY);
    expect(total).toEqual({ open: 325, invoiced: 233, missing: 31, tenanted: 0, awaiting: 61 });
    expect(months[0]).toEqual({ open: 0, invoiced: 0, missing: 0, tenanted: 0, awaiting: 0 });
    expect(months[1]).toEqual({ open: 19, invoiced: 19, missing: 0, tenanted: 0, awaiting: 0 });
    expect(months[2]).toMatchObject({ open: 31, missing: 31 });
    expect(invoicedPercent(total)).toBeCloseTo(88.26, 2);
    // A month only awaiting a bill has nothing due.
    expect(invoicedPercent(months[11] ?? total)).toBeNull();
    expect(isSparse(total)).toBe(false);
  });

  it('calls a data source sparse below 20% of its open days invoiced', () => {
    // Invoiced 1-31 January 2025 only, the rest a gap: 31 of 365 = 8.5%.
    const m = meter({ gaps: [['2025-02-01', '2025-12-31']], lastInvoiced: '2025-01-31' });
    const { total } = meterYear(m, 2025, TODAY);
    expect(total).toMatchObject({ open: 365, invoiced: 31, missing: 334 });
    expect(isSparse(total)).toBe(true);
    // 73 of 365 days is exactly 20%: not sparse.
    expect(isSparse({ open: 365, invoiced: 73, missing: 292, tenanted: 0, awaiting: 0 })).toBe(false);
    expect(invoicedPercent({ open: 0, invoiced: 0, missing: 0, tenanted: 0, awaiting: 0 })).toBeNull();
  });

  it('counts every day across data sources', () => {
    // A: all 2025 invoiced. B: opened 1 July 2025, missing 1-31 July. 1 January: 1 open, 1 invoiced.
    // 15 July: 2 open, 1 invoiced, 1 missing. 15 August: 2 open, 2 invoiced.
    const a = meter();
    const b = meter({ meterOpen: '2025-07-01', gaps: [['2025-07-01', '2025-07-31']] });
    const days = daysOfYear([a, b], 2025, TODAY);
    expect(days).toHaveLength(365);
    const on = (date: string) => days.find((d) => d.date === date);
    expect(on('2025-01-01')).toMatchObject({ open: 1, invoiced: 1, missing: 0 });
    expect(on('2025-07-15')).toMatchObject({ open: 2, invoiced: 1, missing: 1 });
    expect(on('2025-08-15')).toMatchObject({ open: 2, invoiced: 2, missing: 0 });
    // A leap year has 366 days.
    expect(daysOfYear([a], 2024, TODAY)).toHaveLength(366);
  });
});
