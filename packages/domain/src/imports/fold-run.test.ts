import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FoldedDay, HalfHourFolder } from './fold';
import { at } from './testing';
import { type ReadingQuality, type ReadingRun, runReadings } from './types';

const NZ = 'Pacific/Auckland';
const QUALITIES: ReadingQuality[] = ['A', 'E', 'S', 'F', 'V'];

const run = (over: Partial<ReadingRun>): ReadingRun => ({
  line: 1,
  meterKey: 'NMI1',
  register: 'E1',
  direction: 'import',
  quantity: 'kWh',
  startUtcMs: at('2025-06-01 00:00', 10),
  minutes: 30,
  values: Array.from({ length: 48 }, (_, i) => i / 10),
  quality: 'A',
  qualities: null,
  ...over,
});

/** The days a list of runs folds to, each run in one pass (`addRun`) or reading by reading (`add`). */
function days(runs: ReadingRun[], whole: boolean): FoldedDay[] {
  const folder = new HalfHourFolder(NZ);
  const out: FoldedDay[] = [];
  for (const r of runs) {
    const done = whole ? folder.addRun('ch', r) : null;
    if (done) out.push(...done);
    else
      for (const reading of runReadings(r)) {
        const one = folder.add('ch', reading);
        if (typeof one === 'string') throw new Error(one);
        out.push(...one);
      }
  }
  return [...out, ...folder.flush()];
}

describe('a run of readings folded in one pass', () => {
  it('folds a NEM12 day (AEST) onto two New Zealand standard days as its readings one by one do', () => {
    const day = run({});
    const folded = days([day, run({ startUtcMs: day.startUtcMs + 86_400_000 })], true);
    expect(folded).toEqual(days([day, run({ startUtcMs: day.startUtcMs + 86_400_000 })], false));
    // 00:00 AEST is 02:00 NZST: the day's first four half hours of NZ's 1 June are not in the file.
    expect(folded.find((d) => d.date === '2025-06-01')?.values.slice(0, 6)).toEqual([
      null,
      null,
      null,
      null,
      0,
      0.1,
    ]);
  });

  it('gives the same days as reading by reading, for 30 and 60-minute runs with gaps and flags', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(30, 60),
        fc.array(
          fc.tuple(
            fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
            fc.constantFrom(...QUALITIES),
          ),
          {
            minLength: 1,
            maxLength: 60,
          },
        ),
        fc.integer({ min: 0, max: 200 }),
        (minutes, cells, startHalfHours) => {
          const r = run({
            minutes,
            startUtcMs: at('2025-06-01 00:00', 12) + startHalfHours * 1_800_000,
            values: cells.map(([v]) => (v === null ? Number.NaN : v / 1000)),
            qualities: cells.map(([, q]) => q),
          });
          expect(days([r], true)).toEqual(days([r], false));
        },
      ),
    );
  });

  it('leaves a run that meets a half hour already folded, or starts off the half hour, to the readings', () => {
    const folder = new HalfHourFolder(NZ);
    const day = run({});
    expect(folder.addRun('ch', day)).toEqual([]);
    expect(folder.addRun('ch', run({ startUtcMs: day.startUtcMs + 47 * 1_800_000 }))).toBeNull();
    expect(folder.addRun('ch', run({ startUtcMs: day.startUtcMs + 86_400_000 + 15 * 60_000 }))).toBeNull();
    expect(folder.addRun('ch', run({ minutes: 15, startUtcMs: day.startUtcMs + 86_400_000 }))).toBeNull();
    expect(folder.add('ch', { ...day, value: 1, quality: 'A' })).toBe(
      'a reading for the same meter, register and time is already in the file',
    );
  });
});
