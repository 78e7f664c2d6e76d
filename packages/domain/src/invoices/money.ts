/**
 * Money in integer cents (docs/decisions/invoices.md, Invoice arithmetic): parsing, rounding and formatting
 * with no float drift.
 */

/** Rounds half away from zero, after trimming float noise (0.1 * 3 = 0.30000000000000004). */
export function roundCents(value: number): number {
  const clean = Number(value.toPrecision(12));
  const rounded = Math.sign(clean) * Math.round(Math.abs(clean));
  return rounded === 0 ? 0 : rounded;
}

/** Dollars as typed or stored ('12.5', 12.5, '-3.10') to cents; null when empty, NaN or sub-cent. */
export function toCents(dollars: number | string | null | undefined): number | null {
  if (dollars === null || dollars === undefined) return null;
  const text = typeof dollars === 'number' ? String(dollars) : dollars.trim();
  if (text === '') return null;
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const decimals = match[3] ?? '';
  if (/[1-9]/.test(decimals.slice(2))) return null;
  const cents = Number(match[2] || '0') * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  return match[1] ? -cents || 0 : cents;
}

/** True when the typed dollars carry a part of a cent ('Total cannot specify a sub-cent value'). */
export function isSubCent(dollars: number | string): boolean {
  const text = String(dollars).trim();
  if (!/^-?\d*(\.\d*)?$/.test(text)) return false;
  return toCents(text) === null && /\d/.test(text);
}

/** Cents as dollars with two decimals ('1234.50'), the form the API and inputs carry. */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents for display: '$1,234.50', '-$12.00'. */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-NZ');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Numeric item inputs keep only digits, minus and dot (spec 5, Edit item total). */
export const numericInput = (text: string) => text.replace(/[^\d.-]/g, '');
