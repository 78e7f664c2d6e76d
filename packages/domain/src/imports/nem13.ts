import { compactDate, decimal, shownDate } from './records';
import type { ImportEvent } from './types';

/**
 * NEM13, the basic (accumulation) meter data of AEMO's Meter Data File Format: after the 100 header, one 250
 * record per register read. 250: 250, NMI, NMI configuration, register ID, NMI suffix, MDM data stream
 * identifier, meter serial number, direction indicator (E consumption, B generation), previous register read,
 * its date and time (yyyyMMddHHmmss), its quality method, reason code and description, current register read,
 * its date and time, quality method, reason code and description, quantity (the consumption between the two
 * reads), unit, next scheduled read date, update date and time, MSATS load date and time. 550 records (B2B
 * details) follow some 250 records.
 *
 * A 250 record is one consumption period: from the previous read's date to the day before the current read's,
 * so that the next period starts on the day this one's read was taken and no day counts twice.
 */

const UNITS: Record<string, number> = { wh: 0.001, kwh: 1, mwh: 1000 };
const IDENTIFIER = /^[0-9A-Za-z-]{1,20}$/;

const dayBefore = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** A 250 record as a consumption period, a part skipped (generation, reactive energy), or a refusal. */
export function readBasicRecord(fields: string[], line: number): ImportEvent {
  const refuse = (reason: string): ImportEvent => ({ kind: 'refused', row: { line, reason } });
  const field = (i: number) => (fields[i] ?? '').trim();
  const nmi = field(1);
  if (!IDENTIFIER.test(nmi)) return refuse('250 record: the NMI is missing or not letters and digits');
  const suffix = field(4).toUpperCase() || field(3);
  const direction = field(7).toUpperCase();
  const unit = field(19);
  const factor = UNITS[unit.toLowerCase()];
  if (direction === 'B' || factor === undefined)
    return {
      kind: 'skipped',
      part: {
        line,
        text: `NMI ${nmi} register ${suffix}: ${direction === 'B' ? 'generation (B)' : `'${unit}'`} reads are not consumption in kWh, not loaded`,
      },
    };
  if (direction !== 'E' && direction !== '')
    return refuse(`250 record: direction indicator '${field(7)}' is not E (consumption) or B (generation)`);
  const from = compactDate(field(9).slice(0, 8));
  const current = compactDate(field(14).slice(0, 8));
  if (!from) return refuse(`250 record: previous read date '${field(9)}' is not a date (yyyyMMddHHmmss)`);
  if (!current) return refuse(`250 record: current read date '${field(14)}' is not a date (yyyyMMddHHmmss)`);
  if (current <= from)
    return refuse(
      `250 record: the current read (${shownDate(current)}) is not after the previous one (${shownDate(from)})`,
    );
  const quantity = decimal(field(18));
  if (quantity === null)
    return refuse(
      field(18) === ''
        ? '250 record: the quantity (the consumption between the reads) is empty'
        : `250 record: quantity '${field(18)}' is not a number`,
    );
  const estimated = !/^A/i.test(field(15)) || !/^A/i.test(field(10));
  return {
    kind: 'period',
    row: {
      line,
      meterKey: nmi,
      register: suffix || null,
      from,
      till: dayBefore(current),
      quantity: quantity * factor,
      unit: 'kWh',
      cost: null,
      estimated,
    },
  };
}
