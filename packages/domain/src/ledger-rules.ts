import type { InvoiceDoc, RegisterDirection, RegisterQuantity } from './ledger';

/**
 * The rules that refuse bad ledger input: each returns null when the input is fine,
 * else the message to show. The services call them before writing, so a refused input changes nothing.
 */

export const LEDGER_MSG = {
  reversalWithoutInvoices:
    'There is no invoice for these meters between {from} and {till} for this reversal to reverse.',
  reversalLinksOutside: 'Invoice {id} is not one of these meters’ invoices in the reversed period.',
  sharingOver100: 'The sharing of an invoice’s meters adds up to {total}%; it cannot be more than 100%.',
  sharingNegative: 'A sharing must be between 0% and 100%.',
  unitOfAnotherType: 'The unit {unit} belongs to {unitType}, not to this data source’s {dataType}.',
  registerDirection: 'Register {register} has an unknown direction {direction}: use import or export.',
  registerQuantity: 'Register {register} has an unknown quantity {quantity}: use kWh or kVArh.',
  invoiceWithoutMeters: 'An invoice needs at least one data source.',
  invoicePeriod: 'Date from must be before date till',
} as const;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));

/** The invoices a new document could reverse: the other invoices of its meters. */
export type InvoiceStub = Pick<InvoiceDoc, 'id' | 'from' | 'till'> & { meterIds: number[] };

/** An invoice document before it is written: its period, meters and sharing, and what it reverses. */
export function checkInvoice(
  doc: Pick<InvoiceDoc, 'from' | 'till' | 'kind' | 'reverses' | 'meters'>,
  existing: InvoiceStub[],
): string | null {
  if (doc.till < doc.from) return LEDGER_MSG.invoicePeriod;
  if (doc.meters.length === 0) return LEDGER_MSG.invoiceWithoutMeters;
  if (doc.meters.some((m) => m.sharing !== null && (m.sharing < 0 || m.sharing > 100))) {
    return LEDGER_MSG.sharingNegative;
  }
  const total = doc.meters.reduce((sum, m) => sum + (m.sharing ?? 0), 0);
  if (total > 100 + 1e-9) return fill(LEDGER_MSG.sharingOver100, { total: Number(total.toFixed(4)) });
  if (doc.kind === 'reversal' || doc.kind === 'replacement') {
    const meterIds = new Set(doc.meters.map((m) => m.meterId));
    const inPeriod = existing.filter(
      (e) => e.meterIds.some((id) => meterIds.has(id)) && e.from <= doc.till && doc.from <= e.till,
    );
    if (doc.kind === 'reversal' && inPeriod.length === 0) {
      return fill(LEDGER_MSG.reversalWithoutInvoices, { from: doc.from, till: doc.till });
    }
    const allowed = new Set(inPeriod.map((e) => e.id));
    const outside = doc.reverses.find((id) => !allowed.has(id));
    if (outside !== undefined) return fill(LEDGER_MSG.reversalLinksOutside, { id: outside });
  }
  return null;
}

/** A unit must belong to the data source's data type (an input's unit, or a meter's new unit). */
export function checkUnit(
  unit: { name: string; dataTypeId: number; dataTypeName?: string },
  dataType: { id: number; name?: string },
): string | null {
  if (unit.dataTypeId === dataType.id) return null;
  return fill(LEDGER_MSG.unitOfAnotherType, {
    unit: unit.name,
    unitType: unit.dataTypeName ?? `data type ${unit.dataTypeId}`,
    dataType: dataType.name ?? `data type ${dataType.id}`,
  });
}

export const isDirection = (d: string): d is RegisterDirection => d === 'import' || d === 'export';
export const isRegisterQuantity = (q: string): q is RegisterQuantity => q === 'kWh' || q === 'kVArh';

/** A half-hour register must say whether it imports or exports, and what it measures. */
export function checkRegister(register: {
  register: number;
  direction: string;
  quantity: string;
}): string | null {
  if (!isDirection(register.direction)) return fill(LEDGER_MSG.registerDirection, register);
  if (!isRegisterQuantity(register.quantity)) return fill(LEDGER_MSG.registerQuantity, register);
  return null;
}
