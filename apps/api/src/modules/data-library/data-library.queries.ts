import type { DbOrTx } from '@verdant/db/client';
import { type SQL, sql } from 'drizzle-orm';

/** The filters of a search, each null when left open ('any'). */
export interface LibraryFilters {
  retailerId: number | null;
  organisationId: number | null;
  account: string | null;
  year: number | null;
  month: number | null;
}

export type LibraryRow = {
  id: number;
  filename: string;
  contentType: string;
  sizeBytes: string;
  uploaded: string;
  original: boolean;
  filedOn: string;
  retailerId: number | null;
  retailerName: string | null;
  organisationId: number;
  organisationName: string;
  accounts: string[] | null;
  meters: string[] | null;
  invoiceId: number;
  invoiceNumber: string | null;
  dateFrom: string;
  dateTill: string;
  meterId: number;
};

/** An account number as compared: without spaces or hyphens, in capitals. */
const normalised = (value: SQL) => sql`upper(regexp_replace(${value}, '[[:space:]-]', '', 'g'))`;
const likeText = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The stored files of invoices (the original and the raw data files, as the invoice list links them; data
 * from docs/decisions/data-library.md, What a file is filed under): the retailer is the invoice's, else its
 * data sources'; the month is the invoice date's (else its end); the account numbers are its data sources'.
 * Only a product administrator's search leaves the organisation open. Newest first.
 */
export async function searchFiles(db: DbOrTx, f: LibraryFilters, limit: number): Promise<LibraryRow[]> {
  // A deleted data source's invoices leave the library with it (restored, they come back).
  const where: SQL[] = [sql`mm.meters is not null`];
  if (f.organisationId !== null) where.push(sql`i.organisation_id = ${f.organisationId}`);
  if (f.retailerId !== null) where.push(sql`coalesce(i.retailer_id, mm.retailer_id) = ${f.retailerId}`);
  if (f.year !== null) where.push(sql`extract(year from coalesce(i.invoice_date, i.date_till)) = ${f.year}`);
  if (f.month !== null)
    where.push(sql`extract(month from coalesce(i.invoice_date, i.date_till)) = ${f.month}`);
  if (f.account !== null) {
    const wanted = `%${likeText(f.account.replace(/[\s-]/g, '').toUpperCase())}%`;
    where.push(sql`exists (select 1 from invoice_meters im2
      join meters m2 on m2.organisation_id = im2.organisation_id and m2.id = im2.meter_id
      where im2.organisation_id = i.organisation_id and im2.invoice_id = i.id
        and m2.deleted_at is null and ${normalised(sql`m2.account`)} like ${wanted})`);
  }
  const rows = await db.execute<LibraryRow>(sql`
    select f.id, f.filename, f.content_type as "contentType", f.size_bytes::text as "sizeBytes",
      to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as uploaded,
      f.id is not distinct from i.original_file_id as original,
      coalesce(i.invoice_date, i.date_till)::text as "filedOn",
      r.id as "retailerId", r.name as "retailerName",
      o.id as "organisationId", o.name as "organisationName",
      mm.accounts, mm.meters,
      i.id as "invoiceId", i.invoice_number as "invoiceNumber",
      i.date_from::text as "dateFrom", i.date_till::text as "dateTill",
      mm.meter_id as "meterId"
    from invoices i
    join files f on f.organisation_id = i.organisation_id
      and (f.id = i.original_file_id or (f.owner_type = 'invoice' and f.owner_id = i.id))
    join organisations o on o.id = i.organisation_id
    left join lateral (
      select min(m.retailer_id) as retailer_id, min(m.id) as meter_id,
        array_agg(distinct m.account order by m.account) filter (where m.account is not null) as accounts,
        array_agg(distinct m.local_name order by m.local_name) as meters
      from invoice_meters im
      join meters m on m.organisation_id = im.organisation_id and m.id = im.meter_id
      where im.organisation_id = i.organisation_id and im.invoice_id = i.id and m.deleted_at is null
    ) mm on true
    left join retailers r on r.id = coalesce(i.retailer_id, mm.retailer_id)
    where ${sql.join(where, sql` and `)}
    order by coalesce(i.invoice_date, i.date_till) desc, o.name, f.id desc
    limit ${limit}`);
  return rows.rows;
}
