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
  meter_open: string | null;
  meter_close: string | null;
  reporting: number;
  reporting_source: string;
  situation: string;
  time_zone: string;
};

export async function loadMeters(db: DbOrTx, meterIds: readonly number[]) {
  const rows = await db.execute<LedgerMeterRow>(sql`
    select m.id, m.organisation_id, m.meter_type, m.metlvl_id, m.energy_id, m.meter_open, m.meter_close,
      m.reporting, m.reporting_source, m.situation, o.time_zone
    from meters m
    join organisations o on o.id = m.organisation_id
    where m.id in ${ids(meterIds)} and m.deleted_at is null`);
  return rows.rows;
}

export type InvoiceRow = {
  id: number;
  invoice_date: string | null;
  date_from: string;
  date_till: string;
  kind: 'normal' | 'reversal' | 'replacement' | 'decommission';
  carries_consumption: boolean;
  estimated: boolean;
  cost: string;
  reverses: number[];
};
export type InvoiceMeterRow = {
  invoice_id: number;
  meter_id: number;
  multiplier: string;
  sharing: string | null;
  consumption: string;
  conversion: string;
};
type Period = {
  meter_id: number;
  date_from: string;
  date_till: string;
  quantity: string;
  conversion: string;
};
type Dated = {
  meter_id: number;
  date: string;
  quantity: string;
  cost: string | null;
  conversion: string;
  flagged: boolean;
};
type RegisterDayRow = {
  meter_id: number;
  date: string;
  direction: 'import' | 'export';
  quantity: 'kWh' | 'kVArh';
  total: number;
};

/** Every input of the given meters, each row with its own unit's conversion to the standard unit. */
export async function loadInputs(db: DbOrTx, meterIds: readonly number[]) {
  // One after another: inside a transaction they share one connection.
  const invoices = await db.execute<InvoiceRow>(sql`
    select i.id, i.invoice_date, i.date_from, i.date_till, i.kind, b.carries_consumption, i.estimated,
      i.cost_excl_tax as cost,
      coalesce((select array_agg(r.reversed_id) from invoice_reversals r where r.reversal_id = i.id), '{}') as reverses
    from invoices i join bill_types b on b.id = i.bill_type_id
    where i.id in (select invoice_id from invoice_meters where meter_id in ${ids(meterIds)})`);
  const invoiceIds = invoices.rows.map((r) => r.id);
  const invoiceMeters =
    invoiceIds.length === 0
      ? { rows: [] as InvoiceMeterRow[] }
      : await db.execute<InvoiceMeterRow>(sql`
    select im.invoice_id, im.meter_id, im.multiplier, im.sharing, im.consumption, u.conversion_to_standard as conversion
    from invoice_meters im join units u on u.id = im.unit_id where im.invoice_id in ${ids(invoiceIds)}`);
  const records = await db.execute<Period>(sql`
    select r.meter_id, r.date_from, r.date_till, r.units as quantity, u.conversion_to_standard as conversion
    from consumption_records r join units u on u.id = r.unit_id where r.meter_id in ${ids(meterIds)}`);
  const transactions = await db.execute<Dated>(sql`
    select t.meter_id, t.tx_date as date, t.quantity, t.cost, u.conversion_to_standard as conversion, false as flagged
    from transactions t join units u on u.id = t.unit_id where t.meter_id in ${ids(meterIds)}`);
  const fuel = await db.execute<Dated>(sql`
    select f.meter_id, f.purchase_date as date, f.quantity, f.cost, u.conversion_to_standard as conversion,
      f.incorrect_fuel as flagged
    from fuel_purchases f join units u on u.id = f.unit_id where f.meter_id in ${ids(meterIds)}`);
  const registerDays = await db.execute<RegisterDayRow>(sql`
    select d.meter_id, d.read_date as date, r.direction, r.quantity, sum(d.day_kwh)::float8 as total
    from half_hour_days d join half_hour_registers r on r.meter_id = d.meter_id and r.register = d.register
    where d.meter_id in ${ids(meterIds)}
    group by d.meter_id, d.read_date, r.direction, r.quantity`);
  return {
    invoices: invoices.rows,
    invoiceMeters: invoiceMeters.rows,
    records: records.rows,
    transactions: transactions.rows,
    fuel: fuel.rows,
    registerDays: registerDays.rows,
  };
}

