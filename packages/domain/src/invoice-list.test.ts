import { describe, expect, it } from 'vitest';
import {
  addMonthsToDay,
  invoiceGaps,
  type ListInvoice,
  matchReversalPeriod,
  nestReversed,
  suggestedPeriod,
} from './invoice-list';

const inv = (id: number, from: string, till: string, extra: Partial<ListInvoice> = {}): ListInvoice => ({
  id,
  kind: 'normal',
  invoiceDate: till,
  dateFrom: from,
  dateTill: till,
  reverses: [],
  ...extra,
});

describe('nesting of reversed invoices', () => {
  it('nests the invoices a replacement reverses under it', () => {
    const list = [
      inv(1, '2026-01-01', '2026-01-31'),
      inv(2, '2026-02-01', '2026-02-28'),
      inv(3, '2026-01-01', '2026-02-28', {
        kind: 'replacement',
        invoiceDate: '2026-03-10',
        reverses: [1, 2],
      }),
    ];
    expect([...nestReversed(list)]).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });

  it('keeps a reversed invoice top-level when the reversal starts after it', () => {
    const list = [
      inv(1, '2026-01-01', '2026-01-31'),
      inv(3, '2026-01-15', '2026-02-28', { kind: 'reversal', reverses: [1] }),
    ];
    expect(nestReversed(list).size).toBe(0);
  });

  it('takes the later of two documents that reverse the same invoice', () => {
    const list = [
      inv(1, '2026-01-01', '2026-01-31'),
      inv(2, '2026-01-01', '2026-01-31', { kind: 'reversal', invoiceDate: '2026-02-05', reverses: [1] }),
      inv(3, '2026-01-01', '2026-01-31', { kind: 'replacement', invoiceDate: '2026-02-20', reverses: [1] }),
    ];
    expect(nestReversed(list).get(1)).toBe(3);
  });

  it('breaks a cycle instead of hiding invoices', () => {
    const list = [
      inv(1, '2026-01-01', '2026-01-31', { kind: 'replacement', reverses: [2] }),
      inv(2, '2026-01-01', '2026-01-31', { kind: 'replacement', reverses: [1] }),
    ];
    expect(nestReversed(list).size).toBeLessThan(2);
  });
});

describe('gaps', () => {
  const base = { meterOpen: '2026-01-01', meterClose: null, today: '2026-11-25' };

  it('finds the days between invoices and before the first', () => {
    const gaps = invoiceGaps({
      ...base,
      covered: [
        { from: '2026-02-01', till: '2026-02-28' },
        { from: '2026-04-01', till: '2026-10-31' },
      ],
    });
    expect(gaps).toEqual([
      { from: '2026-01-01', till: '2026-01-31' },
      { from: '2026-03-01', till: '2026-03-31' },
    ]);
  });

  it('flags the days after the last invoice only when it ends over two months before today', () => {
    const covered = [{ from: '2026-01-01', till: '2026-09-24' }];
    expect(invoiceGaps({ ...base, covered })).toEqual([{ from: '2026-09-25', till: '2026-11-25' }]);
    expect(invoiceGaps({ ...base, covered: [{ from: '2026-01-01', till: '2026-09-25' }] })).toEqual([]);
  });

  it('runs to the close date of a closed meter, whatever the time since', () => {
    const gaps = invoiceGaps({
      ...base,
      meterClose: '2026-10-31',
      covered: [{ from: '2026-01-01', till: '2026-10-15' }],
    });
    expect(gaps).toEqual([{ from: '2026-10-16', till: '2026-10-31' }]);
  });

  it('lets overlapping periods and notes cover the days', () => {
    const gaps = invoiceGaps({
      ...base,
      covered: [
        { from: '2026-01-01', till: '2026-06-30' },
        { from: '2026-03-01', till: '2026-04-30' },
        { from: '2026-07-01', till: '2026-11-25' },
      ],
    });
    expect(gaps).toEqual([]);
  });
});

describe('suggested period', () => {
  it('is the first gap, else the month after the last invoice within the close date', () => {
    const gap = { from: '2026-03-01', till: '2026-03-31' };
    expect(
      suggestedPeriod({
        meterOpen: null,
        meterClose: null,
        today: '2026-11-25',
        lastTill: null,
        gaps: [gap],
      }),
    ).toEqual(gap);
    expect(
      suggestedPeriod({
        meterOpen: null,
        meterClose: null,
        today: '2026-11-25',
        lastTill: '2026-01-31',
        gaps: [],
      }),
    ).toEqual({ from: '2026-02-01', till: '2026-02-28' });
    expect(
      suggestedPeriod({
        meterOpen: null,
        meterClose: '2026-02-10',
        today: '2026-11-25',
        lastTill: '2026-01-31',
        gaps: [],
      }),
    ).toEqual({ from: '2026-02-01', till: '2026-02-10' });
  });

  it('adds months to a day, keeping to the end of shorter months', () => {
    expect(addMonthsToDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDay('2026-11-25', -2)).toBe('2026-09-25');
  });
});

describe('reversal periods', () => {
  const jan = { id: 1, dateFrom: '2026-01-01', dateTill: '2026-01-31' };
  const feb = { id: 2, dateFrom: '2026-02-01', dateTill: '2026-02-28' };
  const list = [feb, jan];
  const refusal = (mode: 'reversal' | 'replacement' | 'decommission', start: string, end: string) => {
    const answer = matchReversalPeriod(mode, start, end, list);
    return 'refusal' in answer ? answer.refusal : answer.matched.map((i) => i.id);
  };

  it('reverses from an invoice start to past the latest invoice', () => {
    expect(refusal('reversal', '2026-01-01', '2026-03-15')).toEqual([1, 2]);
    expect(refusal('reversal', '2026-03-01', '2026-03-15')).toBe('reversalNoMatch');
    expect(refusal('reversal', '2026-01-02', '2026-03-15')).toBe('reversalStartMismatch');
    expect(refusal('reversal', '2026-01-01', '2026-02-10')).toBe('reversalEndPartway');
    expect(refusal('reversal', '2026-01-01', '2026-02-28')).toBe('reversalEndExact');
    expect(refusal('reversal', '2026-01-01', '2025-12-01')).toBe('reversalEndBeforeStart');
  });

  it('replaces exactly whole invoices', () => {
    expect(refusal('replacement', '2026-01-01', '2026-02-28')).toEqual([1, 2]);
    expect(refusal('replacement', '2025-12-20', '2026-02-28')).toBe('replacementStartMismatch');
    expect(refusal('replacement', '2026-01-01', '2026-02-20')).toBe('replacementEndMismatch');
    expect(refusal('replacement', '2026-05-01', '2026-05-31')).toBe('reversalNoMatch');
  });

  it('decommissions from an invoice start', () => {
    expect(refusal('decommission', '2026-02-01', '2026-02-10')).toEqual([2]);
    expect(refusal('decommission', '2026-01-15', '2026-02-10')).toBe('reversalStartMismatch');
  });
});
