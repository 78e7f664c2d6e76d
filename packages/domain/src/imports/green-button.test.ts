import { describe, expect, it } from 'vitest';
import { parseGreenButton } from './green-button';
import { chunks, collect, fileErrorOf, readingsOf, refusalsOf } from './testing';

const BASE = 'https://utility.example/DataCustodian/espi/1_1/resource/Subscription/5';
const entry = (self: string, content: string, { title = '', related = '' } = {}) => `
  <entry>
    <id>urn:uuid:${self.replace(/\W/g, '')}</id>
    <link rel="self" href="${BASE}/${self}"/>
    ${related ? `<link rel="related" href="${BASE}/${related}"/>` : ''}
    ${title ? `<title>${title}</title>` : ''}
    <content>${content}</content>
  </entry>`;
const readingType = (
  id: string,
  { uom = '72', power = '0', flow = '1', interval = '3600', accumulation = '4' } = {},
) =>
  entry(
    `ReadingType/${id}`,
    `<ReadingType xmlns="http://naesb.org/espi"><accumulationBehaviour>${accumulation}</accumulationBehaviour><commodity>1</commodity><flowDirection>${flow}</flowDirection><intervalLength>${interval}</intervalLength><kind>12</kind><powerOfTenMultiplier>${power}</powerOfTenMultiplier><uom>${uom}</uom></ReadingType>`,
  );
const reading = (start: number, duration: number, value: string | number, quality?: number) =>
  `<IntervalReading>${quality === undefined ? '' : `<ReadingQuality><quality>${quality}</quality></ReadingQuality>`}<timePeriod><duration>${duration}</duration><start>${start}</start></timePeriod><value>${value}</value></IntervalReading>`;
const block = (meterReading: string, id: string, readings: string[]) =>
  entry(
    `${meterReading}/IntervalBlock/${id}`,
    `<IntervalBlock xmlns="http://naesb.org/espi">${readings.join('')}</IntervalBlock>`,
  );
