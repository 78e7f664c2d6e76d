/**
 * Reading an invoice PDF's text with a retailer's template (docs/decisions/email-intake.md, Templates): each
 * field is a regular expression whose first group is the value; `line` is applied to every line and gives a
 * description and an amount. Pure: the worker extracts the text, this finds the fields.
 */
export const TEMPLATE_FIELDS = [
  'identify',
  'account',
  'invoiceNumber',
  'invoiceDate',
  'dateFrom',
  'dateTill',
  'consumption',
  'gst',
  'totalPayable',
  'line',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export type TemplatePatterns = Partial<Record<TemplateField, string>>;

/** Without these an invoice cannot be saved: a template that misses one leaves the item parked (unknown layout). */
export const REQUIRED_FIELDS = ['account', 'invoiceNumber', 'dateFrom', 'dateTill', 'totalPayable'] as const;

export interface TemplateRead {
  /** What each pattern found (null: it found nothing; a line pattern: how many lines). */
  found: Partial<Record<TemplateField, string | null>>;
  lines: { description: string; amount: string }[];
  missing: string[];
  /** Lines plus GST make the total payable, to the cent. */
  totalsAddUp: boolean | null;
  /** A pattern that is not a regular expression, with the error. */
  invalid: { field: string; error: string }[];
}

/** The text as the template sees it: one line per text line, runs of spaces as one space. */
export function normaliseText(text: string): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}

/** An amount as printed ($1,234.50, 1 234,50 is not read) as dollars with two decimals, or null. */
export function amountOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(clean)) return null;
  return (Math.round(Number(clean) * 100) / 100).toFixed(2);
}

/** A date as printed (yyyy-MM-dd or dd/MM/yyyy) as yyyy-MM-dd, or null. */
export function dateOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const nz = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (nz) return `${nz[3]}-${nz[2]?.padStart(2, '0')}-${nz[1]?.padStart(2, '0')}`;
  return null;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** Compiles a template's pattern, or the error that stops it. */
export function compile(pattern: string, flags = 'm'): RegExp | string {
  try {
    return new RegExp(pattern, flags);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Applies a template's patterns to a document's text. */
export function readWithTemplate(rawText: string, patterns: TemplatePatterns): TemplateRead {
  const text = normaliseText(rawText);
  const found: TemplateRead['found'] = {};
  const invalid: TemplateRead['invalid'] = [];
  let lines: TemplateRead['lines'] = [];
  for (const field of TEMPLATE_FIELDS) {
    const pattern = patterns[field];
    if (!pattern) continue;
    const re = compile(pattern, field === 'line' ? 'gm' : 'm');
    if (typeof re === 'string') {
      invalid.push({ field, error: re });
      found[field] = null;
      continue;
    }
    if (field === 'line') {
      lines = [...text.matchAll(re)].flatMap((m) => {
        const amount = amountOf(m[2]);
        return m[1] && amount !== null ? [{ description: m[1].trim(), amount }] : [];
      });
      found.line = lines.length > 0 ? `${lines.length} lines` : null;
      continue;
    }
    const m = re.exec(text);
    found[field] = m ? (m[1] ?? m[0]).trim() : null;
  }
  const missing: string[] = REQUIRED_FIELDS.filter((f) => !found[f]);
  if (patterns.line && lines.length === 0) missing.push('line');
  const total = amountOf(found.totalPayable);
  const gst = amountOf(found.gst) ?? '0.00';
  const totalsAddUp =
    total === null || lines.length === 0
      ? null
      : lines.reduce((s, l) => s + cents(l.amount), 0) + cents(gst) === cents(total);
  return { found, lines, missing, totalsAddUp, invalid };
}

/** Whether a sender is one of a list of addresses and '@domain' suffixes (case does not matter). */
export function senderMatches(sender: string, allowed: readonly string[]): boolean {
  const s = sender.trim().toLowerCase();
  return allowed.some((a) => {
    const rule = a.trim().toLowerCase();
    return rule.startsWith('@') ? s.endsWith(rule) : s === rule;
  });
}

/** Whether a template answers for a document: its senders name the sender, or its `identify` finds the text. */
export function recognises(
  template: { senders: readonly string[]; patterns: TemplatePatterns },
  sender: string,
  text: string,
): boolean {
  if (template.senders.length > 0 && senderMatches(sender, template.senders)) return true;
  if (!template.patterns.identify) return false;
  const re = compile(template.patterns.identify);
  return typeof re !== 'string' && re.test(normaliseText(text));
}
