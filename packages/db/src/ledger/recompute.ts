import {
  computeLedger,
  countsIn,
  type FactorChoice,
  type FactorSet,
  type InvoiceDoc,
  type LedgerInput,
  type LedgerMeter,
} from '@verdant/domain/ledger';
import type { MarketInstruments } from '@verdant/domain/scope2-market';
import { todayIn } from '@verdant/domain/time-zone';
import type { DbOrTx, Tx } from '../client';
import type { monthlyFacts } from '../schema/ledger';
import { defaultTimelines, editionWindowsBy, ownTimelines } from './factor-timelines';
import { inTransaction, lockMeters } from './lock';
import { clearPending } from './pending';
import * as q from './queries';
import { replaceFacts } from './rollup';

/**
 * Recomputes the monthly facts of the given meters from all of their inputs, inside the caller's
 * transaction, so a write and the facts it changes commit together (given the pool, it opens its own). A
 * whole meter is recomputed: a meter has a few hundred input rows at most apart from half-hour days, which
 * arrive pre-summed per day. The meters stay locked until the transaction ends (see lockMeters).
 *
 * `at` is the moment the facts are as of: an instant (a service's clock), which each meter's organisation
 * turns into its own today in its time zone, or a day ('yyyy-MM-dd', a seed's or a test's fixed today).
 * Left out, it is now. Never a day taken from UTC: facts of an event-based meter's current month count the
 * days up to today, and a UTC day is yesterday in New Zealand's morning (docs/decisions/security.md, "Facts
 * as of the organisation's day").
 */
export async function recomputeFacts(db: DbOrTx, meterIds: readonly number[], at?: string | Date) {
  const unique = [...new Set(meterIds)];
  if (unique.length === 0) return;
  await inTransaction(db, (tx) => recomputeLocked(tx, unique, at, undefined));
}

/**
 * recomputeFacts for meters of one organisation, the caller's: every statement reads and writes that
 * organisation's rows alone, so one shard answers it (docs/scaling.md, Shard readiness). A meter of another
 * organisation in the list is left as it is.
 */
export async function recomputeOrganisationFacts(
  db: DbOrTx,
  organisationId: number,
  meterIds: readonly number[],
  at?: string | Date,
) {
  const unique = [...new Set(meterIds)];
  if (unique.length === 0) return;
  await inTransaction(db, (tx) => recomputeLocked(tx, unique, at, organisationId));
}

async function recomputeLocked(
  db: Tx,
  unique: number[],
  at: string | Date | undefined,
  organisationId: number | undefined,
) {
  const locked = await lockMeters(db, unique, organisationId);
  // Read after the lock, in one statement: the meters, their factors, their inputs and their stored facts.
  const loaded = await q.loadLedger(db, unique, organisationId);
  const rows = factRows(loaded, at);
  await replaceFacts(
    db,
    unique,
    locked.map((m) => m.organisation_id),
    rows,
    loaded.stored,
  );
  await clearPending(db, locked);
}

/**
 * The facts of the loaded meters as the ledger computes them, without writing anything: the recompute writes
 * them, a restatement's preview compares them with the stored ones.
 */
