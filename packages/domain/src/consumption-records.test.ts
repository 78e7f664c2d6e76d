import { describe, expect, it } from 'vitest';
import { editErrors, mayCreate, neighboursOf, newRowErrors, unitsOf } from './consumption-records';
import { MSG } from './messages';

const meter = { meterOpen: '2025-01-01', meterClose: '2025-12-31' };
const existing = [
  { id: 1, dateFrom: '2025-01-01', dateTill: '2025-01-31' },
  { id: 2, dateFrom: '2025-03-01', dateTill: '2025-03-31' },
];
const row = (dateFrom: string | null, dateTill: string | null, units: number | string | null = 10) => ({
  dateFrom,
  dateTill,
  units,
});

describe('new consumption rows', () => {
  it('gives each row the first rule it breaks, in the spec order', () => {
    expect(
      newRowErrors(
        [
          row('2024-12-31', '2025-01-10'),
          row('2025-12-01', '2026-01-05'),
          row('2025-02-10', '2025-02-01'),
          row('2025-01-31', '2025-01-31'),
          row('2025-02-01', '2025-02-28'),
        ],
        existing,
        meter,
      ),
    ).toEqual([
      MSG.consumptionBeforeOpen,
      MSG.consumptionAfterClose,
      MSG.consumptionFromAfterTill,
      // Inclusive periods: 31/01 is already January's record's last day.
      MSG.consumptionOverlapsRecord,
      null,
    ]);
  });

  it('marks both new rows that overlap each other, and not a row that only overlaps a reversed one', () => {
    const rows = [
      row('2025-04-01', '2025-04-30'),
      row('2025-04-30', '2025-05-31'),
      row('2025-06-10', '2025-06-01'),
    ];
    expect(newRowErrors(rows, existing, meter)).toEqual([
      MSG.consumptionOverlapsEntry,
      MSG.consumptionOverlapsEntry,
      MSG.consumptionFromAfterTill,
    ]);
  });

  it('waits for whole dates, refuses units that are not a number or negative, and gates Create', () => {
    expect(newRowErrors([row('2025-04-0', '2025-04-30'), row('2025-04-01', null)], existing, meter)).toEqual([
      null,
      null,
    ]);
    expect(newRowErrors([row('2025-04-01', '2025-04-30', 'ten')], existing, meter)).toEqual([
      MSG.consumptionUnitsNumber,
    ]);
    expect(newRowErrors([row('2025-04-01', '2025-04-30', -1)], existing, meter)).toEqual([
      MSG.consumptionUnitsNegative,
    ]);
    expect(mayCreate([row('2025-04-01', '2025-04-30')], existing, meter)).toBe(true);
    expect(mayCreate([row('2025-04-01', '2025-04-30', '')], existing, meter)).toBe(false);
    expect(
      mayCreate([row('2025-04-01', '2025-04-30'), row('2025-04-15', '2025-05-02')], existing, meter),
    ).toBe(false);
    expect(mayCreate([], existing, meter)).toBe(false);
    expect(mayCreate([row('2020-01-01', '2020-01-31')], [], { meterOpen: null, meterClose: null })).toBe(
      true,
    );
  });

  it('reads units typed as text', () => {
    expect([
      unitsOf('12.5'),
      unitsOf(' 7 '),
      unitsOf('.5'),
      unitsOf('1e3'),
      unitsOf(''),
      unitsOf(null),
    ]).toEqual([12.5, 7, 0.5, null, null, null]);
  });
});

describe('editing a consumption row', () => {
  const around = neighboursOf([...existing, { id: 3, dateFrom: '2025-02-01', dateTill: '2025-02-28' }], 3);

  it('finds the records before and after in date order', () => {
    expect(around.previous?.id).toBe(1);
    expect(around.next?.id).toBe(2);
    expect(neighboursOf(existing, 1)).toEqual({ previous: undefined, next: existing[1] });
  });

  it('gives the four messages of the spec by field', () => {
    expect(editErrors(row('2025-02-20', '2025-02-10'), around, meter)).toEqual({
      dateFrom: MSG.consumptionFromAfterTill,
      dateTill: MSG.consumptionTillBeforeFrom,
    });
    expect(editErrors(row('2025-01-31', '2025-03-01'), around, meter)).toEqual({
      dateFrom: MSG.consumptionFromBeforePrevious,
      dateTill: MSG.consumptionTillAfterNext,
    });
    expect(editErrors(row('2025-02-01', '2025-02-28', 'x'), around, meter)).toEqual({
      units: MSG.consumptionUnitsNumber,
    });
    expect(editErrors(row('2025-02-01', '2025-02-28', '5'), around, meter)).toEqual({});
    expect(editErrors(row('2024-12-01', '2024-12-31'), {}, meter)).toEqual({
      dateFrom: MSG.consumptionBeforeOpen,
    });
  });
});