const feed = (...entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">${entries.join('')}\n</feed>\n`;
const usagePoint = (id: string, title: string, kind = 0) =>
  entry(
    `UsagePoint/${id}`,
    `<UsagePoint xmlns="http://naesb.org/espi"><ServiceCategory><kind>${kind}</kind></ServiceCategory></UsagePoint>`,
    { title },
  );
const meterReading = (up: string, id: string, type: string) =>
  entry(`UsagePoint/${up}/MeterReading/${id}`, '<MeterReading xmlns="http://naesb.org/espi"/>', {
    related: `ReadingType/${type}`,
  });

const T0 = Date.parse('2025-04-05T11:00:00Z') / 1000; // 6 April 2025 00:00 NZDT
const parse = (text: string, timeZone?: string) => collect(parseGreenButton([text], { timeZone }));

describe('Green Button', () => {
  it('reads hourly electricity in Wh with its power of ten, quality and flow direction', async () => {
    const events = await parse(
      feed(
        usagePoint('1', '1002079287WE-704'),
        meterReading('1', '1', '01'),
        meterReading('1', '2', '02'),
        readingType('01', { power: '-1' }),
        readingType('02', { flow: '19', uom: '72', power: '3' }),
        block('UsagePoint/1/MeterReading/1', '1', [
          reading(T0, 3600, 12345),
          reading(T0 + 3600, 3600, 6000, 8),
        ]),
        block('UsagePoint/1/MeterReading/2', '1', [reading(T0, 3600, 2, 13)]),
      ),
    );
    expect(refusalsOf(events)).toEqual([]);
    const readings = readingsOf(events);
    expect(
      readings.map((r) => [
        r.meterKey,
        r.register,
        r.direction,
        r.quantity,
        r.startUtcMs,
        r.minutes,
        r.value,
        r.quality,
      ]),
    ).toEqual([
      ['1002079287WE-704', '1', 'import', 'kWh', T0 * 1000, 60, 1.2345, 'A'],
      ['1002079287WE-704', '1', 'import', 'kWh', (T0 + 3600) * 1000, 60, 0.6, 'E'],
      ['1002079287WE-704', '2', 'export', 'kWh', T0 * 1000, 60, 2, 'V'],
    ]);
    expect(readings[0]?.line).toBeGreaterThan(1);
  });

  it('reads gas in therms as kWh, daily gas as consumption periods, and refuses gas in m3 once', async () => {
    const day = Date.parse('2025-06-30T12:00:00Z') / 1000; // 1 July 2025 00:00 NZST
    const events = await parse(
      feed(
        usagePoint('1', 'Gas meter 1', 1),
        meterReading('1', '1', 'g1'),
        readingType('g1', { uom: '169', power: '-2', interval: '86400' }),
        block('UsagePoint/1/MeterReading/1', '1', [
          reading(day, 86_400, 150),
          reading(day + 86_400, 3600, 10),
        ]),
        usagePoint('2', 'Gas meter 2', 1),
        meterReading('2', '1', 'g2'),
        readingType('g2', { uom: '42' }),
        block('UsagePoint/2/MeterReading/1', '1', [
          reading(day, 86_400, 3),
          reading(day + 86_400, 86_400, 4),
        ]),
      ),
    );
    const periods = events.flatMap((e) => (e.kind === 'period' ? [e.row] : []));
    expect(periods).toEqual([
      expect.objectContaining({
        meterKey: 'Gas meter 1',
        from: '2025-07-01',
        till: '2025-07-01',
        unit: 'kWh',
        estimated: false,
      }),
    ]);
    expect(periods[0]?.quantity).toBeCloseTo(1.5 * 29.3071, 3);
    expect(readingsOf(events)[0]?.value).toBeCloseTo(0.1 * 29.3071, 4);
    const refused = refusalsOf(events);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toBe(
      'ReadingType ReadingType/g2: gas in m3 cannot be read as kWh without its calorific value, which the file does not give (therms can); its interval data is not read',
    );
  });

  it('refuses bad readings with their line, and holds blocks until their ReadingType arrives', async () => {
    const text = feed(
      usagePoint('1', 'Meter'),
      meterReading('1', '1', '01'),
      block('UsagePoint/1/MeterReading/1', '1', [
        reading(T0, 3600, 'abc'),
        reading(T0, 420, 1),
        reading(T0, 3600, 1, 99),
        reading(T0, 1800, 5),
      ]),
      readingType('01'),
    );
    const events = await parse(text);
    const lineOf = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
    expect(refusalsOf(events).map((r) => r.reason)).toEqual([
      "value 'abc' is not a number",
      'an interval of 7 minutes is neither 5 to 60 minutes nor whole days',
      "ReadingQuality '99' is not an ESPI quality code",
    ]);
    expect(refusalsOf(events)[0]?.line).toBe(lineOf('<IntervalBlock'));
    expect(readingsOf(events).map((r) => [r.minutes, r.value])).toEqual([[30, 0.005]]);
  });

  it("dates whole days by the file's LocalTimeParameters: 23 and 25-hour days and monthly bills", async () => {
    // Eastern time: standard UTC-5, daylight saving UTC-4 (10 March and 3 November 2024 change the clocks).
    const ltp = entry(
      'LocalTimeParameters/01',
      '<LocalTimeParameters xmlns="http://naesb.org/espi"><dstEndRule>B40E2000</dstEndRule><dstOffset>3600</dstOffset><dstStartRule>360E2000</dstStartRule><tzOffset>-18000</tzOffset></LocalTimeParameters>',
    );
    const midnight = (date: string, offsetHours: number) =>
      Date.parse(`${date}T00:00:00Z`) / 1000 - offsetHours * 3600;
    const events = await parse(
      feed(
        usagePoint('1', 'House'),
        ltp,
        meterReading('1', '1', '01'),
        readingType('01', { interval: '86400' }),
        block('UsagePoint/1/MeterReading/1', '1', [
          reading(midnight('2024-03-09', -5), 86_400, 10_000),
          reading(midnight('2024-03-10', -5), 82_800, 9_000), // 23 hours
          reading(midnight('2024-11-03', -4), 90_000, 11_000), // 25 hours
          reading(midnight('2024-02-01', -5), 29 * 86_400, 300_000), // the February bill
          reading(midnight('2024-03-01', -5), 31 * 86_400 - 3600, 320_000), // March, one hour short
          reading(midnight('2024-03-01', -5) + 3600, 86_400, 1), // 01:00 to 01:00
        ]),
      ),
      'Pacific/Auckland',
    );
    const periods = events.flatMap((e) => (e.kind === 'period' ? [e.row] : []));
    expect(periods.map((p) => [p.from, p.till, p.quantity])).toEqual([
      ['2024-03-09', '2024-03-09', 10],
      ['2024-03-10', '2024-03-10', 9],
      ['2024-11-03', '2024-11-03', 11],
      ['2024-02-01', '2024-02-29', 300],
      ['2024-03-01', '2024-03-31', 320],
    ]);
    expect(refusalsOf(events).map((r) => r.reason)).toEqual([
      'a reading of 24 hours does not run from one local midnight to another, so it is neither interval data nor whole days',
    ]);
  });

  it('reads a file without LocalTimeParameters in its own UTC days (billing periods of gas)', async () => {
    const start = Date.parse('2021-05-26T00:00:00Z') / 1000;
    const events = await parse(
      feed(
        usagePoint('1', '1 MAIN ST'),
        meterReading('1', '1', '0'),
        readingType('0', { uom: '169', power: '-3' }),
        block('UsagePoint/1/MeterReading/1', '1', [
          reading(start, 35 * 86_400, 37_000),
          reading(start + 35 * 86_400, 28 * 86_400, 14_000),
        ]),
      ),
      'Pacific/Auckland',
    );
    expect(refusalsOf(events)).toEqual([]);
    const periods = events.flatMap((e) => (e.kind === 'period' ? [e.row] : []));
    expect(periods.map((p) => [p.from, p.till])).toEqual([
      ['2021-05-26', '2021-06-29'],
      ['2021-06-30', '2021-07-27'],
    ]);
    expect(periods[0]?.quantity).toBeCloseTo(37 * 29.3071, 2);
  });

  it('reports XML that is not Green Button, not well formed or cut short as file errors', async () => {
    const fileError = (text: string) => fileErrorOf(parse(text));
    expect(await fileError('<html><body/></html>')).toBe(
      'This is not a Green Button (ESPI Atom) file: its root element is <html>',
    );
    expect(
      await fileError('<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>x</title></entry></feed>'),
    ).toBe('The file has no UsagePoint or IntervalBlock: it is not Green Button usage data');
    const whole = feed(usagePoint('1', 'Meter'), meterReading('1', '1', '01'), readingType('01'));
    expect(await fileError(whole.slice(0, whole.length - 30))).toMatch(
      /^The file ends inside <\w+>: it may have been cut short$/,
    );
    expect(await fileError('<feed><entry></feed>')).toMatch(/^The XML is not well formed at line 1: /);
    expect(await fileError('')).toBe('The file is empty');
  });

  it('reads the same from byte chunks cut anywhere, prefixes and all', async () => {
    const text = feed(
      usagePoint('1', 'Café meter'),
      meterReading('1', '1', '01'),
      readingType('01'),
      block('UsagePoint/1/MeterReading/1', '1', [reading(T0, 900, 250), reading(T0 + 900, 900, 250)]),
    )
      .replaceAll('<IntervalReading>', '<espi:IntervalReading xmlns:espi="http://naesb.org/espi">')
      .replaceAll('</IntervalReading>', '</espi:IntervalReading>');
    const cut = await collect(parseGreenButton(chunks(text, 4)));
    expect(cut).toEqual(await parse(text));
    expect(readingsOf(cut).map((r) => [r.meterKey, r.minutes, r.value])).toEqual([
      ['Café meter', 15, 0.25],
      ['Café meter', 15, 0.25],
    ]);
  });
});
