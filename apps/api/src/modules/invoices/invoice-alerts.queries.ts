import type { DbOrTx } from '@verdant/db/client';
import { intArray } from '@verdant/db/sql-arrays';
import { sql } from 'drizzle-orm';

export type MeterRow = {
  id: number;
  name: string;
  has_export: boolean;
  unit: string | null;
  kwh_per_unit: string | null;
  consumption_differ: number | null;
  consumption_perc: number | null;
  consumption_abs: number | null;
  tariff_rel: string | null;
  tariff_abs: string | null;
  tariff_rate: string | null;
  baseload_trigger: string | null;
  has_half_hour: boolean;
  /** The invoices named that cover the meter (what it is audited for). */
  invoice_ids: number[];
  /** The organisation's alert settings (the same on every row). */
  alert_settings: string | null;
};

/**
 * The live meters the organisation's invoices named cover, in the order of their first invoice, in one
 * statement: each with its export flag, unit (and its kWh factor when the data type is energy), alert set-ups,
 * whether it has half-hour data, the invoices it is audited for, and the organisation's alert settings.
 */
export async function auditMeters(db: DbOrTx, organisationId: number, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return [];
  const ids = intArray(invoiceIds);
  const rows = await db.execute<MeterRow>(sql`
    select m.id, m.local_name as name, m.has_export, u.name as unit,
      case when d.std_unit = 'kWh' then u.conversion_to_standard::text end as kwh_per_unit,
      s.consumption_differ, s.consumption_perc, s.consumption_abs, s.tariff_rel::text, s.tariff_abs::text,
      s.tariff_rate::text, s.baseload_trigger::text,
      exists (select 1 from half_hour_registers r
        where r.organisation_id = m.organisation_id and r.meter_id = m.id and r.register = 0
        and r.direction = 'import' and r.quantity = 'kWh') as has_half_hour,
      t.invoice_ids, o.alert_settings
    from (
      select im.meter_id, array_agg(im.invoice_id order by im.invoice_id) as invoice_ids
      from invoice_meters im
      where im.organisation_id = ${organisationId} and im.invoice_id = any(${ids})
      group by im.meter_id
    ) t
    join meters m on m.organisation_id = ${organisationId} and m.id = t.meter_id and m.deleted_at is null
    join organisations o on o.id = m.organisation_id
    left join units u on u.id = m.unit_id
    left join data_types d on d.id = m.energy_id
    left join meter_alert_settings s on s.organisation_id = m.organisation_id and s.meter_id = m.id
    order by t.invoice_ids[1], m.id`);
  return rows.rows.map((r) => ({ ...r, invoice_ids: r.invoice_ids.map(Number) }));
}

export type InvoiceRow = {
  meter_id: number;
  id: number;
  invoice_number: string | null;
  invoice_date: string | null;
  date_due: string | null;
  date_from: string;
  date_till: string;
  read_type: 'actual' | 'estimated' | 'customer';
  consumption: number;
  /** The meter's share of the cost before tax, in cents. */
  cost_cents: number;
  tax_cents: number;
  items_include_tax: boolean;
  discount_after_tax: boolean;
  tax_percentage: string;
};

/**
 * Every invoice that counts on the meters (not a reversal, not reversed): the meter's consumption and its share
 * of the cost (all of it on a one-meter invoice; else its sharing percentage, else its share of consumption).
 */
