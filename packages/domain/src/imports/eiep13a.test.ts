import { describe, expect, it } from 'vitest';
import { parseEiep13a } from './eiep13a';
import { at, collect, fileErrorOf, readingsOf, refusalsOf } from './testing';

const ICP = '1002079287WE-704';
/**
 * The published layout. HDR: HDR, ICPCONS, version, sender, on behalf of, recipient, report run date, request
 * identifier, number of detail records (the 9th field), data period start, data period end.
 */
const header = (count: number | string) =>
  `HDR,ICPCONS,1.4,RETL,RETL,CUST,01/10/2025,REQ123,${count},01/04/2025,30/04/2025`;
/**
 * DET: DET, consumer authorisation code, ICP, response code, NZDT adjustment, metering component serial number,
 * energy flow direction, register content code, period of availability, read period start, read period end,
 * read status, active kWh, reactive kVArh.
 */
const det = (
  start: string,
  end: string,
  kwh: string,
  { nzdt = '', status = 'RD', flow = 'X', kvarh = '0', response = '000' } = {},
) =>
  ['DET', 'AUTH-1', ICP, response, nzdt, 'SM79287', flow, 'UN', '24', start, end, status, kwh, kvarh].join(
    ',',
  );
const parse = (...lines: string[]) => collect(parseEiep13a([lines.join('\n')]));

describe('EIEP13A', () => {
  it('reads half hours in local time, the repeated hour of 6 April 2025 by order when the NZDT field is blank', async () => {
    const events = await parse(
      header(5),
      det('06/04/2025 00:00:01', '06/04/2025 00:30:00', '1.1'),
      det('06/04/2025 02:00:01', '06/04/2025 02:30:00', '2.1'), // daylight time (first pass)
      det('06/04/2025 02:00:01', '06/04/2025 02:30:00', '2.2'), // standard time (second pass)
      det('06/04/2025 02:30:01', '06/04/2025 03:00:00', '2.3', { nzdt: 'NZST' }),
      det('06/04/2025 23:30:01', '07/04/2025 00:00:00', '9.9', { status: 'ES' }),
    );
    expect(refusalsOf(events)).toEqual([]);
    const readings = readingsOf(events).filter((r) => r.quantity === 'kWh');
    expect(readings.map((r) => [r.startUtcMs, r.minutes, r.value, r.quality])).toEqual([
      [at('2025-04-06 00:00', 13), 30, 1.1, 'A'],
      [at('2025-04-06 02:00', 13), 30, 2.1, 'A'],
      [at('2025-04-06 02:00', 12), 30, 2.2, 'A'],
      [at('2025-04-06 02:30', 12), 30, 2.3, 'A'],
      [at('2025-04-06 23:30', 12), 30, 9.9, 'E'],
    ]);
    expect(readings[0]).toMatchObject({ meterKey: ICP, register: 'SM79287 UN', direction: 'import' });
    expect(readingsOf(events).filter((r) => r.quantity === 'kVArh')).toHaveLength(5);
  });

  it('reads rows over whole days (a non-half-hourly meter) as consumption periods', async () => {
    const events = await parse(
      header(2),
      det('01/03/2025 00:00:01', '31/03/2025 23:59:59', '1234.5'),
      det('01/04/2025 00:00:00', '01/05/2025 00:00:00', '1000', { status: 'ES' }),
    );
    expect(events.filter((e) => e.kind === 'period').map((e) => e.kind === 'period' && e.row)).toEqual([
      {
        line: 2,
        meterKey: ICP,
        register: 'SM79287 UN',
        from: '2025-03-01',
        till: '2025-03-31',
        quantity: 1234.5,
        unit: 'kWh',
        cost: null,
        estimated: false,
      },
      {
        line: 3,
        meterKey: ICP,
        register: 'SM79287 UN',
        from: '2025-04-01',
        till: '2025-04-30',
        quantity: 1000,
        unit: 'kWh',
        cost: null,
        estimated: true,
      },
    ]);
  });

  it('refuses bad rows: a time skipped when daylight time starts, odd periods, bad figures', async () => {
    const events = await parse(
      header(6),
      det('28/09/2025 02:00:01', '28/09/2025 02:30:00', '1'),
      det('01/07/2025 00:00:01', '01/07/2025 02:00:00', '1'),
      det('01/07/2025 00:00:01', '01/07/2025 00:30:00', 'x'),
      det('01/07/2025 00:00:01', '01/07/2025 00:30:00', '1', { status: 'XX' }),
      det('31/06/2025 00:00:01', '31/06/2025 00:30:00', '1'),
      'DET,AUTH-1,,000',
    );
    expect(refusalsOf(events)).toEqual([
      { line: 2, reason: '28/09/2025 02:00:01 does not exist in New Zealand: daylight time starts then' },
      {
        line: 3,
        reason:
          'read period 01/07/2025 00:00:01 to 01/07/2025 02:00:00 is neither 5 to 60 minutes nor whole days',
      },
      { line: 4, reason: "active energy 'x' is not a number" },
      { line: 5, reason: "read status 'XX' is not RD (actual) or ES (estimated)" },
      {
        line: 6,
        reason: "read period start '31/06/2025 00:00:01' is not a date and time (dd/MM/yyyy HH:mm:ss)",
      },
      { line: 7, reason: 'the ICP is missing' },
    ]);
  });

  it('takes the detail count from the 9th header field, and refuses a cut-short file', async () => {
    const rows = [det('01/07/2025 00:00:01', '01/07/2025 00:30:00', '1')];
    expect(refusalsOf(await parse(header(1), ...rows))).toEqual([]);
    expect(await fileErrorOf(parse(header(2), ...rows))).toBe(
      'The header states 2 detail records but the file has 1: it may have been cut short',
    );
    // Zero-padded, as retailers write it.
    expect(refusalsOf(await parse(header('00000001'), ...rows))).toEqual([]);
  });

  it('names a refused request (a response code other than 000) and reads null as empty', async () => {
    const events = await parse(
      header(2),
      det('01/07/2025 00:00:01', '01/07/2025 00:30:00', '0', { response: '002' }),
      det('01/07/2025 00:30:01', '01/07/2025 01:00:00', '0.5', { nzdt: 'null', kvarh: 'null' }),
    );
    expect(refusalsOf(events)).toEqual([
      {
        line: 2,
        reason:
          'the retailer refused the request (response code 002: no ICP match); the row has no consumption',
      },
    ]);
    expect(readingsOf(events).map((r) => [r.quantity, r.value])).toEqual([['kWh', 0.5]]);
  });

  it('reports a file of another kind as a file error', async () => {
    expect(await fileErrorOf(parse('HDR,ICPHH,10.0,MEPX,,VRDT,01/10/2025,09:00:00,F1,0'))).toBe(
      'This is an EIEP3 (half-hourly metering data) file, not EIEP13A',
    );
  });
});