export type FactorRow = {
  data_type_id: number;
  source_id: number;
  scope: 1 | 2 | 3;
  scope2_basis: 'location' | 'market' | null;
  rate: string;
  start_date: string;
  end_date: string | null;
  version_id: number | null;
};

/** Composite components of the given data types (empty for plain ones), with the unit conversion between them. */
export async function loadComponents(db: DbOrTx, dataTypeIds: readonly number[]) {
  if (dataTypeIds.length === 0) return [];
  // From the composite's standard unit to the component's: the component's unit of the same name, else 1.
  const rows = await db.execute<{
    composite_id: number;
    component_id: number;
    percentage: string;
    conversion: string;
  }>(sql`
    select c.composite_id, c.component_id, c.percentage,
      coalesce((select u.conversion_to_standard from units u where u.data_type_id = c.component_id
        and lower(u.name) = lower(d.std_unit) limit 1), 1) as conversion
    from composite_components c join data_types d on d.id = c.composite_id
    where c.composite_id in ${ids(dataTypeIds)}`);
  return rows.rows;
}

/** Factors of the given data types in the default source and in the organisations' own sources. */
export async function loadFactors(
  db: DbOrTx,
  dataTypeIds: readonly number[],
  organisationIds: readonly number[],
) {
  const chosen =
    organisationIds.length === 0
      ? []
      : (
          await db.execute<{ organisation_id: number; effective_from: string; source_id: number }>(sql`
    select organisation_id, effective_from::text, source_id from organisation_factor_sources
    where organisation_id in ${ids(organisationIds)}
    union all
    select o.id, '1900-01-01', o.emission_factor_data_source_id from organisations o
    where o.id in ${ids(organisationIds)} and o.emission_factor_data_source_id is not null
      and not exists (select 1 from organisation_factor_sources c where c.organisation_id = o.id)
    order by 1, 2`)
        ).rows;
  const source = await db.execute<{ id: number }>(
    sql`select id from emission_factor_sources where is_default order by id limit 1`,
  );
  const defaultSourceId = source.rows[0]?.id ?? null;
  if (dataTypeIds.length === 0) return { factors: [] as FactorRow[], defaultSourceId, chosen };
  const sourceIds = [...new Set(chosen.map((c) => c.source_id))];
  const factors = await db.execute<FactorRow>(sql`
    select f.data_type_id, f.source_id, f.scope, f.scope2_basis, f.rate, f.start_date, f.end_date, v.id as version_id
    from emission_factors f join emission_factor_sources s on s.id = f.source_id
    left join emission_factor_versions v on v.factor_id = f.id and v.version = f.version
    where f.data_type_id in ${ids(dataTypeIds)}
      and (s.is_default ${sourceIds.length > 0 ? sql`or f.source_id in ${ids(sourceIds)}` : sql``})
    order by f.start_date`);
  return { factors: factors.rows, defaultSourceId, chosen };
}
/**
 * Sets an organisation's factor source from a date on: choices from that date are replaced. The default
 * (1900-01-01) restates every year, as the settings form does.
 */
export async function setFactorSource(
  db: DbOrTx,
  organisationId: number,
  sourceId: number | null,
  effectiveFrom = '1900-01-01',
  changedBy: number | null = null,
) {
  await db.execute(sql`delete from organisation_factor_sources
    where organisation_id = ${organisationId} and effective_from >= ${effectiveFrom}`);
  if (sourceId !== null) {
    await db.execute(sql`insert into organisation_factor_sources (organisation_id, effective_from, source_id, changed_by)
      values (${organisationId}, ${effectiveFrom}, ${sourceId}, ${changedBy})`);
  }
}
