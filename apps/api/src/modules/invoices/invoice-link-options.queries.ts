import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

export type LinkOptionRow = {
  id: number;
  filename: string;
  source: 'this invoice' | 'another invoice' | 'data source' | 'organisation';
  invoiceNumber: string | null;
  uploaded: string;
};

/**
 * The PDFs that may be an invoice's original: its own files, the files of other invoices of the same data
 * sources only (a statement covering several months), its data sources' files and the organisation's; never
 * one of another site or data source, which the caller may not see. Its current original is left out.
 */
export async function linkOptions(
  db: DbOrTx,
  organisationId: number,
  invoiceId: number,
  limit = 50,
): Promise<LinkOptionRow[]> {
  const rows = await db.execute<LinkOptionRow>(sql`
    with mine as (
      select meter_id from invoice_meters where organisation_id = ${organisationId} and invoice_id = ${invoiceId}
    ),
    current as (
      select original_file_id as id from invoices where organisation_id = ${organisationId} and id = ${invoiceId}
    )
    select f.id, f.filename, f.created_at::date::text as uploaded,
      case when f.owner_type = 'invoice' and f.owner_id = ${invoiceId} then 'this invoice'
        when f.owner_type = 'invoice' then 'another invoice'
        when f.owner_type = 'meter' then 'data source' else 'organisation' end as source,
      case when f.owner_type = 'invoice' and f.owner_id <> ${invoiceId} then oi.invoice_number end
        as "invoiceNumber"
    from files f
    left join invoices oi on f.owner_type = 'invoice' and oi.organisation_id = f.organisation_id
      and oi.id = f.owner_id
    where f.organisation_id = ${organisationId} and f.content_type = 'application/pdf'
      and f.id is distinct from (select id from current)
      and (
        (f.owner_type = 'invoice' and f.owner_id = ${invoiceId})
        or (f.owner_type = 'invoice' and oi.id is not null
          and exists (select 1 from invoice_meters im where im.organisation_id = f.organisation_id
            and im.invoice_id = oi.id and im.meter_id in (select meter_id from mine))
          and not exists (select 1 from invoice_meters im where im.organisation_id = f.organisation_id
            and im.invoice_id = oi.id and im.meter_id not in (select meter_id from mine)))
        or (f.owner_type = 'meter' and f.owner_id in (select meter_id from mine))
        or (f.owner_type = 'organisation' and f.owner_id = ${organisationId})
      )
    order by case when f.owner_type = 'invoice' and f.owner_id = ${invoiceId} then 0
        when f.owner_type = 'invoice' then 1 when f.owner_type = 'meter' then 2 else 3 end,
      oi.date_from desc nulls last, f.created_at desc, f.id desc
    limit ${limit}`);
  return rows.rows;
}
