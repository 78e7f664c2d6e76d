import type {
  InvoiceAlert,
  InvoiceInput,
  InvoiceItem,
  InvoicePage,
  SaveResult,
} from '@verdant/contracts/invoices/entry';
import type { DbOrTx } from '@verdant/db/client';
import { type InvoiceInput as ArithmeticInput, invoiceTotals } from '@verdant/domain/invoices/arithmetic';
import { chargeTypeById } from '@verdant/domain/invoices/charge-types';
import { formatMoney, toCents } from '@verdant/domain/invoices/money';
import { fill, MSG } from '@verdant/domain/messages';

/** What invoice entry's reads and saves share: the services it is given, and the invoice's arithmetic. */

export type AlertOut = { id: number | null; details: string; reportStatus: number | null; meterId?: number };
/**
 * Evaluates (and unless dryRun stores) the bill-audit alerts of invoices: evaluateInvoiceAlerts of
 * invoice-alerts (docs/architecture.md, Bill audit).
 */
export type AlertEvaluator = (
  tx: DbOrTx,
  organisationId: number,
  invoiceIds: readonly number[],
  options: { dryRun: boolean },
) => Promise<AlertOut[]>;
/**
 * The invoice's period and consumption beside the data source's half-hour data (docs/decisions/invoices.md,
 * Half-hour check on the invoice page).
 */
export type HalfHourChecker = (
  tx: DbOrTx,
  organisationId: number,
  meterId: number,
  invoice: { dateFrom: string | null; dateTill: string | null; unitId: number; consumption: number },
) => Promise<InvoicePage['halfHourCheck']>;
/** The direct links of invoices' files (the invoice files part): the original PDF's is the header's link. */
export type FileLinks = (
  tx: DbOrTx,
  organisationId: number,
  invoiceIds: number[],
) => Promise<Map<number, { pdf: string | null }>>;
/** The stored alerts of invoices (the Alerts raised table). */
export type StoredAlerts = (
  db: DbOrTx,
  organisationId: number,
  invoiceIds: readonly number[],
) => Promise<AlertOut[]>;

export const alertOf = (a: AlertOut): InvoiceAlert => ({
  id: a.id,
  details: a.details,
  reportStatus: a.reportStatus,
});

export const ELECTRICITY_ICP_TYPES = new Set([13, 14]);
export const cents = (dollars: string | null | undefined) => toCents(dollars ?? '0') ?? 0;
export const num = (v: string | null) => (v === null ? null : Number(v));
export class DryRun extends Error {
  constructor(readonly result: SaveResult) {
    super('dry run');
  }
}

export function arithmeticOf(
  body: Pick<
    InvoiceInput,
    'items' | 'itemTotalsIncludeTax' | 'discountAfterTax' | 'taxPercentage' | 'openingBalance'
  >,
): ArithmeticInput {
  return {
    items: body.items.map((it) => ({
      category: it.category,
      rate: it.rate,
      units: it.units,
      factor: it.factor,
      repeat: it.repeat,
      totalCents: it.total === null ? null : cents(it.total),
      taxExempt: chargeTypeById(it.chargeTypeId)?.taxExempt ?? false,
    })),
    itemsIncludeTax: body.itemTotalsIncludeTax,
    discountAfterTax: body.itemTotalsIncludeTax ? false : body.discountAfterTax,
    taxPercentage: body.taxPercentage,
    openingBalanceCents: cents(body.openingBalance),
  };
}

/** The alerts the arithmetic raises: items adjusted by more than 1% from their calculated totals. */
export function arithmeticAlerts(items: InvoiceItem[], input: ArithmeticInput): InvoiceAlert[] {
  const totals = invoiceTotals(input);
  return totals.items.flatMap((r, i) =>
    r.arithmeticError
      ? [
          {
            id: null,
            reportStatus: null,
            details: fill(MSG.invoiceArithmeticAlert, {
              description:
                items[i]?.description || chargeTypeById(items[i]?.chargeTypeId ?? 0)?.name || 'Item',
              total: formatMoney(r.totalCents),
              calculated: formatMoney(r.calculatedCents ?? 0),
            }),
          },
        ]
      : [],
  );
}
