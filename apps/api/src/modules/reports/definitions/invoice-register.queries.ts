import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

export type RegisterRow = {
  id: number;
  invoice_number: string | null;
  invoice_date: string | null;
  date_from: string;
  date_till: string;
  kind: string;
  read_type: string | null;
  retailer: string | null;
  meters: string;
  sites: string;
  cost: string;
  tax: string;
  estimated: boolean;
  alerts: number;
};

/**
 * The invoices of the meters `meterIds` whose billing period ends within the dates, one row each: an invoice
 * shows only when every meter it covers is among `meterIds` (seeing an invoice needs all its meters,
 * docs/domain.md, Rights), with its open bill-audit alerts counted.
 */
export async function registerRows(
  db: DbOrTx,
  organisationId: number,
  meterIds: number[] | null,
  from: string,
  till: string,
): Promise<RegisterRow[]> {
  const seen =
    meterIds === null
      ? sql`true`
      : sql`not exists (select 1 from invoice_meters x where x.organisation_id = i.organisation_id
          and x.invoice_id = i.id and not (x.meter_id = any(${`{${meterIds.join(',')}}`}::int[])))`;
  const rows = await db.execute<RegisterRow>(sql`
    select i.id, i.invoice_number, i.invoice_date::text, i.date_from::text, i.date_till::text, i.kind,
      i.read_type, r.name as retailer,
      (select string_agg(m.local_name, '; ' order by m.local_name) from invoice_meters x
        join meters m on m.organisation_id = x.organisation_id and m.id = x.meter_id
        where x.organisation_id = i.organisation_id and x.invoice_id = i.id) as meters,
      (select string_agg(distinct s.name, '; ') from invoice_meters x
        join meters m on m.organisation_id = x.organisation_id and m.id = x.meter_id
        join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
        where x.organisation_id = i.organisation_id and x.invoice_id = i.id) as sites,
      i.cost_excl_tax::text as cost, i.tax_amount::text as tax, i.estimated,
      (select count(*)::int from meter_alerts a where a.organisation_id = i.organisation_id
        and a.invoice_id = i.id and a.status = 'pending') as alerts
    from invoices i
    left join retailers r on r.id = i.retailer_id
    where i.organisation_id = ${organisationId} and i.date_till between ${from} and ${till}
      and exists (select 1 from invoice_meters x where x.organisation_id = i.organisation_id and x.invoice_id = i.id)
      and ${seen}
    order by i.date_till, i.invoice_date nulls last, i.id`);
  return rows.rows;
}
