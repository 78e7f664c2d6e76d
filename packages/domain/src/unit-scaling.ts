import { UNIT_SCALING_THRESHOLD } from './constants';

/** The unit of money figures; money is never scaled, always two decimals. */
export const MONEY_UNIT = '$';

const PREFIXES = ['', 'k', 'M', 'G', 'T', 'P'] as const;
/** Mass from the megagram up is named in tonnes: Mg is shown as t, Gg as kt, and so on. */
const TONNES: Record<string, string> = { M: 't', G: 'kt', T: 'Mt', P: 'Gt' };
/**
 * Units that take an SI prefix: energy, power, volume in litres and mass, with an optional qualifier after
 * a space ('kg CO2e'). Anything else (m3, km, $) keeps its unit, since a prefix would change its meaning.
 */
const PREFIXABLE = /^([kMGTP]?)(Wh|J|W|L|g)(\s.*)?$/;
const TONNE = /^t(\s.*)?$/;
/** Scaled figures keep about three significant digits; whole digits are never rounded away. */
const SIGNIFICANT_DIGITS = 3;
const MAX_DECIMALS = 2;

export interface Scale {
  /** What the figure is divided by before it is shown. */
  divisor: number;
  /** The unit of the divided figure. */
  unit: string;
}

interface PrefixedUnit {
  index: number;
  base: string;
  qualifier: string;
}

function parseUnit(unit: string): PrefixedUnit | null {
  const tonne = TONNE.exec(unit);
  if (tonne) return { index: PREFIXES.indexOf('M'), base: 'g', qualifier: tonne[1] ?? '' };
  const match = PREFIXABLE.exec(unit);
  if (!match) return null;
  return {
    index: PREFIXES.indexOf((match[1] ?? '') as (typeof PREFIXES)[number]),
    base: match[2] ?? '',
    qualifier: match[3] ?? '',
  };
}

function unitName({ index, base, qualifier }: PrefixedUnit): string {
  const prefix = PREFIXES[index] ?? '';
  const tonnes = base === 'g' ? TONNES[prefix] : undefined;
  return `${tonnes ?? prefix + base}${qualifier}`;
}

/**
 * How to show a figure of `size` in `unit`: while it is above 10000 it moves up one prefix (a division by
 * 1000), as far as P. Money and units without a prefix are never scaled.
 */
export function scaleFor(size: number, unit: string): Scale {
  const parsed = parseUnit(unit);
  if (!parsed || !Number.isFinite(size)) return { divisor: 1, unit };
  let index = parsed.index;
  let divisor = 1;
  let rest = Math.abs(size);
  while (rest > UNIT_SCALING_THRESHOLD && index < PREFIXES.length - 1) {
    rest /= 1000;
    divisor *= 1000;
    index += 1;
  }
  return { divisor, unit: unitName({ ...parsed, index }) };
}

const formatters = new Map<number, Intl.NumberFormat>();
function formatterFor(decimals: number, fixed: boolean): Intl.NumberFormat {
  const key = fixed ? -1 - decimals : decimals;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: fixed ? decimals : 0,
      maximumFractionDigits: decimals,
      signDisplay: 'negative',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A plain number with thousands separators and about three significant digits: 12.345 -> '12.3',
 * 1234.5 -> '1,235', 0.456 -> '0.46'. Trailing zeros are dropped and a figure that rounds to zero has no sign.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const size = Math.abs(value);
  const wholeDigits = size < 1 ? 1 : Math.floor(Math.log10(size)) + 1;
  const decimals = Math.min(MAX_DECIMALS, Math.max(0, SIGNIFICANT_DIGITS - wholeDigits));
  return formatterFor(decimals, false).format(value);
}

/** Money: '$' with thousands separators and two decimals; '-$1,234.50' when negative. */
export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) return '';
  const cents = Math.round(value * 100);
  const sign = cents < 0 ? '-' : '';
  return `${sign}${MONEY_UNIT}${formatterFor(2, true).format(Math.abs(cents) / 100)}`;
}

/** A figure with its unit, scaled above 10000: 12345 kWh -> '12.3 MWh', 25000 kg CO2e -> '25 t CO2e'. */
export function formatQuantity(value: number, unit: string): string {
  if (unit === MONEY_UNIT) return formatMoney(value);
  const scale = scaleFor(value, unit);
  const number = formatNumber(value / scale.divisor);
  return scale.unit ? `${number} ${scale.unit}` : number;
}

/**
 * Ticks of a chart axis share one scale, chosen from the largest figure on it, so the axis names the unit
 * once. Money ticks keep '$' and drop the cents (ticks are round figures, not amounts to read to the cent).
 */
export function axisScale(largest: number, unit: string): Scale & { format: (value: number) => string } {
  if (unit === MONEY_UNIT) {
    return {
      divisor: 1,
      unit,
      format: (value) => `${value < 0 ? '-' : ''}${MONEY_UNIT}${formatNumber(Math.abs(value))}`,
    };
  }
  const scale = scaleFor(largest, unit);
  return { ...scale, format: (value) => formatNumber(value / scale.divisor) };
}

/**
 * One unit for a whole table column (docs/decisions/formats.md, "One unit per column"): the scale its largest
 * figure needs, named once in the header ('Consumption (MWh)'); each cell is a bare number in that unit.
 */
export function columnScale(values: readonly (number | null | undefined)[], unit: string) {
  return axisScale(Math.max(0, ...values.map((v) => Math.abs(v ?? 0))), unit);
}

/** A percentage with one decimal: '25.0%'; with `signed`, increases carry '+'. Zero never has a sign. */
export function formatPercent(value: number, { signed = false, decimals = 1 } = {}): string {
  if (!Number.isFinite(value)) return '';
  const text = formatterFor(decimals, true).format(value);
  const isZero = Number(text.replace(/[^0-9.]/g, '')) === 0;
  if (isZero) return `${formatterFor(decimals, true).format(0)}%`;
  return `${signed && value > 0 ? '+' : ''}${text}%`;
}

/** The change from `before` to `now` in percent, or null when there is nothing to compare with. */
export function percentChange(now: number, before: number): number | null {
  if (before === 0 || !Number.isFinite(now) || !Number.isFinite(before)) return null;
  return ((now - before) / Math.abs(before)) * 100;
}
