import { describe, expect, it } from 'vitest';
import { parseEiep3 } from './eiep3';
import { at, chunks, collect, fileErrorOf, readingsOf, refusalsOf } from './testing';

const ICP = '1002087633WE-5E1';
const header = (count: number | '', ...extra: string[]) =>
  [
    'HDR',
    'ICPHH',
    '10.0',
    'MEPX',
    '',
    'VRDT',
    '01/10/2025',
    '09:00:00',
    'F0001',
    String(count),
    '202504',
    'E',
    'I',
    ...extra,
  ].join(',');
const det = (date: string, period: number, kwh: string, type = 'F', flow = 'X', kvarh = '') =>
  ['DET', ICP, '1', type, date, period, kwh, kvarh, '', flow, ''].join(',');
const parse = (text: string) => collect(parseEiep3([text]));
const fileError = (text: string) => fileErrorOf(parse(text));

describe('EIEP3', () => {
  it('counts trading periods from local midnight: 50 on 6 April 2025, when daylight time ends', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => det('06/04/2025', i + 1, String(i + 1)));
    const events = await parse([header(50), ...rows].join('\n'));
    const readings = readingsOf(events);
    expect(refusalsOf(events)).toEqual([]);
    expect(readings).toHaveLength(50);
    // Period 1 starts at local midnight, still daylight time (UTC+13); periods 5 and 7 both start at 02:00 on
    // the wall clock, once in daylight time and once, an hour later, in standard time.
    expect(readings[0]).toMatchObject({
      meterKey: ICP,
      register: '1',
      direction: 'import',
      quantity: 'kWh',
      minutes: 30,
    });
    expect(readings[0]?.startUtcMs).toBe(at('2025-04-06 00:00', 13));
    expect(readings[4]?.startUtcMs).toBe(at('2025-04-06 02:00', 13));
    expect(readings[6]?.startUtcMs).toBe(at('2025-04-06 02:00', 12));
    expect(readings[49]?.startUtcMs).toBe(at('2025-04-06 23:30', 12));
  });

  it('has 46 on 28 September 2025, when daylight time starts, and refuses period 47', async () => {
    const rows = Array.from({ length: 47 }, (_, i) => det('28/09/2025', i + 1, '1.5'));
    const events = await parse([header(47), ...rows].join('\n'));
    const readings = readingsOf(events);
    expect(readings).toHaveLength(46);
    expect(readings[3]?.startUtcMs).toBe(at('2025-09-28 01:30', 12));
    // After 01:30-02:00 standard time the wall clock reads 03:00 daylight time.
    expect(readings[4]?.startUtcMs).toBe(at('2025-09-28 03:00', 13));
    expect(readings[45]?.startUtcMs).toBe(at('2025-09-28 23:30', 13));
    expect(refusalsOf(events)).toEqual([
      {
        line: 48,
        reason: "trading period '47' is not 1 to 46 on 28/09/2025 (daylight time starts that day)",
      },
    ]);
  });

  it('reads estimates, exports, reactive energy, and Wh when the header says so', async () => {
    const events = await parse(
      [
        header(3, 'Wh'),
        det('01/07/2025', 1, '1500', 'E'),
        det('01/07/2025', 2, '250', 'F', 'I'),
        det('01/07/2025', 3, '1000', 'F', 'X', '400'),
      ].join('\n'),
    );
    const readings = readingsOf(events);
    expect(readings.map((r) => [r.quality, r.direction, r.quantity, r.value])).toEqual([
      ['E', 'import', 'kWh', 1.5],
      ['A', 'export', 'kWh', 0.25],
      ['A', 'import', 'kWh', 1],
      ['A', 'import', 'kVArh', 0.4],
    ]);
  });

  it('reads version 10 as participants write it: the literal null in the optional columns', async () => {
    const v10 = [
      'HDR,ICPHH,10.0,MEPX,MEPX,VRDT,01/10/2025,09:00:00,F0002,00000002,202507,E,I',
      `DET,${ICP},1,F,01/07/2025,1,0.44,null,null,X,null`,
      `DET,${ICP},1,F,01/07/2025,2,0.98,null,null,null,null`,
    ].join('\r\n');
    const events = await parse(v10);
    expect(refusalsOf(events)).toEqual([]);
    expect(readingsOf(events).map((r) => [r.register, r.direction, r.quantity, r.value])).toEqual([
      ['1', 'import', 'kWh', 0.44],
      ['1', 'import', 'kWh', 0.98],
    ]);
  });

  it('reads version 11 with each period in kWh and in Wh as one reading, whichever comes first', async () => {
    const v11 = [
      'HDR,ICPHH,11.0,MEPX,MEPX,VRDT,25/10/2025,10:04:24,000,7,202510,E,R',
      `DET,${ICP},YY,F,24/07/2025,1,0.228,,,X,`,
      `DET,${ICP},YY,F,24/07/2025,1,228.000,,,X,`,
      `DET,${ICP},YY,F,24/07/2025,2,247.000,,,X,`,
      `DET,${ICP},YY,F,24/07/2025,2,0.247,,,X,`,
      `DET,${ICP},YY,F,24/07/2025,3,0.000,,,X,`,
      `DET,${ICP},YY,F,24/07/2025,3,0.000,,,X,`,
      `DET,${ICP},YY,F,24/07/2025,4,0.126,,,X,`,
    ].join('\n');
    const events = await parse(v11);
    expect(refusalsOf(events)).toEqual([]);
    expect(readingsOf(events).map((r) => [r.line, r.value])).toEqual([
      [2, 0.228],
      [5, 0.247],
      [6, 0],
      [8, 0.126],
    ]);
  });

  it('keeps two different figures for one period as two readings (the load refuses the second)', async () => {
    const events = await parse(
      [header(2), det('01/07/2025', 1, '0.5'), det('01/07/2025', 1, '0.7')].join('\n'),
    );
    expect(readingsOf(events).map((r) => r.value)).toEqual([0.5, 0.7]);
  });

  it('refuses bad rows with their line and reason', async () => {
    const events = await parse(
      [
        header(7),
        det('31/06/2025', 1, '1'),
        det('01/07/2025', 0, '1'),
        det('01/07/2025', 2, ''),
        det('01/07/2025', 3, 'abc'),
        det('01/07/2025', 4, '1', 'Z'),
        det('01/07/2025', 5, '1', 'F', 'Q'),
        det('01/07/2025', 6, '1').replace(ICP, ''),
        'TRL,7',
      ].join('\n'),
    );
    expect(refusalsOf(events)).toEqual([
      { line: 2, reason: "date '31/06/2025' is not a real date (dd/MM/yyyy)" },
      { line: 3, reason: "trading period '0' is not 1 to 48 on 01/07/2025" },
      { line: 4, reason: 'the active energy is missing' },
      { line: 5, reason: "active energy 'abc' is not a number" },
      { line: 6, reason: "reading type 'Z' is not actual (F, RD) or estimated (E, ES)" },
      { line: 7, reason: "flow direction 'Q' is not X (extraction) or I (injection)" },
      { line: 8, reason: 'the ICP is missing' },
      { line: 9, reason: "'TRL' is not a detail record (DET)" },
    ]);
  });

  it('reports a missing or wrong header and a detail count that does not match as file errors', async () => {
    expect(await fileError(det('01/07/2025', 1, '1'))).toBe(
      'The file does not start with an EIEP3 header (an HDR record)',
    );
    expect(
      await fileError(
        ['HDR,ICPCONS,1.4,RETL,,CUST,01/10/2025,09:00:00,X,1', det('01/07/2025', 1, '1')].join('\n'),
      ),
    ).toBe('This is an EIEP13A (consumer consumption data) file, not EIEP3');
    expect(
      await fileError([header(3), det('01/07/2025', 1, '1'), det('01/07/2025', 2, '1')].join('\n')),
    ).toBe('The header states 3 detail records but the file has 2: it may have been cut short');
    expect(await fileError([header(1), header(1)].join('\n'))).toBe(
      'A second header at line 2: one file, one header',
    );
    expect(await fileError('100,NEM12,202501010000,A,B\n')).toBe(
      'The file does not start with an EIEP3 header (an HDR record)',
    );
  });

  it('reads the same from byte chunks cut anywhere, and without a detail count', async () => {
    const text = [header(''), det('01/07/2025', 1, '1.25'), det('01/07/2025', 2, '2.5')].join('\r\n');
    const cut = await collect(parseEiep3(chunks(text, 3)));
    expect(cut).toEqual(await parse(text));
    expect(readingsOf(cut).map((r) => r.value)).toEqual([1.25, 2.5]);
  });
});
