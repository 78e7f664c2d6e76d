import type { Db, DbOrTx } from '@verdant/db/client';
import { intArray } from '@verdant/db/sql-arrays';
import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';

type FileAnswer = { success: true; data: string | null };

/** The files of some invoices of an organisation: each one's original PDF and the files uploaded to it. */
export async function invoiceFileRows(db: DbOrTx, organisationId: number, invoiceIds: number[]) {
  const rows = await db.execute<{
    invoiceId: number;
    fileId: number;
    filename: string;
    original: boolean;
  }>(sql`
    select i.id as "invoiceId", f.id as "fileId", f.filename, f.id = i.original_file_id as original
    from invoices i join files f on f.organisation_id = i.organisation_id
      and (f.id = i.original_file_id or (f.owner_type = 'invoice' and f.owner_id = i.id))
    where i.organisation_id = ${organisationId} and i.id = any(${intArray(invoiceIds)})
    order by f.id`);
  return rows.rows;
}

/**
 * GET /invoices/{id}/pdf-filename and /invoices/{id}/preauth-link/{x} (data-portal.md 7): an invoice's original
 * PDF by name, and a time-limited direct link to it or to another of its files, for callers of the API that do
 * not read the invoice page (docs/decisions/invoices.md, An invoice's files by name and link). The route's rule
 * has checked the caller may view the invoice.
 */
export function createInvoiceFileReads({ db, fileUrl }: { db: Db; fileUrl: (fileId: number) => string }) {
  const filesOf = (a: Caller, invoiceId: number) => invoiceFileRows(db, orgOf(a).id, [invoiceId]);

  return {
    async pdfFilename(a: Caller, invoiceId: number): Promise<FileAnswer> {
      const original = (await filesOf(a, invoiceId)).find((f) => f.original);
      return { success: true, data: original?.filename ?? null };
    },

    /** x: 'pdf' for the original, else the id of one of the invoice's files; none such is not found. */
    async preauthLink(a: Caller, invoiceId: number, x: string): Promise<FileAnswer> {
      const files = await filesOf(a, invoiceId);
      const file = x === 'pdf' ? files.find((f) => f.original) : files.find((f) => String(f.fileId) === x);
      if (!file) throw notFound();
      return { success: true, data: fileUrl(file.fileId) };
    },
  };
}
