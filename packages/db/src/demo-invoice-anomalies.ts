import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { recomputeFacts } from './ledger/recompute';
import { intArray } from './sql-arrays';

/**
 * A few slips in the demo's recent invoices for the bill audit to find (docs/decisions/demo.md, Deliberate
 * slips for the bill audit: open alerts of each kind), none of which changes the ledger's figures: a repeated
 * invoice number, a due date before the invoice date, GST that is not 15% and a line item whose rate does not
 * give its total; and a water account read by estimate for its last two bills. The API audits the demo once
 * it is loaded (main.ts), so the alerts are the audits' own.
 */
export async function seedDemoInvoiceAnomalies(db: DbOrTx, organisationId: number, today: string) {
  const latest = async (meter: string, offset = 0) => {
    const rows = await db.execute<{ id: number; date_till: string; invoice_number: string }>(sql`
      select i.id, i.date_till::text, i.invoice_number from invoices i
      join invoice_meters im on im.invoice_id = i.id join meters m on m.id = im.meter_id
      where i.organisation_id = ${organisationId} and m.local_name = ${meter}
      order by i.date_from desc limit 1 offset ${offset}`);
    return rows.rows[0];
  };
  const last = await latest('Head Office Car park lighting');
  const before = await latest('Head Office Car park lighting', 1);
  if (last && before)
    await db.execute(
      sql`update invoices set invoice_number = ${before.invoice_number} where id = ${last.id}`,
    );

  const library = await latest('Civic Library Main supply');
  if (library) {
    const day = toDayNumber(library.date_till);
    await db.execute(sql`update invoices set invoice_date = ${fromDayNumber(day + 6)},
      date_due = ${fromDayNumber(day + 2)} where id = ${library.id}`);
  }

  // Not Yard lighting: its latest invoice is reversed in the demo documents (demo-invoice-documents.ts).
  const yard = await latest('Northern Depot Workshop supply');
  if (yard) await db.execute(sql`update invoices set tax_amount = tax_amount + 12.34 where id = ${yard.id}`);

  // Civic Library Water: read by estimate for its last two bills (the Estimated Reads report lists it).
  const water = [await latest('Civic Library Water'), await latest('Civic Library Water', 1)];
  const estimatedIds = water.flatMap((w) => (w ? [w.id] : []));
  if (estimatedIds.length > 0) {
    await db.execute(sql`update invoices set read_type = 'estimated', estimated = true
      where organisation_id = ${organisationId} and id = any(${intArray(estimatedIds)})`);
    const meter = await db.execute<{ id: number }>(sql`select id from meters
      where organisation_id = ${organisationId} and local_name = 'Civic Library Water'`);
    await recomputeFacts(
      db,
      meter.rows.map((r) => r.id),
      today,
    );
  }

  const wash = await latest('Southern Depot Wash bay');
  if (wash)
    await db.execute(sql`update invoice_line_items set rate = round(rate * 1.5, 4) where invoice_id = ${wash.id}
      and charge_type = 'levy'`);
}
