import { describe, expect, it } from 'vitest';
import { parseNem12 } from './nem12';
import { at, chunks, collect, fileErrorOf, readingsOf, refusalsOf } from './testing';

const HEADER = '100,NEM12,202510010600,MDP1,RETAILER';
const day = (date: string, values: number[], method = 'A') =>
  `300,${date},${values.map((v) => v.toFixed(3)).join(',')},${method},,,20251001060000,`;
const flat = (n: number, value: number) => new Array<number>(n).fill(value);
const file = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const parse = (text: string) => collect(parseNem12([text]));
const fileError = (text: string) => fileErrorOf(parse(text));

describe('NEM12', () => {
  it('reads 30-minute intervals in market time (AEST, UTC+10) with the NMI, suffix and direction', async () => {
    const values = Array.from({ length: 48 }, (_, i) => i / 10);
    const events = await parse(
      file(HEADER, '200,4102000001,E1B1,1,E1,N1,M001,kWh,30,', day('20250406', values), '900'),
    );
    const readings = readingsOf(events);
    expect(readings).toHaveLength(48);
    expect(readings[0]).toEqual({
      line: 3,
      meterKey: '4102000001',
      register: 'E1',
      direction: 'import',
      quantity: 'kWh',
      startUtcMs: at('2025-04-06 00:00', 10),
      minutes: 30,
      value: 0,
      quality: 'A',
    });
    // The last interval starts at 23:30 AEST: 13:30 UTC, whatever daylight time does in Sydney that day.
    expect(readings[47]?.startUtcMs).toBe(Date.parse('2025-04-06T13:30:00Z'));
    expect(readings[47]?.value).toBe(4.7);
    expect(refusalsOf(events)).toEqual([]);
  });

  it('reads a day the same whether its values are plain or written with spaces, signs and long decimals', async () => {
    const values = Array.from({ length: 48 }, (_, i) => (i * 7) / 8);
    const plain = day('20250406', values);
    // The same numbers as a reader splitting fields must take them: padded, signed, beyond 15 digits.
    const odd = `300,20250406,${values.map((v, i) => (i % 3 === 0 ? ` ${v} ` : i % 3 === 1 ? `+${v.toFixed(17)}` : `${v}`)).join(',')},A,,,20251001060000,`;
    const read = async (line: string) =>
      readingsOf(await parse(file(HEADER, '200,4102000001,E1B1,1,E1,N1,M001,kWh,30,', line, '900')));
    const fast = await read(plain);
    expect(fast.map((r) => r.value)).toEqual(values);
    expect(await read(odd)).toEqual(fast);
  });

  it('reads 5- and 15-minute data, several NMIs and registers, export and reactive streams, and converts units', async () => {
    const events = await parse(
      file(
        HEADER,
        '200,4102000001,E1B1Q1,1,E1,N1,M001,Wh,5,',
        day('20250101', flat(288, 250)),
        '200,4102000001,E1B1Q1,1,B1,N1,M001,kWh,15,',
        day('20250101', flat(96, 0.5)),
        '200,4102000001,E1B1Q1,1,Q1,N1,M001,varh,30,',
        day('20250101', flat(48, 1200)),
        '200,4102000002,E1,1,E1,N1,M002,MWh,30,',
        day('20250101', flat(48, 0.002)),
        '900',
      ),
    );
    const readings = readingsOf(events);
    const byStream = (key: string, register: string) =>
      readings.filter((r) => r.meterKey === key && r.register === register);
    const e1 = byStream('4102000001', 'E1');
    expect(e1).toHaveLength(288);
    expect(e1[1]).toMatchObject({ minutes: 5, value: 0.25, direction: 'import', quantity: 'kWh' });
    expect(e1[1]?.startUtcMs).toBe(at('2025-01-01 00:05', 10));
    expect(byStream('4102000001', 'B1')).toHaveLength(96);
    expect(byStream('4102000001', 'B1')[0]).toMatchObject({ minutes: 15, value: 0.5, direction: 'export' });
    expect(byStream('4102000001', 'Q1')[0]).toMatchObject({
      quantity: 'kVArh',
      value: 1.2,
      direction: 'import',
    });
    expect(byStream('4102000002', 'E1')[0]).toMatchObject({ value: 2, quantity: 'kWh' });
    expect(refusalsOf(events)).toEqual([]);
  });

  it('applies the day quality, 400 records for a V day, and leaves out null (N) intervals', async () => {
    const events = await parse(
      file(
        HEADER,
        '200,4102000001,E1,1,E1,N1,M001,kWh,30,',
        day('20250101', flat(48, 1), 'E52'),
        day('20250102', flat(48, 1), 'V'),
        '400,1,20,F14,76,',
        '400,21,24,A,,',
        '400,25,44,S53,1,',
        '400,45,48,N,,',
        '500,O,S00010,20250102050505,',
        day('20250103', flat(48, 1), 'A'),
        '400,3,4,E52,,',
        '900',
      ),
    );
    const readings = readingsOf(events);
    const flags = (date: string) =>
      readings
        .filter(
          (r) =>
            r.startUtcMs >= at(`${date} 00:00`, 10) && r.startUtcMs < at(`${date} 00:00`, 10) + 86_400_000,
        )
        .map((r) => r.quality)
        .join('');
    expect(flags('2025-01-01')).toBe('E'.repeat(48));
    expect(flags('2025-01-02')).toBe(`${'F'.repeat(20)}AAAA${'S'.repeat(20)}`); // 45-48 null: no reading
    expect(flags('2025-01-03')).toBe(`AAEE${'A'.repeat(44)}`);
    expect(refusalsOf(events)).toEqual([]);
  });

  it('refuses each bad row with its line and reason, and reads the rest', async () => {
    const events = await parse(
      file(
        HEADER, // 1
        '200,4102000001,E1,1,E1,N1,M001,kWh,30,', // 2
        day('20250101', flat(47, 1)), // 3: one value short
        day('20250231', flat(48, 1)), // 4: no 31 February
        day('20250103', flat(48, 1)).replace(',1.000,', ',1.x00,'), // 5
        day('20250104', flat(48, 1)).replace(',1.000,', ',,'), // 6
        day('20250105', flat(48, 1), 'Q'), // 7
        day('20250106', flat(48, 1), 'V'), // 8
        '400,45,50,E52,,', // 9: past the day's 48 intervals
        day('20250107', flat(48, 1), 'V'), // 10: interval 21 on has no 400
        '400,1,20,A,,', // 11
        '250,4102000001,11,1,11,N1,M001,kWh', // 12: a NEM13 record
        '200,4102000002,E1,1,E1,N1,M002,kVAh,30,', // 13: a unit the import does not take
        day('20250101', flat(48, 1)), // 14: skipped with its 200 record
        '200,4102000003,X1,1,X1,N1,M003,kWh,30,', // 15: not an energy stream
        '200,4102000004,E1,1,E1,N1,M004,kWh,7,', // 16
        '200,4102000005,E1,1,E1,N1,M005,kWh,30,', // 17
        day('20250108', flat(48, 2)), // 18: good
        '900',
      ),
    );
    expect(refusalsOf(events)).toEqual([
      { line: 3, reason: '01/01/2025 has 47 interval values; 30-minute intervals need 48' },
      { line: 4, reason: "interval date '20250231' is not a real date (yyyyMMdd)" },
      { line: 5, reason: "interval 1 of 03/01/2025 is '1.x00', not a number" },
      { line: 6, reason: 'interval 1 of 04/01/2025 has no value' },
      { line: 7, reason: "quality method 'Q' is not A, E, F, N, S or V (with its method)" },
      { line: 9, reason: "interval range '45' to '50' is not within 1 to 48" },
      {
        line: 10,
        reason:
          'quality V (variable) on 07/01/2025 needs 400 records for every interval; interval 21 has none',
      },
      { line: 12, reason: "'250' is not a NEM12 record (100, 200, 300, 400, 500 or 900)" },
      {
        line: 16,
        reason:
          "200 record: interval length '7' is not 5, 10, 15, 20, 30 or 60 minutes; its interval data is not read",
      },
    ]);
    // Streams that are not energy are skipped and named, not refused.
    expect(events.flatMap((e) => (e.kind === 'skipped' ? [e.part] : []))).toEqual([
      { line: 13, text: "NMI 4102000002 stream E1: unit 'kVAh', not energy in kWh or kVArh, not loaded" },
      { line: 15, text: "NMI 4102000003 stream X1: 'kWh', not energy in kWh or kVArh, not loaded" },
    ]);
    const readings = readingsOf(events);
    expect(new Set(readings.map((r) => r.line))).toEqual(new Set([18]));
  });

  it('skips a voltage stream of 10-minute values (no unit) and reads hourly energy split later', async () => {
    const events = await parse(
      file(
        HEADER,
        '200,C123,E1V1,,E1,,,kWh,60,',
        day('20250402', flat(24, 2)),
        '200,C123,E1V1,,V1,,,,10,',
        `300,20250402,${flat(144, 239.1).join(',')},A,,,,`,
        '900',
      ),
    );
    expect(refusalsOf(events)).toEqual([]);
    expect(readingsOf(events).map((r) => r.minutes)).toEqual(flat(24, 60));
    expect(events.flatMap((e) => (e.kind === 'skipped' ? [e.part.text] : []))).toEqual([
      'NMI C123 stream V1: no unit, not energy in kWh or kVArh, not loaded',
    ]);
  });

  it('names a 300 record broken across lines', async () => {
    const whole = day('20250101', flat(48, 1));
    const cut = whole.indexOf(',1.000', 100);
    const events = await parse(
      file(
        HEADER,
        '200,4102000001,E1,1,E1,N1,M001,kWh,30,',
        whole.slice(0, cut),
        whole.slice(cut + 1),
        '900',
      ),
    );
    expect(refusalsOf(events).map((r) => [r.line, r.reason])).toEqual([
      [3, expect.stringMatching(/^01\/01\/2025 has \d+ interval values; 30-minute intervals need 48$/)],
      [4, 'the rest of the 300 record of line 3, broken across lines: a record must be on one line'],
    ]);
    expect(readingsOf(events)).toEqual([]);
  });

  it('reads NEM13 accumulation reads as consumption between reads, skipping generation', async () => {
    const events = await parse(
      file(
        '100,NEM13,202510010600,MDP1,RET1',
        '250,4102000009,11,1,11,11,M9,E,006342.8,20250105093055,A,,,007654.9,20250407100333,A,,,1312.1,kWh,20250707,20250408100333,',
        '550,N,,A,',
        '250,4102000009,11,2,B1,B1,M9,B,000100,20250105093055,A,,,000150,20250407100333,E,,,50,kWh,,,',
        '250,4102000009,11,1,11,11,M9,E,007654.9,20250407100333,A,,,007700,20250601000000,E,,,45.1,Wh,,,',
        '900',
      ),
    );
    expect(refusalsOf(events)).toEqual([]);
    expect(events.flatMap((e) => (e.kind === 'period' ? [e.row] : []))).toEqual([
      {
        line: 2,
        meterKey: '4102000009',
        register: '11',
        from: '2025-01-05',
        till: '2025-04-06',
        quantity: 1312.1,
        unit: 'kWh',
        cost: null,
        estimated: false,
      },
      expect.objectContaining({ line: 5, from: '2025-04-07', till: '2025-05-31', estimated: true }),
    ]);
    expect(events.flatMap((e) => (e.kind === 'period' ? [e.row.quantity] : []))[1]).toBeCloseTo(0.0451, 6);
    expect(events.flatMap((e) => (e.kind === 'skipped' ? [e.part.text] : []))).toEqual([
      'NMI 4102000009 register B1: generation (B) reads are not consumption in kWh, not loaded',
    ]);
  });

  it('reports structural faults as file errors: no header, a bad or missing 900 record', async () => {
    const body = ['200,4102000001,E1,1,E1,N1,M001,kWh,30,', day('20250101', flat(48, 1))];
    expect(await fileError(file(...body, '900'))).toBe(
      'The file does not start with a NEM12 header (a 100 record reading NEM12)',
    );
    expect(await fileError(file(HEADER, ...body))).toBe(
      'The file has no 900 end record: it may have been cut short',
    );
    // Cut in the middle of a 300 record: the short row is refused, and the missing 900 fails the file.
    expect(await fileError(file(HEADER, ...body).slice(0, -200))).toBe(
      'The file has no 900 end record: it may have been cut short',
    );
    expect(await fileError(file(HEADER, ...body, '900,1'))).toBe(
      'The 900 end record at line 4 has fields after 900',
    );
    expect(await fileError(file(HEADER, ...body, '900', day('20250102', flat(48, 1))))).toBe(
      'Line 5 comes after the 900 end record of line 4',
    );
    expect(await fileError(file(HEADER, HEADER, '900'))).toBe(
      'A second 100 header at line 2: one file, one header',
    );
    expect(await fileError('')).toBe('The file is empty');
    expect(await fileError('HDR,ICPHH,10.0\nDET,1\n')).toBe(
      'The file does not start with a NEM12 header (a 100 record reading NEM12)',
    );
  });

  it('reads the same from byte chunks cut anywhere, with a byte order mark and LF line ends', async () => {
    const text = `\uFEFF${file(HEADER, '200,4102000001,E1,1,E1,N1,M001,kWh,30,', day('20250101', flat(48, 1.25)), '900').replaceAll('\r\n', '\n')}`;
    const whole = await parse(text);
    const cut = await collect(parseNem12(chunks(text, 5)));
    expect(cut).toEqual(whole);
    expect(readingsOf(cut)).toHaveLength(48);
  });
});
