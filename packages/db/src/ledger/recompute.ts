import {
  computeLedger,
  type FactorPeriod,
  type FactorSet,
  type LedgerInput,
  type Timelines,
} from '@verdant/domain/ledger';
import type { DbOrTx, Tx } from '../client';
import type { monthlyFacts } from '../schema/inputs';
import { inTransaction, lockMeters } from './lock';
import { clearPending } from './pending';
import * as q from './queries';
import { replaceFacts } from './rollup';

/**
 * Recomputes the monthly facts of the given meters from all of their inputs, inside the caller's
 * transaction, so a write and the facts it changes commit together (given the pool, it opens its own). A
 * whole meter is recomputed: a meter has a few hundred input rows at most apart from half-hour days, which
 * arrive pre-summed per day. The meters stay locked until the transaction ends (see lockMeters).
 */
export async function recomputeFacts(
  db: DbOrTx,
  meterIds: readonly number[],
  today = new Date().toISOString().slice(0, 10),
) {
  const unique = [...new Set(meterIds)];
  if (unique.length === 0) return;
  await inTransaction(db, (tx) => recomputeLocked(tx, unique, today));
}

async function recomputeLocked(db: Tx, unique: number[], today: string) {
  const locked = await lockMeters(db, unique);
  const meters = await q.loadMeters(db, unique);
  const dataTypeIds = [...new Set(meters.flatMap((m) => (m.energy_id === null ? [] : [m.energy_id])))];
  const components = await q.loadComponents(db, dataTypeIds);
  const allTypes = [...new Set([...dataTypeIds, ...components.map((c) => c.component_id)])];
  const sourceIds = [...new Set(meters.flatMap((m) => (m.source_id === null ? [] : [m.source_id])))];
  const { factors, defaultSourceId } = await q.loadFactors(db, allTypes, sourceIds);
  const inputs = await q.loadInputs(db, unique);

  const byMeter = <T extends { meter_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) map.set(r.meter_id, [...(map.get(r.meter_id) ?? []), r]);
    return (id: number) => map.get(id) ?? [];
  };
  const invoices = byMeter(inputs.invoices);
  const records = byMeter(inputs.records);
  const transactions = byMeter(inputs.transactions);
  const fuel = byMeter(inputs.fuel);
  const halfHours = byMeter(inputs.halfHours);
  const cents = (money: string | null) => (money === null ? 0 : Math.round(Number(money) * 100));

  const rows: (typeof monthlyFacts.$inferInsert)[] = [];
  for (const m of meters) {
    if (m.energy_id === null) continue;
    const timelines = (dataTypeId: number) => timelinesFor(factors, dataTypeId, m.source_id, defaultSourceId);
    const parts = components.filter((c) => c.composite_id === m.energy_id);
    const factorSet: FactorSet =
      parts.length > 0
        ? {
            kind: 'composite',
            components: parts.map((c) => ({
              percentage: Number(c.percentage),
              conversion: 1,
              factors: { fallback: timelines(c.component_id) },
            })),
          }
        : { kind: 'plain', factors: { fallback: timelines(m.energy_id) } };
    const conversionToStandard = m.conversion === null ? 1 : Number(m.conversion);
    const input: LedgerInput = {
      meter: {
        id: m.id,
        meterType: m.meter_type,
        metlvlId: m.metlvl_id,
        openDate: m.meter_open,
        closeDate: m.meter_close,
      },
      invoices: invoices(m.id)
        .filter((i) => !i.reversed)
        .map((i) => ({
          id: i.id,
          invoiceDate: i.invoice_date ?? i.date_till,
          from: i.date_from,
          till: i.date_till,
          kind: 'normal',
          carriesConsumption: true,
          reverses: [],
          estimated: i.estimated,
          costCents: cents(i.cost),
          meters: [
            {
              meterId: m.id,
              multiplier: 1,
              sharing: null,
              consumption: Number(i.quantity),
              conversionToStandard,
            },
          ],
        })),
      consumptionRecords: records(m.id).map((r) => ({
        from: r.date_from,
        till: r.date_till,
        quantity: Number(r.quantity),
        conversionToStandard,
      })),
      transactions: transactions(m.id).map((t) => ({
        date: t.date,
        quantity: Number(t.quantity),
        conversionToStandard,
        costCents: t.cost === null ? null : cents(t.cost),
      })),
      fuelPurchases: fuel(m.id).map((t) => ({
        date: t.date,
        quantity: Number(t.quantity),
        conversionToStandard,
        costCents: cents(t.cost),
      })),
      registerDays: halfHours(m.id).map((h) => ({
        date: h.date,
        direction: 'import',
        quantity: 'kWh',
        total: Number(h.kwh),
      })),
      factors: factorSet,
      today,
    };
    for (const f of computeLedger(input).facts) {
      rows.push({
        organisationId: m.organisation_id,
        meterId: m.id,
        month: f.month,
        energyId: m.energy_id,
        countsInTotals: m.metlvl_id === 1,
        quantityStd: micro(f.quantityStd),
        cost: (f.costCents / 100).toFixed(2),
        co2eScope1: micro(f.co2e.s1),
        co2eScope2: micro(f.co2e.s2Location),
        co2eScope3: micro(f.co2e.s3),
        daysCovered: f.daysCovered,
        estimated: f.estimated,
      });
    }
  }
  await replaceFacts(
    db,
    unique,
    locked.map((m) => m.organisation_id),
    rows,
  );
  await clearPending(db, locked);
}

/** Daily shares add float noise (49.999999999999964); a millionth of a unit is far below any report. */
const micro = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The factor timelines for one data type: the organisation's own source where it has factors for that
 * scope, else the default source (domain.md: a factor its own set lacks falls back to the default).
 */
function timelinesFor(
  factors: q.FactorRow[],
  dataTypeId: number,
  sourceId: number | null,
  defaultSourceId: number | null,
): Timelines {
  const result: Timelines = {};
  const keys = { 1: 's1', 2: 's2Location', 3: 's3' } as const;
  for (const scope of [1, 2, 3] as const) {
    const of = (source: number | null) =>
      factors.filter((f) => f.data_type_id === dataTypeId && f.scope === scope && f.source_id === source);
    const own = sourceId !== null && sourceId !== defaultSourceId ? of(sourceId) : [];
    const chosen = own.length > 0 ? own : of(defaultSourceId);
    if (chosen.length > 0) {
      result[keys[scope]] = chosen.map(
        (f): FactorPeriod => ({ from: f.start_date, till: f.end_date, rate: Number(f.rate) }),
      );
    }
  }
  return result;
}
