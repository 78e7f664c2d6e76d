import type { DbOrTx } from '@verdant/db/client';
import { type SQL, sql } from 'drizzle-orm';

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

export type LineRow = {
  id: number;
  invoice_id: number;
  invoice_number: string | null;
  date_till: string;
  sort_order: number;
  category: string;
  charge_type: string | null;
  description: string | null;
  tou_period: string | null;
  rate: string | null;
  units: string | null;
  total: string;
  tax_exempt: boolean;
  arithmetic_error: boolean;
};

export type ExceptionRow = {
  id: number;
  invoice_id: number;
  invoice_number: string | null;
  date_till: string;
  meter: string;
  audit: string;
  message: string;
  status: string;
  alert_date: string;
};

export interface RegisterScope {
  organisationId: number;
  /** The meters the caller may see of the asset (null: every meter of the organisation). */
  meterIds: number[] | null;
  from: string;
  till: string;
}

const BATCH = 2000;
const ids = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;

/**
 * The invoices of the scope, as SQL on `i`: billing period ending within the dates, and shown only when every
 * meter the invoice covers is among the meters (seeing an invoice needs all its meters, docs/domain.md, Rights).
 */
function invoicesIn(s: RegisterScope): SQL {
  const seen =
    s.meterIds === null
      ? sql`true`
      : sql`not exists (select 1 from invoice_meters x where x.organisation_id = i.organisation_id
          and x.invoice_id = i.id and not (x.meter_id = any(${ids(s.meterIds)})))`;
  return sql`i.organisation_id = ${s.organisationId} and i.date_till between ${s.from} and ${s.till}
    and exists (select 1 from invoice_meters x where x.organisation_id = i.organisation_id and x.invoice_id = i.id)
    and ${seen}`;
}

/** How many invoices the register lists (a report with none says so instead of an empty file). */
export async function registerCount(db: DbOrTx, s: RegisterScope): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from invoices i where ${invoicesIn(s)}`,
  );
  return rows.rows[0]?.n ?? 0;
}

/**
 * Rows read a batch at a time in a fixed order (keyset paging on `key`), so a register of 72,000 invoices
 * never sits in memory: the renderer writes each batch before the next is read.
 */
async function* batches<T extends Record<string, unknown>>(
  db: DbOrTx,
  query: (after: SQL, limit: number) => SQL,
  keyOf: (row: T) => SQL,
): AsyncIterable<T> {
  let after = sql`true`;
  for (;;) {
    const rows = (await db.execute(query(after, BATCH))).rows as T[];
    for (const row of rows) yield row;
    const last = rows[rows.length - 1];
    if (!last || rows.length < BATCH) return;
    after = keyOf(last);
  }
}

/** The register's invoices in billing order, with their meters, sites, retailer and open bill-audit alerts. */
export const registerRows = (db: DbOrTx, s: RegisterScope) =>
  batches<RegisterRow>(
    db,
    (after, limit) => sql`
      select i.id, i.invoice_number, i.invoice_date::text, i.date_from::text, i.date_till::text, i.kind,
        i.read_type, r.name as retailer,
        (select string_agg(m.local_name, '; ' order by m.local_name) from invoice_meters x
          join meters m on m.organisation_id = x.organisation_id and m.id = x.meter_id
          where x.organisation_id = i.organisation_id and x.invoice_id = i.id) as meters,
        (select string_agg(distinct st.name, '; ') from invoice_meters x
          join meters m on m.organisation_id = x.organisation_id and m.id = x.meter_id
          join sites st on st.organisation_id = m.organisation_id and st.id = m.site_id
          where x.organisation_id = i.organisation_id and x.invoice_id = i.id) as sites,
        i.cost_excl_tax::text as cost, i.tax_amount::text as tax, i.estimated,
        (select count(*)::int from meter_alerts a where a.organisation_id = i.organisation_id
          and a.invoice_id = i.id and a.status = 'pending') as alerts
      from invoices i
      left join retailers r on r.id = i.retailer_id
      where ${invoicesIn(s)} and ${after}
      order by i.date_till, i.id
      limit ${limit}`,
    (r) => sql`(i.date_till, i.id) > (${r.date_till}::date, ${r.id})`,
  );

/** Every line item of the register's invoices, in invoice order and each invoice's own order. */
export const lineRows = (db: DbOrTx, s: RegisterScope) =>
  batches<LineRow>(
    db,
    (after, limit) => sql`
      select l.id, i.id as invoice_id, i.invoice_number, i.date_till::text, l.sort_order, l.category,
        l.charge_type, l.description, l.tou_period, l.rate::text, l.units::text, l.total::text,
        l.tax_exempt, l.arithmetic_error
      from invoices i
      join invoice_line_items l on l.organisation_id = i.organisation_id and l.invoice_id = i.id
      where ${invoicesIn(s)} and ${after}
      order by i.date_till, i.id, l.sort_order, l.id
      limit ${limit}`,
    (r) =>
      sql`(i.date_till, i.id, l.sort_order, l.id) > (${r.date_till}::date, ${r.invoice_id}, ${r.sort_order}, ${r.id})`,
  );

/** The bill-audit alerts raised on the register's invoices, whatever became of them. */
export const exceptionRows = (db: DbOrTx, s: RegisterScope) =>
  batches<ExceptionRow>(
    db,
    (after, limit) => sql`
      select a.id, i.id as invoice_id, i.invoice_number, i.date_till::text, m.local_name as meter, a.audit,
        a.message, a.status, a.alert_date::text
      from invoices i
      join meter_alerts a on a.organisation_id = i.organisation_id and a.invoice_id = i.id
      join meters m on m.organisation_id = a.organisation_id and m.id = a.meter_id
      where ${invoicesIn(s)} and ${after}
      order by i.date_till, i.id, a.id
      limit ${limit}`,
    (r) => sql`(i.date_till, i.id, a.id) > (${r.date_till}::date, ${r.invoice_id}, ${r.id})`,
  );
