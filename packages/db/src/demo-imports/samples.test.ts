import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseEiep3 } from '@verdant/domain/imports/eiep3';
import { type FoldedDay, HalfHourFolder } from '@verdant/domain/imports/fold';
import { parseGreenButton } from '@verdant/domain/imports/green-button';
import { parseNem12 } from '@verdant/domain/imports/nem12';
import { collect, readingsOf, refusalsOf } from '@verdant/domain/imports/testing';
import type { IntervalReading } from '@verdant/domain/imports/types';
import { describe, expect, it } from 'vitest';
import { DEMO_SMART_METERS, SAMPLE_FILES, SAMPLES, sampleFilePath } from './samples';

// Unit tests of the parsers against the sample files we ship (no database).
const read = (name: string) => createReadStream(sampleFilePath(name), { highWaterMark: 4096 });
const { civicLibrary, southernDepot, evChargers } = DEMO_SMART_METERS;

function foldAll(readings: IntervalReading[]) {
  const folder = new HalfHourFolder('Pacific/Auckland');
  const days: FoldedDay[] = [];
  for (const r of readings) {
    const done = folder.add(`${r.meterKey}|${r.register}`, r);
    if (typeof done === 'string') throw new Error(done);
    days.push(...done);
  }
  return [...days, ...folder.flush()].sort((a, b) => a.date.localeCompare(b.date));
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const dayTotal = (d: FoldedDay) => sum(d.values.map((v) => v ?? 0));

describe('the sample import files', () => {
  it('are what samples.ts writes', async () => {
    for (const [name, write] of Object.entries(SAMPLES))
      expect(await readFile(sampleFilePath(name), 'utf8'), name).toBe(write());
  });

  it('NEM12: two smart meters for September 2025, 30 and 15 minutes, estimates, a V day and an hour of null data', async () => {
    const events = await collect(parseNem12(read(SAMPLE_FILES.nem12)));
    expect(refusalsOf(events)).toEqual([]);
    const readings = readingsOf(events);
    const civic = readings.filter((r) => r.meterKey === civicLibrary.icp);
    const southern = readings.filter((r) => r.meterKey === southernDepot.icp);
    expect([civic.length, southern.length]).toEqual([30 * 48, 30 * 96 - 4]);
    expect(civic.filter((r) => r.quality === 'E')).toHaveLength(2 * 48 + 10);
    expect(southern.filter((r) => r.quality === 'S')).toHaveLength(96);

    const days = foldAll(readings);
    const folded = sum(days.map(dayTotal));
    expect(folded).toBeCloseTo(sum(readings.map((r) => r.value)), 6);
    // 20 September 10:00-11:00 AEST is 12:00-13:00 in New Zealand: half hours 24 and 25 are missing.
    const gap = days.find((d) => d.key.startsWith(southernDepot.icp) && d.date === '2025-09-20');
    expect(gap?.readings).toBe(46);
    expect([gap?.values[24], gap?.values[25]]).toEqual([null, null]);
    // The file's first day starts at 02:00 New Zealand time: 1 September has 44 half hours, 1 October 4.
    const civicDays = days.filter((d) => d.key.startsWith(civicLibrary.icp));
    expect(civicDays.map((d) => d.readings)).toEqual([44, ...new Array(29).fill(48), 4]);
  });

  it('EIEP3: the EV chargers for September 2025, with 46 trading periods on 28 September', async () => {
    const events = await collect(parseEiep3(read(SAMPLE_FILES.eiep3)));
    expect(refusalsOf(events)).toEqual([]);
    const readings = readingsOf(events);
    expect(readings).toHaveLength(29 * 48 + 46);
    expect(new Set(readings.map((r) => r.meterKey))).toEqual(new Set([evChargers.icp]));
    const days = foldAll(readings);
    expect(days.map((d) => [d.date, d.readings]).slice(-4)).toEqual([
      ['2025-09-27', 48],
      ['2025-09-28', 48],
      ['2025-09-29', 48],
      ['2025-09-30', 46],
    ]);
    expect(sum(days.map(dayTotal))).toBeCloseTo(sum(readings.map((r) => r.value)), 6);
  });

  it('Green Button: the Civic Library smart meter half-hourly for 1-7 August 2025, two hours estimated', async () => {
    const events = await collect(parseGreenButton(read(SAMPLE_FILES.greenButton)));
    expect(refusalsOf(events)).toEqual([]);
    const readings = readingsOf(events);
    expect(readings).toHaveLength(7 * 48);
    expect(readings.filter((r) => r.quality === 'E')).toHaveLength(4);
    expect(readings[0]).toMatchObject({
      meterKey: civicLibrary.icp,
      minutes: 30,
      direction: 'import',
      quantity: 'kWh',
    });
    expect(readings[0]?.startUtcMs).toBe(Date.parse('2025-07-31T12:00:00Z'));
    expect(foldAll(readings).map((d) => d.readings)).toEqual(new Array(7).fill(48));
  });

  it('NEM12 with bad rows: five refused, each with its line and reason', async () => {
    const events = await collect(parseNem12(read(SAMPLE_FILES.nem12BadRows)));
    expect(refusalsOf(events)).toEqual([
      { line: 4, reason: '02/10/2025 has 47 interval values; 30-minute intervals need 48' },
      { line: 6, reason: "interval date '20251032' is not a real date (yyyyMMdd)" },
      { line: 7, reason: "interval 3 of 04/10/2025 is '12.x5', not a number" },
      { line: 8, reason: "quality method 'Q' is not A, E, F, N, S or V (with its method)" },
      { line: 11, reason: "interval range '45' to '50' is not within 1 to 48" },
    ]);
    expect(new Set(readingsOf(events).map((r) => r.line))).toEqual(new Set([3, 5, 12]));
  });
});
