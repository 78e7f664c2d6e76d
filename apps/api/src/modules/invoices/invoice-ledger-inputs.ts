import type { InvoiceRow } from './invoices.queries';

/** What a save writes of the fields the ledger reads from an invoice and its meter's row. */
export interface LedgerFields {
  invoiceDate: string | null;
  dateFrom: string;
  dateTill: string;
  estimated: boolean;
  costExclTax: string;
  unitId: number;
  consumption: number;
}

/**
 * Whether a save of an existing invoice leaves every input of its meters' ledger as it was, so the recompute
 * would write the facts already stored (docs/decisions/performance.md, A save that changes no figure). The
 * ledger reads an invoice's dates, estimate, cost excluding tax, kind, bill type and reversals, and each of its
 * meters' unit, consumption, multiplier and sharing (`loadLedger`); a save changes none of the kind, bill type,
 * reversals, meters, multiplier or sharing of an existing invoice, so the fields below decide. Any doubt
 * (a number not read back exactly) answers false, and the recompute runs.
 */
export function sameLedgerInputs(existing: InvoiceRow, saved: LedgerFields): boolean {
  return (
    existing.invoiceDate === saved.invoiceDate &&
    existing.dateFrom === saved.dateFrom &&
    existing.dateTill === saved.dateTill &&
    existing.estimated === saved.estimated &&
    existing.costExclTax === saved.costExclTax &&
    existing.unitId === saved.unitId &&
    existing.consumption !== null &&
    Number(existing.consumption) === saved.consumption
  );
}
