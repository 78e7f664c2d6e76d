import { fill, MSG } from '../messages';
import { touDayTypeNamed, touPeriodNamed } from './tou';

/**
 * The TOU rates file (template and upload): a header row, then one row per contract, month, period and day
 * type. The upload lands whole or not at all: the first bad row is named.
 */
export const TOU_TEMPLATE_HEADER = ['Contract', 'Month', 'Period', 'Day type', 'Rate (c/kWh)'] as const;

export interface ParsedTouRate {
  contract: string;
  month: string;
  periodId: number;
  daytypeId: number;
  contractedRate: number;
}

export type TouUploadResult =
  | { ok: true; rates: ParsedTouRate[] }
  | { ok: false; row: number; reason: string };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** Reads the file's rows (the header first); row numbers are the file's lines, the header being row 1. */
export function parseTouRates(rows: readonly (readonly string[])[]): TouUploadResult {
  const rates: ParsedTouRate[] = [];
  const seen = new Set<string>();
  const refuse = (row: number, reason: string): TouUploadResult => ({
    ok: false,
    row,
    reason: fill(MSG.ratesRow, { row, reason }),
  });
  for (const [i, cells] of rows.entries()) {
    if (i === 0) continue;
    const row = i + 1;
    if (cells.every((c) => c.trim() === '')) continue;
    const [contract = '', month = '', period = '', dayType = '', value = ''] = cells.map((c) => c.trim());
    if (cells.length < 5) return refuse(row, 'expected 5 columns');
    if (!contract) return refuse(row, 'the contract is missing');
    if (!MONTH.test(month)) return refuse(row, `month '${month}' is not written yyyy-MM`);
    const p = touPeriodNamed(period);
    if (!p) return refuse(row, `unknown period '${period}'`);
    const d = touDayTypeNamed(dayType);
    if (!d) return refuse(row, `unknown day type '${dayType}'`);
    if (!DECIMAL.test(value)) return refuse(row, `rate '${value}' is not a decimal number`);
    const key = `${contract.toLowerCase()}|${month}|${p.id}|${d.id}`;
    if (seen.has(key)) return refuse(row, 'the same contract, month, period and day type appear twice');
    seen.add(key);
    rates.push({ contract, month, periodId: p.id, daytypeId: d.id, contractedRate: Number(value) });
  }
  if (rates.length === 0) return { ok: false, row: 0, reason: MSG.ratesEmpty };
  return { ok: true, rates };
}
