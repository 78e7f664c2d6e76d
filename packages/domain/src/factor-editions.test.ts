import { describe, expect, it } from 'vitest';
import { toDayNumber } from './calendar';
import { clipToWindows, type EditionInfo, editionWindows, reportingYearWindow } from './factor-editions';

const ed = (id: number, over: Partial<EditionInfo> = {}): EditionInfo => ({
  id,
  sourceId: 1,
  publisher: 'MfE',
  status: 'published',
  published: `202${id}-06-01`,
  currentFrom: null,
  currentTill: null,
  ...over,
});

/** Which edition a day takes for a factor every edition has (the first window holding the day). */
function editionOn(list: ReturnType<typeof editionWindows>, iso: string) {
  const d = toDayNumber(iso);
  return list.find((x) => x.windows.some((w) => w.from <= d && d <= w.till))?.edition.id ?? null;
}

describe('reporting years', () => {
  it('names a year by the year it ends in', () => {
    const june = reportingYearWindow(2024, 6);
    expect([june.from, june.till]).toEqual([toDayNumber('2023-07-01'), toDayNumber('2024-06-30')]);
    const cal = reportingYearWindow(2024, 12);
    expect([cal.from, cal.till]).toEqual([toDayNumber('2024-01-01'), toDayNumber('2024-12-31')]);
    const march = reportingYearWindow(2024, 3);
    expect([march.from, march.till]).toEqual([toDayNumber('2023-04-01'), toDayNumber('2024-03-31')]);
  });
});

describe('effective-dated', () => {
  const policy = { mode: 'effective' as const, switchDate: null, pins: [], yearEnd: 12 };

  it('takes the newest published edition current on the day', () => {
    const list = editionWindows([ed(5), ed(6, { currentFrom: '2025-01-01' })], policy);
    expect(editionOn(list, '2024-07-01')).toBe(5);
    expect(editionOn(list, '2025-07-01')).toBe(6);
  });

  it('never uses a draft or withdrawn edition, nor a superseded one', () => {
    const list = editionWindows(
      [ed(5, { status: 'superseded' }), ed(6, { status: 'draft' }), ed(7, { status: 'withdrawn' })],
      policy,
    );
    expect(list).toEqual([]);
  });

  it('ranks an edition of unknown date below dated ones', () => {
    const list = editionWindows([ed(9, { published: null }), ed(5)], policy);
    expect(list.map((x) => x.edition.id)).toEqual([5, 9]);
  });
});

describe('pinned', () => {
  it('takes the pinned edition in its reporting year from the switch date, the current one elsewhere', () => {
    const list = editionWindows([ed(5), ed(6, { currentFrom: '2025-01-01' })], {
      mode: 'pinned',
      switchDate: '2024-04-01',
      pins: [
        { reportingYear: 2024, editionId: 6 },
        { reportingYear: 2025, editionId: 5 },
      ],
      yearEnd: 12,
    });
    expect(editionOn(list, '2024-03-31')).toBe(5); // before the switch date: effective
    expect(editionOn(list, '2024-04-01')).toBe(6);
    expect(editionOn(list, '2025-07-01')).toBe(5);
    expect(editionOn(list, '2026-01-01')).toBe(6);
  });

  it('keeps a superseded edition where it is pinned', () => {
    const list = editionWindows([ed(5, { status: 'superseded' }), ed(6)], {
      mode: 'pinned',
      switchDate: null,
      pins: [{ reportingYear: 2024, editionId: 5 }],
      yearEnd: 12,
    });
    expect(editionOn(list, '2024-05-01')).toBe(5);
    expect(editionOn(list, '2023-05-01')).toBe(6);
  });

  it('pins only its own series: another publisher stays effective-dated', () => {
    const list = editionWindows([ed(5), ed(8, { publisher: 'NZECS' })], {
      mode: 'pinned',
      switchDate: null,
      pins: [{ reportingYear: 2024, editionId: 5 }],
      yearEnd: 12,
    });
    const d = toDayNumber('2024-05-01');
    const using = list
      .filter((x) => x.windows.some((w) => w.from <= d && d <= w.till))
      .map((x) => x.edition.id);
    expect(using).toEqual([8, 5]);
  });
});

describe('clipping factors to windows', () => {
  it("keeps a factor's own dates inside the edition's windows", () => {
    const windows = [{ from: toDayNumber('2025-01-01'), till: Number.POSITIVE_INFINITY }];
    expect(clipToWindows({ from: '2000-01-01', till: null, rate: 1 }, windows)).toEqual([
      { from: '2025-01-01', till: null, rate: 1 },
    ]);
    expect(clipToWindows({ from: '2023-01-01', till: '2023-12-31', rate: 1 }, windows)).toEqual([]);
  });
});
