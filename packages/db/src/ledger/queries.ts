import { getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { executePrepared } from '../prepared';
import { monthlyFacts } from '../schema/ledger';

import type {
  ChosenSource,
  ComponentRow,
  Dated,
  EditionRow,
  FactorRow,
  InstrumentRow,
  InvoiceMeterRow,
  InvoiceRow,
  LedgerMeterRow,
  Period,
  PolicyRow,
  RegisterDayRow,
} from './ledger-rows';

export * from './ledger-rows';

/**
 * Sets an organisation's factor source from a date on: choices from that date are replaced. The default
 * (1900-01-01) restates every year, as the settings form does. Answers whether the history changed, read from
 * what the delete removed: called after the organisation's row lock, that is the latest committed history,
 * where a value read before the lock may be stale under concurrent saves.
 */
export async function setFactorSource(
  db: DbOrTx,
  organisationId: number,
  sourceId: number | null,
  effectiveFrom = '1900-01-01',
  changedBy: number | null = null,
): Promise<boolean> {
  const removed = await db.execute<{ source_id: number; effective_from: string }>(sql`
    delete from organisation_factor_sources
    where organisation_id = ${organisationId} and effective_from >= ${effectiveFrom}
    returning source_id, effective_from::text`);
  if (sourceId !== null) {
    await db.execute(sql`insert into organisation_factor_sources (organisation_id, effective_from, source_id, changed_by)
      values (${organisationId}, ${effectiveFrom}, ${sourceId}, ${changedBy})`);
  }
  const [only, ...more] = removed.rows;
  if (sourceId === null) return only !== undefined;
  return !(only?.source_id === sourceId && only.effective_from === effectiveFrom && more.length === 0);
}

/** A stored fact row as drizzle selects it (numeric money as an exact string). */
export type StoredFact = typeof monthlyFacts.$inferSelect;

/** The columns of a stored fact under drizzle's names, money as text (built once). */
const storedColumns = sql.join(
  Object.entries(getTableColumns(monthlyFacts)).map(([key, column]) =>
    column.columnType === 'PgNumeric'
      ? sql`${sql.identifier(column.name)}::text as ${sql.identifier(key)}`
      : sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`,
  ),
  sql`, `,
);

/**
 * Everything a recompute of the given meters reads, in one statement (one round trip instead of thirteen):
 * the live meters with their organisation's time zone, the composite components of their data types, the
 * organisations' factor source history and the default source, the factors of every data type involved, all
 * their inputs (invoices with every meter each covers, consumption records, transactions, fuel purchases,
 * register days) and their stored facts. Each list comes back as JSON with the same fields and types as the
 * separate queries above: numerics cast to text so money and conversions stay exact strings.
 */
export async function loadLedger(db: DbOrTx, meterIds: readonly number[], organisationId?: number) {
  const list = sql`${sql.param([...meterIds])}::int[]`;
  // Given the organisation, every table is read in it alone, so one shard answers (docs/scaling.md, Shard
  // readiness); without, the meters of any organisation (a rebuild, a restatement).
  const pin = (column: string) =>
    organisationId === undefined ? sql`` : sql` and ${sql.raw(column)} = ${organisationId}`;
  // Prepared: the statement's text is the same for any meters (they travel as one array), and planning it
  // took longer than running it on a meter with many invoices.
  const rows = await executePrepared<{
    meters: LedgerMeterRow[];
    components: ComponentRow[];
    chosen: ChosenSource[];
    default_source_id: number | null;
    factors: FactorRow[];
    editions: EditionRow[];
    policies: PolicyRow[];
    invoices: InvoiceRow[];
    invoice_meters: InvoiceMeterRow[];
    records: Period[];
    transactions: Dated[];
    fuel: Dated[];
    register_days: RegisterDayRow[];
    instruments: InstrumentRow[];
    stored: StoredFact[];
  }>(
    db,
    organisationId === undefined ? 'verdant_ledger_load_v2' : 'verdant_ledger_load_organisation_v1',
    sql`
    with ms as (
      select m.id, m.organisation_id, m.meter_type, m.metlvl_id, m.energy_id, m.meter_open, m.meter_close,
        m.reporting, m.reporting_source, m.situation, m.retailer_id, o.time_zone
      from meters m join organisations o on o.id = m.organisation_id
      where m.id = any(${list}) and m.deleted_at is null${pin('m.organisation_id')}
    ),
    components as (
      select c.composite_id, c.component_id, c.percentage::text as percentage,
        coalesce((select u.conversion_to_standard from units u where u.data_type_id = c.component_id
          and lower(u.name) = lower(d.std_unit) limit 1), 1)::text as conversion
      from composite_components c join data_types d on d.id = c.composite_id
      where c.composite_id in (select energy_id from ms)
    ),
    chosen as (
      select organisation_id, effective_from::text as effective_from, source_id from organisation_factor_sources
      where organisation_id in (select organisation_id from ms)${pin('organisation_id')}
      union all
      select o.id, '1900-01-01', o.emission_factor_data_source_id from organisations o
      where o.id in (select organisation_id from ms) and o.emission_factor_data_source_id is not null
        and not exists (select 1 from organisation_factor_sources c where c.organisation_id = o.id${pin('c.organisation_id')})
    ),
    factors as (
      select f.data_type_id, f.source_id, f.scope, f.scope2_basis, f.rate::text as rate, f.start_date,
        f.end_date, v.id as version_id, f.edition_id
      from emission_factors f join emission_factor_sources s on s.id = f.source_id
      left join emission_factor_versions v on v.factor_id = f.id and v.version = f.version
      left join emission_factor_editions e on e.id = f.edition_id
      where (f.data_type_id in (select energy_id from ms) or f.data_type_id in (select component_id from components))
        and (s.is_default or f.source_id in (select source_id from chosen))
        and (e.id is null or e.status in ('published', 'superseded'))
    ),
    editions as (
      select e.id, e.source_id, e.publisher, e.status, e.published::text as published,
        e.current_from::text as current_from, e.current_till::text as current_till
      from emission_factor_editions e where e.id in (select edition_id from factors)
    ),
    policies as (
      select o.id as organisation_id, coalesce(p.mode, 'effective') as mode, p.switch_date::text as switch_date,
        o.reporting_year_end as year_end,
        coalesce((select json_agg(json_build_object('reportingYear', x.reporting_year, 'editionId', x.edition_id))
          from organisation_edition_pins x where x.organisation_id = o.id${pin('x.organisation_id')}), '[]') as pins
      from organisations o left join organisation_edition_policies p on p.organisation_id = o.id${pin('p.organisation_id')}
      where o.id in (select organisation_id from ms)
    ),
    invoice_ids as (
      select distinct invoice_id as id from invoice_meters where meter_id = any(${list})${pin('organisation_id')}
    ),
    invoices as (
      select i.id, i.invoice_date, i.date_from, i.date_till, i.kind, b.carries_consumption, i.estimated,
        i.cost_excl_tax::text as cost,
        coalesce((select array_agg(r.reversed_id) from invoice_reversals r
          where r.reversal_id = i.id${pin('r.organisation_id')}), '{}') as reverses
      from invoices i join bill_types b on b.id = i.bill_type_id
      where i.id = any(array(select id from invoice_ids))${pin('i.organisation_id')}
    ),
    invoice_meters as (
      select im.invoice_id, im.meter_id, im.multiplier::text as multiplier, im.sharing::text as sharing,
        im.consumption::text as consumption, u.conversion_to_standard::text as conversion
      from invoice_meters im join units u on u.id = im.unit_id
      where im.invoice_id = any(array(select id from invoice_ids))${pin('im.organisation_id')}
    ),
    records as (
      select r.meter_id, r.date_from, r.date_till, r.units::text as quantity, u.conversion_to_standard::text as conversion,
        r.estimated
      from consumption_records r join units u on u.id = r.unit_id where r.meter_id = any(${list})${pin('r.organisation_id')}
    ),
    transactions as (
      select t.meter_id, t.tx_date as date, t.quantity::text as quantity, t.cost::text as cost,
        u.conversion_to_standard::text as conversion, false as flagged
      from transactions t join units u on u.id = t.unit_id where t.meter_id = any(${list})${pin('t.organisation_id')}
    ),
    fuel as (
      select f.meter_id, f.purchase_date as date, f.quantity::text as quantity, f.cost::text as cost,
        u.conversion_to_standard::text as conversion, f.incorrect_fuel as flagged
      from fuel_purchases f join units u on u.id = f.unit_id where f.meter_id = any(${list})${pin('f.organisation_id')}
    ),
    register_days as (
      select d.meter_id, d.read_date as date, r.direction, r.quantity, sum(d.day_kwh)::float8 as total,
        bool_or(d.estimated_readings > 0) as estimated
      from half_hour_days d join half_hour_registers r
        on r.organisation_id = d.organisation_id and r.meter_id = d.meter_id and r.register = d.register
      where d.meter_id = any(${list})${pin('d.organisation_id')}
      group by d.meter_id, d.read_date, r.direction, r.quantity
    ),
    instruments as (
      select ms.id as meter_id, i.kind, i.date_from, i.date_till, i.mwh::text as mwh, i.rate::text as rate
      from ms join scope2_instruments i on i.organisation_id = ms.organisation_id
        and (i.meter_id = ms.id or (i.retailer_id is not null and i.retailer_id = ms.retailer_id))${pin('i.organisation_id')}
    ),
    stored as (select ${storedColumns} from monthly_facts where meter_id = any(${list})${pin('organisation_id')})
    select
      (select coalesce(json_agg(x order by x.id), '[]') from ms x) as meters,
      (select coalesce(json_agg(x order by x.composite_id, x.component_id), '[]') from components x) as components,
      (select coalesce(json_agg(x order by x.organisation_id, x.effective_from), '[]') from chosen x) as chosen,
      (select id from emission_factor_sources where is_default order by id limit 1) as default_source_id,
      (select coalesce(json_agg(x order by x.start_date), '[]') from factors x) as factors,
      (select coalesce(json_agg(x order by x.id), '[]') from editions x) as editions,
      (select coalesce(json_agg(x order by x.organisation_id), '[]') from policies x) as policies,
      (select coalesce(json_agg(x order by x.id), '[]') from invoices x) as invoices,
      (select coalesce(json_agg(x order by x.invoice_id, x.meter_id), '[]') from invoice_meters x) as invoice_meters,
      (select coalesce(json_agg(x order by x.meter_id, x.date_from), '[]') from records x) as records,
      (select coalesce(json_agg(x order by x.meter_id, x.date), '[]') from transactions x) as transactions,
      (select coalesce(json_agg(x order by x.meter_id, x.date), '[]') from fuel x) as fuel,
      (select coalesce(json_agg(x order by x.meter_id, x.date), '[]') from register_days x) as register_days,
      (select coalesce(json_agg(x order by x.meter_id, x.date_from), '[]') from instruments x) as instruments,
      (select coalesce(json_agg(x), '[]') from stored x) as stored`,
  );
  const r = rows.rows[0];
  if (!r) throw new Error('loadLedger returned no row');
  return {
    meters: r.meters,
    components: r.components,
    factors: r.factors,
    editions: r.editions,
    policies: r.policies,
    defaultSourceId: r.default_source_id,
    chosen: r.chosen,
    inputs: {
      invoices: r.invoices,
      invoiceMeters: r.invoice_meters,
      records: r.records,
      transactions: r.transactions,
      fuel: r.fuel,
      registerDays: r.register_days,
      instruments: r.instruments,
    },
    stored: r.stored,
  };
}
