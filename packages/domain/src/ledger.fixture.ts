import {
  computeLedger,
  type FactorSet,
  type FactRow,
  type InvoiceDoc,
  type LedgerInput,
  type LedgerMeter,
  type Timelines,
} from './ledger';

/** Builders for the ledger's worked examples (docs/domain.md, The energy ledger): a meter, an invoice, an input. */

export const always = (rate: number, versionId?: number) => [
  { from: '2000-01-01', till: null, rate, versionId },
];
export const plain = (fallback: Timelines, own?: Timelines): FactorSet => ({
  kind: 'plain',
  factors: { fallback, own },
});
export const electricity = plain({ s2Location: always(0.1) });

export const meter = (over: Partial<LedgerMeter> = {}): LedgerMeter => ({
  id: 1,
  meterType: 2,
  metlvlId: 1,
  ...over,
});

export function invoice(over: Partial<InvoiceDoc> & { id: number; from: string; till: string }): InvoiceDoc {
  return {
    invoiceDate: over.till,
    kind: 'normal',
    carriesConsumption: true,
    reverses: [],
    costCents: 0,
    meters: [],
    ...over,
  };
}
export const one = (consumption: number, meterId = 1) => [
  { meterId, multiplier: 1, sharing: null, consumption, conversionToStandard: 1 },
];

export function input(over: Partial<LedgerInput>): LedgerInput {
  return {
    meter: meter(),
    invoices: [],
    consumptionRecords: [],
    transactions: [],
    fuelPurchases: [],
    registerDays: [],
    factors: electricity,
    today: '2026-11-21',
    ...over,
  };
}

export const round = (n: number) => Math.round(n * 1e6) / 1e6;
export const brief = (rows: FactRow[]) =>
  rows.map((r) => ({
    month: r.month,
    q: round(r.quantityStd),
    cents: r.costCents,
    s2: round(r.co2e.s2Location),
    covered: r.daysCovered,
    costed: r.daysCosted,
    factored: r.daysFactored,
  }));
export const facts = (over: Partial<LedgerInput>) => computeLedger(input(over)).facts;
