import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

export type Changed = {
  meter_id: number;
  name: string;
};

export interface ConsumptionDefault {
  alertDiffer: number;
  alertPerc: number | null;
  absAlert: number | null;
}

/** Live meters of the organisation, locked, so the set-ups below and concurrent edits queue. */
const liveMeters = (organisationId: number) => sql`
  select m.id, m.local_name from meters m
  where m.organisation_id = ${organisationId} and m.deleted_at is null
  order by m.id for update`;

/** Sets the consumption alert on every live meter without one (every live meter when overriding). */
export async function setConsumptionDefault(
  db: DbOrTx,
  organisationId: number,
  d: ConsumptionDefault,
  override: boolean,
): Promise<Changed[]> {
  const rows = await db.execute<Changed>(sql`
    with live as (${liveMeters(organisationId)}),
    target as (
      select l.id, l.local_name from live l
      left join meter_alert_settings a on a.organisation_id = ${organisationId} and a.meter_id = l.id
      where ${override ? sql`true` : sql`a.meter_id is null or (a.consumption_perc is null and a.consumption_abs is null)`}
    ),
    written as (
      insert into meter_alert_settings (organisation_id, meter_id, consumption_differ, consumption_perc, consumption_abs)
      select ${organisationId}, t.id, ${d.alertDiffer}, ${d.alertPerc}, ${d.absAlert} from target t
      on conflict (meter_id) do update set consumption_differ = excluded.consumption_differ,
        consumption_perc = excluded.consumption_perc, consumption_abs = excluded.consumption_abs, updated_at = now()
      returning meter_id
    )
    select w.meter_id, t.local_name as name from written w join target t on t.id = w.meter_id order by w.meter_id`);
  return rows.rows;
}

export interface TariffDefault {
  relAlert: number | null;
  absAlert: number | null;
  rateAlert: number | null;
}

const decimal = (v: number | null) => (v === null ? null : String(v));

/** Sets the tariff alert on every live meter without one. */
export async function setTariffDefault(
  db: DbOrTx,
  organisationId: number,
  d: TariffDefault,
): Promise<Changed[]> {
  const rows = await db.execute<Changed>(sql`
    with live as (${liveMeters(organisationId)}),
    target as (
      select l.id, l.local_name from live l
      left join meter_alert_settings a on a.organisation_id = ${organisationId} and a.meter_id = l.id
      where a.meter_id is null or (a.tariff_rel is null and a.tariff_abs is null and a.tariff_rate is null)
    ),
    written as (
      insert into meter_alert_settings (organisation_id, meter_id, tariff_rel, tariff_abs, tariff_rate)
      select ${organisationId}, t.id, ${decimal(d.relAlert)}::numeric, ${decimal(d.absAlert)}::numeric,
        ${decimal(d.rateAlert)}::numeric from target t
      on conflict (meter_id) do update set tariff_rel = excluded.tariff_rel, tariff_abs = excluded.tariff_abs,
        tariff_rate = excluded.tariff_rate, updated_at = now()
      returning meter_id
    )
    select w.meter_id, t.local_name as name from written w join target t on t.id = w.meter_id order by w.meter_id`);
  return rows.rows;
}

export async function identifierLabel(db: DbOrTx, organisationId: number, labelId: number) {
  const rows = await db.execute<{ name: string }>(sql`
    select name from meter_identifier_labels where organisation_id = ${organisationId} and id = ${labelId}`);
  return rows.rows[0]?.name;
}

/** Gives every live meter without a value for the label its supply account (ICP, account number), else its meter number. */
export async function setIdentifierDefault(
  db: DbOrTx,
  organisationId: number,
  labelId: number,
): Promise<(Changed & { value: string })[]> {
  const rows = await db.execute<Changed & { value: string }>(sql`
    with live as (${liveMeters(organisationId)}),
    target as (
      select l.id, l.local_name, coalesce(nullif(trim(m.account), ''), nullif(trim(m.meter_number), '')) as value
      from live l join meters m on m.id = l.id
      where not exists (select 1 from meter_identifiers i
        where i.organisation_id = ${organisationId} and i.meter_id = l.id and i.label_id = ${labelId})
    ),
    written as (
      insert into meter_identifiers (organisation_id, meter_id, label_id, value)
      select ${organisationId}, t.id, ${labelId}, t.value from target t where t.value is not null
      returning meter_id, value
    )
    select w.meter_id, t.local_name as name, w.value from written w join target t on t.id = w.meter_id
    order by w.meter_id`);
  return rows.rows;
}

export async function retailerName(db: DbOrTx, retailerId: number) {
  const rows = await db.execute<{ name: string }>(sql`select name from retailers where id = ${retailerId}`);
  return rows.rows[0]?.name;
}

/** Moves every live meter of one retailer to another. */
export async function replaceRetailer(
  db: DbOrTx,
  organisationId: number,
  from: number,
  to: number,
): Promise<Changed[]> {
  const rows = await db.execute<Changed>(sql`
    with live as (${liveMeters(organisationId)})
    update meters m set retailer_id = ${to}, updated_at = now()
    from live l where m.id = l.id and m.organisation_id = ${organisationId} and m.retailer_id = ${from}
    returning m.id as meter_id, m.local_name as name`);
  return rows.rows;
}

/** Whether the organisation prices market-based scope 2 by a supplier-specific factor of one of the retailers. */
export async function hasSupplierFactor(db: DbOrTx, organisationId: number, retailerIds: number[]) {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from scope2_instruments
    where organisation_id = ${organisationId} and retailer_id = any(${sql.param(retailerIds)}::int[])`);
  return (rows.rows[0]?.n ?? 0) > 0;
}
