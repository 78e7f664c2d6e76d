import { describe, expect, it } from 'vitest';
import { guessMapping, headerKey, mappingProblems, type ReadingsMapping } from './csv-mapping';
import { parseCsvReadings } from './csv-readings';
import { ImportFileError } from './import-messages';
import type { ImportEvent } from './types';

const ZONE = 'Pacific/Auckland';
const base: ReadingsMapping = {
  meter: 'ICP',
  timestamp: 'Interval start',
  date: null,
  period: null,
  value: 'kWh',
  register: null,
  quality: null,
  direction: null,
  valueUnit: 'kWh',
  intervalMinutes: 30,
  timestampMarks: 'start',
  dayFirst: true,
};

async function run(text: string, mapping: Partial<ReadingsMapping> = {}) {
  const events: ImportEvent[] = [];
  // Chunks cut mid-line, as a stream delivers them.
  const chunks = text.match(/[\s\S]{1,7}/g) ?? [];
  for await (const e of parseCsvReadings(chunks, { mapping: { ...base, ...mapping }, zone: ZONE }))
    if (e.kind !== 'progress') events.push(e);
  return events;
}
const iso = (e: ImportEvent) => (e.kind === 'reading' ? new Date(e.reading.startUtcMs).toISOString() : e);

describe('CSV readings', () => {
  it('reads local times in the organisation zone, converting Wh and keeping quality and register', async () => {
    const events = await run(
      'ICP,Interval start,kWh,Reg,Q\n0000012345AB123,05/01/2026 00:00,1.5,E1,A\n0000012345AB123,2026-07-01 12:30,"2,500",E1,E\n',
      { register: 'Reg', quality: 'Q', valueUnit: 'Wh' },
    );
    expect(events.map(iso)).toEqual(['2026-01-04T11:00:00.000Z', '2026-07-01T00:30:00.000Z']);
    expect(events[1]).toEqual({
      kind: 'reading',
      reading: {
        line: 3,
        meterKey: '0000012345AB123',
        register: 'E1',
        direction: 'import',
        quantity: 'kWh',
        startUtcMs: Date.parse('2026-07-01T00:30:00Z'),
        minutes: 30,
        value: 2.5,
        quality: 'E',
      },
    });
  });

  it('takes a stated offset as it is, and an interval-end timestamp as the end', async () => {
    const events = await run(
      'ICP,Interval start,kWh\nM1,2026-01-05T01:00:00Z,1\nM1,2026-01-05 10:00+10:00,1\n',
      {
        timestampMarks: 'end',
      },
    );
    expect(events.map(iso)).toEqual(['2026-01-05T00:30:00.000Z', '2026-01-04T23:30:00.000Z']);
  });

  it('numbers periods from local midnight: 46 on the day daylight saving starts, 50 on the day it ends', async () => {
    const mapping = { timestamp: null, date: 'Date', period: 'TP' };
    const start = await run(
      'ICP,Date,TP,kWh\nM1,27/09/2026,46,1\nM1,27/09/2026,47,1\nM1,27/09/2026,5,1\n',
      mapping,
    );
    expect(iso(start[0] as ImportEvent)).toBe('2026-09-27T10:30:00.000Z');
    expect(start[1]).toEqual({
      kind: 'refused',
      row: { line: 3, reason: 'Period "47" is not a period of 2026-09-27 (1 to 46)' },
    });
    // 02:00 NZST is the fifth half hour after midnight: the clock skipped 02:00-03:00.
    expect(iso(start[2] as ImportEvent)).toBe('2026-09-26T14:00:00.000Z');
    const end = await run('ICP,Date,TP,kWh\nM1,05/04/2026,50,1\nM1,05/04/2026,1,1\n', mapping);
    expect(end.map(iso)).toEqual(['2026-04-05T11:30:00.000Z', '2026-04-04T11:00:00.000Z']);
  });

  it('gives the repeated hour in order and refuses a time the clock skipped', async () => {
    const events = await run(
      'ICP,Interval start,kWh\nM1,2026-04-05 02:30,1\nM1,2026-04-05 02:30,2\nM1,2026-09-27 02:30,3\n',
    );
    expect(events.slice(0, 2).map(iso)).toEqual(['2026-04-04T13:30:00.000Z', '2026-04-04T14:30:00.000Z']);
    expect(events[2]).toEqual({
      kind: 'refused',
      row: { line: 4, reason: 'The local time 2026-09-27 02:30 does not exist (daylight saving starts)' },
    });
  });

  it('names each bad row with its line and reason, skips rows without a value, counts quoted line breaks', async () => {
    const events = await run(
      'ICP,Interval start,kWh,Q\n"M\n1",2026-01-05 00:00,abc,A\nM1,2026-01-05 00:30,,A\nM1,2026-02-30 00:00,1,A\nM1,2026-01-05 01:00,1,X\n,2026-01-05 01:00,1,A\nM1,2026-01-05 01:30\n',
      { quality: 'Q' },
    );
    expect(events).toEqual([
      { kind: 'refused', row: { line: 3, reason: 'The value "abc" is not a number' } },
      { kind: 'refused', row: { line: 5, reason: 'The time "2026-02-30 00:00" is not a date and time' } },
      { kind: 'refused', row: { line: 6, reason: 'The quality flag "X" is not A, E, S, F or V' } },
      { kind: 'refused', row: { line: 7, reason: 'No data source is named' } },
      {
        kind: 'refused',
        row: { line: 8, reason: 'Has 2 columns where the header has 4: the row is incomplete' },
      },
    ]);
  });

  it('ends with a file error when the file is not CSV, has no rows, or lacks a mapped column', async () => {
    await expect(run('ICP,Interval start,kWh\nM1,"2026-01-05 00:00,1\n')).rejects.toBeInstanceOf(
      ImportFileError,
    );
    await expect(run('ICP,Interval start,kWh\n')).rejects.toThrow('The file has no rows to import.');
    await expect(run('Meter,Time,Value\nM1,2026-01-05 00:00,1\n')).rejects.toThrow(
      'The file has no column "ICP", which the mapping names.',
    );
  });
});

describe('column mapping', () => {
  it('guesses a mapping from the header names and says what is still missing', () => {
    const headers = ['ICP', 'Read Date', 'Trading Period', 'Consumption (Wh)', 'Register', 'Flag'];
    const guess = guessMapping(headers);
    expect(guess).toMatchObject({
      meter: 'ICP',
      timestamp: null,
      date: 'Read Date',
      period: 'Trading Period',
      value: 'Consumption (Wh)',
      register: 'Register',
      quality: 'Flag',
      valueUnit: 'Wh',
    });
    expect(mappingProblems(guess, headers)).toEqual([]);
    expect(guessMapping(['Meter', 'Interval End', 'kWh'])).toMatchObject({
      timestamp: 'Interval End',
      timestampMarks: 'end',
    });
    expect(mappingProblems({ ...guess, period: null, value: 'Nope' }, headers)).toEqual([
      'Choose a date and time column, or a date column and a period column.',
      'The file has no column "Nope".',
    ]);
    expect(headerKey([' ICP ', 'Read-Date'])).toBe('icp|read date');
  });
});
