import type { DbOrTx } from '@verdant/db/client';
import { intArray } from '@verdant/db/sql-arrays';
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

/**
 * The invoices of the scope, as SQL on `i`: billing period ending within the dates, and shown only when every
 * meter the invoice covers is among the meters (seeing an invoice needs all its meters, docs/domain.md, Rights).
 */
function invoicesIn(s: RegisterScope): SQL {
  const seen =
    s.meterIds === null
      ? sql`true`
      : sql`not exists (select 1 from invoice_meters x where x.organisation_id = i.organisation_id
          and x.invoice_id = i.id and not (x.meter_id = any(${intArray(s.meterIds)})))`;
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
 * The register's invoices in billing order (till date, then id), read once: each sheet then reads its rows a
 * chunk of these at a time (docs/performance.md, Invoice register). Paging each sheet's own join on its sort key
 * rescanned every invoice before the page for every page (72,000 invoices: minutes); a list of ids is 8 bytes
 * an invoice.
 */
export async function registerIds(db: DbOrTx, s: RegisterScope): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(
    sql`select i.id from invoices i where ${invoicesIn(s)} order by i.date_till, i.id`,
  );
  return rows.rows.map((r) => Number(r.id));
}

/**
 * Rows read a chunk of invoices at a time, in the register's order, so a register of 72,000 invoices never
 * sits in memory: the renderer writes one chunk's rows while the database reads the next (two chunks at most
 * are held), so the database's time and the writer's overlap.
 */
async function* chunked<T extends Record<string, unknown>>(
  db: DbOrTx,
  invoiceIds: readonly number[],
  query: (chunk: SQL) => SQL,
): AsyncIterable<T> {
  const read = (at: number) =>
    at < invoiceIds.length
      ? db.execute(query(intArray(invoiceIds.slice(at, at + BATCH)))).then((r) => r.rows as T[])
      : null;
  let next = read(0);
  for (let at = 0; next; at += BATCH) {
    const rows = await next;
    next = read(at + BATCH);
    // A reader that stops early leaves the read ahead to finish on its own; its failure is not the reader's.
    next?.catch(() => {});
    yield* rows;
  }
}

/**
 * The register's invoices in billing order, with their meters, sites, retailer and open bill-audit alerts
 * (each gathered once per chunk, grouped by invoice, rather than by a subquery per invoice).
 */
export const registerRows = (db: DbOrTx, organisationId: number, invoiceIds: readonly number[]) =>
  chunked<RegisterRow>(
    db,
    invoiceIds,
    (chunk) => sql`
      with covered as (
        select x.invoice_id, string_agg(m.local_name, '; ' order by m.local_name) as meters,
          string_agg(distinct st.name, '; ') as sites
        from invoice_meters x
        join meters m on m.organisation_id = x.organisation_id and m.id = x.meter_id
        join sites st on st.organisation_id = m.organisation_id and st.id = m.site_id
        where x.organisation_id = ${organisationId} and x.invoice_id = any(${chunk})
        group by x.invoice_id),
      open as (
        select a.invoice_id, count(*)::int as alerts from meter_alerts a
        where a.organisation_id = ${organisationId} and a.invoice_id = any(${chunk}) and a.status = 'pending'
        group by a.invoice_id)
      select i.id, i.invoice_number, i.invoice_date::text, i.date_from::text, i.date_till::text, i.kind,
        i.read_type, r.name as retailer, c.meters, c.sites,
        i.cost_excl_tax::text as cost, i.tax_amount::text as tax, i.estimated, coalesce(o.alerts, 0) as alerts
      from invoices i
      join covered c on c.invoice_id = i.id
      left join open o on o.invoice_id = i.id
      left join retailers r on r.id = i.retailer_id
      where i.organisation_id = ${organisationId} and i.id = any(${chunk})
      order by i.date_till, i.id`,
  );

/** Every line item of the register's invoices, in invoice order and each invoice's own order. */
export const lineRows = (db: DbOrTx, organisationId: number, invoiceIds: readonly number[]) =>
  chunked<LineRow>(
    db,
    invoiceIds,
    (chunk) => sql`
      select l.id, i.id as invoice_id, i.invoice_number, i.date_till::text, l.sort_order, l.category,
        l.charge_type, l.description, l.tou_period, l.rate::text, l.units::text, l.total::text,
        l.tax_exempt, l.arithmetic_error
      from invoices i
      join invoice_line_items l on l.organisation_id = i.organisation_id and l.invoice_id = i.id
      where i.organisation_id = ${organisationId} and i.id = any(${chunk})
      order by i.date_till, i.id, l.sort_order, l.id`,
  );

/** The bill-audit alerts raised on the register's invoices, whatever became of them. */
export const exceptionRows = (db: DbOrTx, organisationId: number, invoiceIds: readonly number[]) =>
  chunked<ExceptionRow>(
    db,
    invoiceIds,
    (chunk) => sql`
      select a.id, i.id as invoice_id, i.invoice_number, i.date_till::text, m.local_name as meter, a.audit,
        a.message, a.status, a.alert_date::text
      from invoices i
      join meter_alerts a on a.organisation_id = i.organisation_id and a.invoice_id = i.id
      join meters m on m.organisation_id = a.organisation_id and m.id = a.meter_id
      where i.organisation_id = ${organisationId} and i.id = any(${chunk})
      order by i.date_till, i.id, a.id`,
  );