export function factRows(loaded: Awaited<ReturnType<typeof q.loadLedger>>, at: string | Date | undefined) {
  const { meters, inputs } = loaded;
  const factorSetOf = factorSetsOf(loaded);

  const byMeter = <T extends { meter_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) {
      const list = map.get(r.meter_id);
      if (list) list.push(r);
      else map.set(r.meter_id, [r]);
    }
    return (id: number) => map.get(id) ?? [];
  };
  const invoiceMeters = new Map<number, q.InvoiceMeterRow[]>();
  for (const r of inputs.invoiceMeters)
    invoiceMeters.set(r.invoice_id, [...(invoiceMeters.get(r.invoice_id) ?? []), r]);
  const docs: InvoiceDoc[] = inputs.invoices.map((i) => ({
    id: i.id,
    invoiceDate: i.invoice_date ?? i.date_till,
    from: i.date_from,
    till: i.date_till,
    kind: i.kind,
    carriesConsumption: i.carries_consumption,
    reverses: i.reverses.map(Number),
    estimated: i.estimated,
    costCents: cents(i.cost),
    meters: (invoiceMeters.get(i.id) ?? []).map((r) => ({
      meterId: r.meter_id,
      multiplier: Number(r.multiplier),
      sharing: r.sharing === null ? null : Number(r.sharing),
      consumption: Number(r.consumption),
      conversionToStandard: Number(r.conversion),
    })),
  }));
  // Each meter's invoices in load order, indexed once (a restatement loads thousands of meters at a time).
  const docsByMeter = new Map<number, InvoiceDoc[]>();
  for (const d of docs)
    for (const id of new Set(d.meters.map((x) => x.meterId))) {
      const list = docsByMeter.get(id);
      if (list) list.push(d);
      else docsByMeter.set(id, [d]);
    }
  const docsOf = (meterId: number) => docsByMeter.get(meterId) ?? [];
  const records = byMeter(inputs.records);
  const transactions = byMeter(inputs.transactions);
  const fuel = byMeter(inputs.fuel);
  const registerDays = byMeter(inputs.registerDays);
  const instruments = byMeter(inputs.instruments);

  const rows: (typeof monthlyFacts.$inferInsert)[] = [];
  for (const m of meters) {
    if (m.energy_id === null) continue;
    const factorSet = factorSetOf(m.organisation_id, m.energy_id);
    const meter = toLedgerMeter(m);
    const input: LedgerInput = {
      meter,
      invoices: docsOf(m.id),
      consumptionRecords: records(m.id).map((r) => ({
        from: r.date_from,
        till: r.date_till,
        quantity: Number(r.quantity),
        conversionToStandard: Number(r.conversion),
        estimated: r.estimated,
      })),
      transactions: transactions(m.id).map((t) => ({
        date: t.date,
        quantity: Number(t.quantity),
        conversionToStandard: Number(t.conversion),
        costCents: t.cost === null ? null : cents(t.cost),
      })),
      fuelPurchases: fuel(m.id).map((t) => ({
        date: t.date,
        quantity: Number(t.quantity),
        conversionToStandard: Number(t.conversion),
        costCents: cents(t.cost),
        flagged: t.flagged,
      })),
      registerDays: registerDays(m.id).map((h) => ({
        date: h.date,
        direction: h.direction,
        quantity: h.quantity,
        total: Number(h.total),
        estimated: h.estimated,
      })),
      factors: factorSet,
      market: marketInstruments(instruments(m.id)),
      today: typeof at === 'string' ? at : todayIn(m.time_zone, at),
    };
    const countsInTotals = countsIn(meter, 'cost');
    const countsConsumption = countsIn(meter, 'consumption');
    const countsEmissions = countsIn(meter, 'emissions');
    for (const f of computeLedger(input).facts) {
      rows.push({
        organisationId: m.organisation_id,
        meterId: m.id,
        month: f.month,
        energyId: m.energy_id,
        countsInTotals,
        countsConsumption,
        countsEmissions,
        quantityStd: micro(f.quantityStd),
        exportedStd: micro(f.exportedStd),
        cost: (f.costCents / 100).toFixed(2),
        co2eScope1: micro(f.co2e.s1),
        co2eScope2Location: micro(f.co2e.s2Location),
        co2eScope2Market: micro(f.co2e.s2Market),
        co2eScope3: micro(f.co2e.s3),
        marketCertificateKwh: micro(f.marketKwh.certificate),
        marketSupplierKwh: micro(f.marketKwh.supplier),
        marketResidualKwh: micro(f.marketKwh.residual),
        marketGridKwh: micro(f.marketKwh.grid),
        daysOpen: f.daysOpen,
        daysCovered: f.daysCovered,
        daysCosted: f.daysCosted,
        daysFactored: f.daysFactored,
        estimated: f.estimated,
        flagged: f.flagged,
        factorVersions: f.factorVersions,
      });
    }
  }
  return rows;
}

/**
 * The factors the ledger takes for a meter of an organisation and data type, from what loadLedger read: the
 * organisation's own sets from the dates it chose them over the default set through the editions it uses,
 * per component for a composite. A restatement's preview reads them for one meter of each organisation and type.
 */
export function factorSetsOf(
  loaded: Pick<
    Awaited<ReturnType<typeof q.loadLedger>>,
    'components' | 'factors' | 'editions' | 'policies' | 'defaultSourceId' | 'chosen'
  >,
) {
  const { components, factors, editions, policies, defaultSourceId, chosen } = loaded;
  const windowsOf = editionWindowsBy(editions, policies);
  return (organisationId: number, energyId: number): FactorSet => {
    const own = chosen.filter((c) => c.organisation_id === organisationId);
    const windows = windowsOf(organisationId);
    const choice = (dataTypeId: number): FactorChoice => ({
      own: ownTimelines(factors, dataTypeId, own, defaultSourceId),
      fallback: defaultTimelines(factors, dataTypeId, defaultSourceId, windows),
    });
    const parts = components.filter((c) => c.composite_id === energyId);
    return parts.length > 0
      ? {
          kind: 'composite',
          components: parts.map((c) => ({
            percentage: Number(c.percentage),
            conversion: Number(c.conversion),
            factors: choice(c.component_id),
          })),
        }
      : { kind: 'plain', factors: choice(energyId) };
  };
}

/** A meter row as the ledger's rules take it (its type, level, open period and reporting flags). */
export function toLedgerMeter(
  m: Pick<
    q.LedgerMeterRow,
    | 'id'
    | 'meter_type'
    | 'metlvl_id'
    | 'meter_open'
    | 'meter_close'
    | 'reporting'
    | 'reporting_source'
    | 'situation'
  >,
): LedgerMeter {
  return {
    id: m.id,
    meterType: m.meter_type,
    metlvlId: m.metlvl_id,
    openDate: m.meter_open,
    closeDate: m.meter_close,
    reporting: m.reporting,
    reportingSource: m.reporting_source,
    situation: m.situation,
  };
}

/** Daily shares add float noise (49.999999999999964); a millionth of a unit is far below any report. */
const micro = (n: number) => Math.round(n * 1e6) / 1e6;

const cents = (money: string | null) => (money === null ? 0 : Math.round(Number(money) * 100));

/** A meter's certificates and supplier-specific factors as the ledger takes them (MWh to kWh). */
function marketInstruments(rows: q.InstrumentRow[]): MarketInstruments | undefined {
  if (rows.length === 0) return undefined;
  return {
    certificates: rows
      .filter((r) => r.kind === 'certificates')
      .map((r) => ({
        from: r.date_from,
        till: r.date_till,
        kwh: Number(r.mwh) * 1000,
        rate: Number(r.rate),
      })),
    supplierFactors: rows
      .filter((r) => r.kind === 'supplier-factor')
      .map((r) => ({ from: r.date_from, till: r.date_till, rate: Number(r.rate) })),
  };
}
