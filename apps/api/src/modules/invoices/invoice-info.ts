import type { InvoiceInfo } from '@verdant/contracts/invoices/entry';
import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import * as q from './invoices.queries';

/**
 * GET /invoices/info/{id} (data-portal.md 7): the invoice's neighbours on a data source it covers (the one
 * named, else the first), as the page's Previous and Next tabs step through them; whether it is reversed; its
 * retailer's name and its number. An invoice not on the named data source is not found, as on the page.
 */
export async function invoiceInfo(
  db: DbOrTx,
  organisationId: number,
  invoiceId: number,
  meterId?: number,
): Promise<InvoiceInfo> {
  const invoice = await q.findInvoice(db, organisationId, invoiceId, meterId);
  const meter = meterId ?? invoice?.meterIds[0];
  if (!invoice || meter === undefined) throw notFound();
  const around = await q.neighbours(db, organisationId, meter, invoiceId);
  const retailer =
    invoice.retailerId === null
      ? undefined
      : (await db.execute<{ name: string }>(sql`select name from retailers where id = ${invoice.retailerId}`))
          .rows[0];
  return {
    previousId: around.previous_id,
    nextId: around.next_id,
    reversed: invoice.reversed,
    retailer: retailer?.name ?? null,
    invoiceNumber: invoice.invoiceNumber,
  };
}