export async function meterInvoices(db: DbOrTx, organisationId: number, meterIds: readonly number[]) {
  const rows = await db.execute<InvoiceRow>(sql`
    with counted as (
      select i.*, (select count(*) from invoice_meters x
        where x.organisation_id = i.organisation_id and x.invoice_id = i.id) as meters,
        (select sum(x.consumption) from invoice_meters x
          where x.organisation_id = i.organisation_id and x.invoice_id = i.id) as all_consumption
      from invoices i
      where i.organisation_id = ${organisationId} and i.kind in ('normal', 'replacement')
        and exists (select 1 from invoice_meters im where im.organisation_id = i.organisation_id
          and im.invoice_id = i.id and im.meter_id = any(${intArray(meterIds)}))
        and not exists (select 1 from invoice_reversals r
          where r.organisation_id = i.organisation_id and r.reversed_id = i.id)
    )
    select im.meter_id, c.id, c.invoice_number, c.invoice_date::text, c.date_due::text, c.date_from::text,
      c.date_till::text, c.read_type, im.consumption::float8 as consumption,
      round(c.cost_excl_tax * 100 * case
        when c.meters = 1 then 1
        when im.sharing is not null then im.sharing / 100
        when c.all_consumption <> 0 then im.consumption / c.all_consumption
        else 1.0 / c.meters end)::int as cost_cents,
      round(c.tax_amount * 100)::int as tax_cents, c.items_include_tax, c.discount_after_tax,
      c.tax_percentage::text as tax_percentage
    from counted c join invoice_meters im on im.invoice_id = c.id
    where im.organisation_id = ${organisationId} and im.meter_id = any(${intArray(meterIds)})
    order by im.meter_id, c.date_from, c.id`);
  return rows.rows;
}

export type ItemRow = {
  invoice_id: number;
  category: 'charge' | 'sundry' | 'discount' | 'tax';
  description: string | null;
  total_cents: number;
  calculated_cents: number | null;
  tax_exempt: boolean;
  charge_type: string | null;
  tou_period: string | null;
  day_type: string | null;
  rate: number | null;
  quantity: number | null;
};

/**
 * The invoices' line items (not tax lines), with the total their rate gives in cents: a typed rate under 100 is
 * cents a unit, else dollars (data-portal.md 5; rateInCents of the domain).
 */
export async function items(db: DbOrTx, organisationId: number, invoiceIds: readonly number[]) {
  const rows = await db.execute<ItemRow>(sql`
    select invoice_id, category, description, round(total * 100)::int as total_cents,
      case when category <> 'discount' and rate is not null and units is not null
        then round(case when abs(rate) < 100 then rate else rate * 100 end
          * units * coalesce(factor, 1) * coalesce(repeat, 1))::int end as calculated_cents,
      tax_exempt, charge_type, tou_period, day_type, rate::float8 as rate,
      (units * coalesce(factor, 1) * coalesce(repeat, 1))::float8 as quantity
    from invoice_line_items
    where organisation_id = ${organisationId} and invoice_id = any(${intArray(invoiceIds)}) and category <> 'tax'
    order by invoice_id, sort_order, id`);
  return rows.rows;
}

/**
 * Whether the meter has an import kWh register 0 (half-hour data to reconcile with), and how many kWh one of
 * `unitId` is when the meter's data type is measured in kWh (else null).
 */
export async function halfHourMeter(db: DbOrTx, organisationId: number, meterId: number, unitId: number) {
  const rows = await db.execute<{ has_half_hour: boolean; kwh_per_unit: number | null }>(sql`
    select exists (select 1 from half_hour_registers r where r.organisation_id = m.organisation_id
        and r.meter_id = m.id and r.register = 0 and r.direction = 'import' and r.quantity = 'kWh') as has_half_hour,
      (select u.conversion_to_standard::float8 from units u join data_types d on d.id = m.energy_id
        where u.id = ${unitId} and d.std_unit = 'kWh') as kwh_per_unit
    from meters m where m.organisation_id = ${organisationId} and m.id = ${meterId}`);
  return rows.rows[0];
}

/** Half-hour kWh (import register 0) of a meter between two days; missing half hours left out. */
export async function halfHourDays(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  from: string,
  till: string,
) {
  const rows = await db.execute<{ date: string; kwh: (number | null)[] }>(sql`
    select read_date::text as date, kwh from half_hour_days
    where organisation_id = ${organisationId} and meter_id = ${meterId} and register = 0
      and read_date between ${from} and ${till}
    order by read_date`);
  return rows.rows.map((r) => ({ date: r.date, kwh: r.kwh.filter((v): v is number => v !== null) }));
}

