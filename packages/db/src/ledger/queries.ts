import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { monthlyFacts } from '../schema/inputs';

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

export async function deleteFacts(db: DbOrTx, meterIds: readonly number[]) {
  await db.delete(monthlyFacts).where(inArray(monthlyFacts.meterId, [...meterIds]));
}

export async function insertFacts(db: DbOrTx, rows: (typeof monthlyFacts.$inferInsert)[]) {
  // Stay well under PostgreSQL's 65535 parameters per statement.
  for (let i = 0; i < rows.length; i += 5000) await db.insert(monthlyFacts).values(rows.slice(i, i + 5000));
}

export type RollupRow = {
  organisation_id: number;
  month: string;
  energy_id: number;
  quantity: number;
  cost_cents: number;
  co2e: number;
  meters: number;
  incomplete: number;
};

/** The given meters' facts added up per organisation, month and data type. */
export async function rollupOf(db: DbOrTx, meterIds: readonly number[]): Promise<RollupRow[]> {
  const rows = await db.execute<RollupRow>(sql`
    select organisation_id, month, coalesce(energy_id, 0) as energy_id, sum(quantity_std)::float8 as quantity,
      (sum(cost) * 100)::float8 as cost_cents, sum(co2e_scope1 + co2e_scope2 + co2e_scope3)::float8 as co2e,
      count(*)::int as meters,
      count(*) filter (where days_covered < extract(day from (month + interval '1 month' - interval '1 day')))::int as incomplete
    from monthly_facts where meter_id in ${ids(meterIds)} and counts_in_totals group by 1, 2, 3`);
  return rows.rows;
}

/** Adds differences to the organisation rollup and drops rows no meter contributes to any more. */
export async function addToRollup(db: DbOrTx, deltas: RollupRow[]) {
  for (let i = 0; i < deltas.length; i += 2000) {
    const values = deltas
      .slice(i, i + 2000)
      .map(
        (d) =>
          sql`(${d.organisation_id}, ${d.month}::date, ${d.energy_id}, ${d.quantity}, ${(d.cost_cents / 100).toFixed(2)}::numeric, ${d.co2e}, ${d.meters}, ${d.incomplete})`,
      );
    await db.execute(sql`
      insert into organisation_month_facts as t
        (organisation_id, month, energy_id, quantity_std, cost, co2e, meters, incomplete_meters)
      values ${sql.join(values, sql`, `)}
      on conflict (organisation_id, month, energy_id) do update set
        quantity_std = t.quantity_std + excluded.quantity_std,
        cost = t.cost + excluded.cost,
        co2e = t.co2e + excluded.co2e,
        meters = t.meters + excluded.meters,
        incomplete_meters = t.incomplete_meters + excluded.incomplete_meters`);
  }
  const organisations = [...new Set(deltas.map((d) => d.organisation_id))];
  if (organisations.length > 0) {
    await db.execute(
      sql`delete from organisation_month_facts where meters <= 0 and organisation_id in ${ids(organisations)}`,
    );
  }
}
