/** Text helpers the CSV formats share; pure, so the web app may use them too. */

/** A header or value compared loosely: case, spaces and punctuation aside. */
export const loose = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9$]+/g, ' ')
    .trim();

/**
 * A number as files write it: an optional sign, digits with an optional decimal point, an optional exponent;
 * thousands separators (1,234.5) and currency signs are allowed. Null when the text is not a number.
 */
export function parseNumber(text: string): number | null {
  const clean = text.replace(/[\s$]/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(clean)) return null;
  const value = Number(clean);
  return Number.isFinite(value) ? value : null;
}
