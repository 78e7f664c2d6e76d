import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

const ids = (meterIds: readonly number[]) =>
  sql`(${sql.join(
    meterIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;

export type LedgerMeterRow = {
  id: number;
  organisation_id: number;
  meter_type: number;
  metlvl_id: number;
  energy_id: number | null;
  conversion: string | null;
  meter_open: string | null;
  meter_close: string | null;
  source_id: number | null;
};

export async function loadMeters(db: DbOrTx, meterIds: readonly number[]) {
  const rows = await db.execute<LedgerMeterRow>(sql`
    select m.id, m.organisation_id, m.meter_type, m.metlvl_id, m.energy_id, u.conversion_to_standard as conversion,
      m.meter_open, m.meter_close, o.emission_factor_data_source_id as source_id
    from meters m
    join organisations o on o.id = m.organisation_id
    left join units u on u.id = m.unit_id
    where m.id in ${ids(meterIds)} and m.deleted_at is null`);
  return rows.rows;
}

type Period = {
  id: number;
  meter_id: number;
  invoice_date: string | null;
  date_from: string;
  date_till: string;
  quantity: string;
  cost: string;
  estimated: boolean;
  reversed: boolean;
};
type Dated = { meter_id: number; date: string; quantity: string; cost: string | null };

export async function loadInputs(db: DbOrTx, meterIds: readonly number[]) {
  // One after another: inside a transaction they share one connection.
  const invoices =
    await db.execute<Period>(sql`select id, meter_id, invoice_date, date_from, date_till, consumption as quantity,
    cost_excl_tax as cost, estimated, reversed from invoices where meter_id in ${ids(meterIds)}`);
  const records =
    await db.execute<Period>(sql`select id, meter_id, null as invoice_date, date_from, date_till, units as quantity, '0' as cost,
    false as estimated, false as reversed from consumption_records where meter_id in ${ids(meterIds)}`);
  const transactions = await db.execute<Dated>(sql`select meter_id, tx_date as date, quantity, cost
    from transactions where meter_id in ${ids(meterIds)}`);
  const fuel = await db.execute<Dated>(sql`select meter_id, purchase_date as date, quantity, cost
    from fuel_purchases where meter_id in ${ids(meterIds)} and not incorrect_fuel`);
  const halfHours = await db.execute<{ meter_id: number; date: string; kwh: number }>(sql`select meter_id,
    read_date as date, sum(day_kwh) as kwh from half_hour_days where meter_id in ${ids(meterIds)} group by meter_id, read_date`);
  return {
    invoices: invoices.rows,
    records: records.rows,
    transactions: transactions.rows,
    fuel: fuel.rows,
    halfHours: halfHours.rows,
  };
}

export type FactorRow = {
  data_type_id: number;
  source_id: number;
  scope: 1 | 2 | 3;
  rate: string;
  start_date: string;
  end_date: string | null;
};

/** Composite components of the given data types (empty for plain ones). */
export async function loadComponents(db: DbOrTx, dataTypeIds: readonly number[]) {
  if (dataTypeIds.length === 0) return [];
  const rows = await db.execute<{ composite_id: number; component_id: number; percentage: string }>(sql`
    select composite_id, component_id, percentage from composite_components where composite_id in ${ids(dataTypeIds)}`);
  return rows.rows;
}

/** Factors of the given data types in the default source and in the given sources. */
export async function loadFactors(db: DbOrTx, dataTypeIds: readonly number[], sourceIds: readonly number[]) {
  if (dataTypeIds.length === 0) return { factors: [] as FactorRow[], defaultSourceId: null as number | null };
  const factors = await db.execute<FactorRow>(sql`
    select f.data_type_id, f.source_id, f.scope, f.rate, f.start_date, f.end_date
    from emission_factors f join emission_factor_sources s on s.id = f.source_id
    where f.data_type_id in ${ids(dataTypeIds)}
      and (s.is_default ${sourceIds.length > 0 ? sql`or f.source_id in ${ids(sourceIds)}` : sql``})
    order by f.start_date`);
  const source = await db.execute<{ id: number }>(
    sql`select id from emission_factor_sources where is_default order by id limit 1`,
  );
  return { factors: factors.rows, defaultSourceId: source.rows[0]?.id ?? null };
}