export type StoredAlert = {
  id: number;
  invoice_id: number;
  meter_id: number;
  audit: string;
  message: string;
  status: 'pending' | 'scheduled' | 'deleted' | 'sent';
};

export async function invoiceAlerts(db: DbOrTx, organisationId: number, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return [];
  const rows = await db.execute<StoredAlert>(sql`
    select id, invoice_id, meter_id, audit, message, status from meter_alerts
    where organisation_id = ${organisationId} and invoice_id = any(${intArray(invoiceIds)})
    order by invoice_id, meter_id, id`);
  return rows.rows;
}

export async function deleteAlerts(db: DbOrTx, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.execute(
    sql`delete from meter_alerts where organisation_id = ${organisationId} and id = any(${intArray(ids)})`,
  );
}

export async function updateMessage(db: DbOrTx, organisationId: number, id: number, message: string) {
  await db.execute(
    sql`update meter_alerts set message = ${message} where organisation_id = ${organisationId} and id = ${id}`,
  );
}

export type NewAlert = { invoiceId: number; meterId: number; audit: string; message: string; date: string };

/** Adds alerts (one of an invoice, meter and audit at most) and answers the rows it added. */
export async function insertAlerts(db: DbOrTx, organisationId: number, list: readonly NewAlert[]) {
  const added: StoredAlert[] = [];
  for (let i = 0; i < list.length; i += 1000) {
    const chunk = list.slice(i, i + 1000);
    const rows = await db.execute<StoredAlert>(sql`
      insert into meter_alerts (organisation_id, meter_id, invoice_id, audit, message, link, alert_date)
      select ${organisationId}, x.meter_id, x.invoice_id, x.audit, x.message,
        '/data-sources/' || x.meter_id || '/invoices/' || x.invoice_id, x.date::date
      from jsonb_to_recordset(${JSON.stringify(
        chunk.map((a) => ({
          meter_id: a.meterId,
          invoice_id: a.invoiceId,
          audit: a.audit,
          message: a.message,
          date: a.date,
        })),
      )}::jsonb) as x(meter_id int, invoice_id int, audit text, message text, date text)
      on conflict do nothing
      returning id, invoice_id, meter_id, audit, message, status`);
    added.push(...rows.rows);
  }
  return added;
}

/** One invoice alert of the organisation, locked for a change. */
export async function findAlert(db: DbOrTx, organisationId: number, id: number) {
  const rows = await db.execute<StoredAlert>(sql`
    select id, invoice_id, meter_id, audit, message, status from meter_alerts
    where organisation_id = ${organisationId} and id = ${id} and invoice_id is not null for update`);
  return rows.rows[0];
}

export async function resetAlert(db: DbOrTx, organisationId: number, id: number) {
  await db.execute(sql`
    update meter_alerts set status = 'pending', comment = null, resolved_by = null, resolved_at = null
    where organisation_id = ${organisationId} and id = ${id}`);
}

/** The organisation's live invoices whose period ended on or after a day: what the organisation job audits. */
export async function recentInvoiceIds(db: DbOrTx, organisationId: number, since: string) {
  const rows = await db.execute<{ id: number }>(sql`
    select i.id from invoices i where i.organisation_id = ${organisationId} and i.date_till >= ${since}
      and i.kind in ('normal', 'replacement')
    order by i.id`);
  return rows.rows.map((r) => r.id);
}

/** A meter's invoice alerts, newest invoice first. */
export async function meterInvoiceAlerts(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<StoredAlert>(sql`
    select id, invoice_id, meter_id, audit, message, status from meter_alerts
    where organisation_id = ${organisationId} and meter_id = ${meterId} and invoice_id is not null
    order by alert_date desc, invoice_id desc, id`);
  return rows.rows;
}
