import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import type { DemoStorage } from './demo-files';
import { renderInvoicePdf } from './invoice-pdf';
import { files } from './schema/organisation';

/** How many data sources, and how many of each one's latest invoices, keep their bill in the demo's library. */
const LIBRARY_METERS = 10;
const LIBRARY_INVOICES = 6;

type Bill = {
  id: number;
  invoiceNumber: string | null;
  invoiceDate: string;
  from: string;
  till: string;
  cost: string;
  consumption: string;
  unit: string;
  retailer: string;
  site: string;
  customer: string;
  account: string;
};

/**
 * The demo's Data Library (docs/decisions/data-library.md, The demo's library): the bills of the latest six
 * invoices of ten data sources with a retailer and an account, drawn as their retailer's PDF and kept as each
 * invoice's original, with the consumption file of the latest one beside it. Only files change: no figure moves.
 */
export async function seedDemoInvoiceLibrary(
  tx: DbOrTx,
  { organisationId }: { organisationId: number },
  storage: DemoStorage,
) {
  const bills = await tx.execute<Bill>(sql`
    with chosen as (
      select m.id from meters m
      where m.organisation_id = ${organisationId} and m.retailer_id is not null and m.account is not null
        and m.deleted_at is null
      order by m.id limit ${LIBRARY_METERS}
    ), latest as (
      select i.id, row_number() over (partition by im.meter_id order by i.date_from desc) as n, im.meter_id,
        im.consumption, im.unit_id
      from invoices i
      join invoice_meters im on im.organisation_id = i.organisation_id and im.invoice_id = i.id
      where i.organisation_id = ${organisationId} and i.kind = 'normal' and i.original_file_id is null
        and im.meter_id in (select id from chosen)
    )
    select i.id, i.invoice_number as "invoiceNumber", coalesce(i.invoice_date, i.date_till)::text as "invoiceDate",
      i.date_from::text as "from", i.date_till::text as "till", i.cost_excl_tax::text as cost,
      l.consumption::text as consumption, coalesce(u.name, '') as unit, r.name as retailer, s.name as site,
      o.name as customer, m.account
    from latest l
    join invoices i on i.organisation_id = ${organisationId} and i.id = l.id
    join meters m on m.organisation_id = ${organisationId} and m.id = l.meter_id
    join sites s on s.organisation_id = ${organisationId} and s.id = m.site_id
    join organisations o on o.id = ${organisationId}
    join retailers r on r.id = coalesce(i.retailer_id, m.retailer_id)
    left join units u on u.id = l.unit_id
    where l.n <= ${LIBRARY_INVOICES}
    order by m.id, i.date_from desc`);
  let previousAccount = '';
  for (const bill of bills.rows) {
    const cost = Number(bill.cost);
    const main = Math.round(cost * 0.8 * 100) / 100;
    const number = bill.invoiceNumber ?? String(bill.id);
    const pdf = await renderInvoicePdf({
      retailer: bill.retailer,
      customer: bill.customer,
      site: `${bill.site} (account ${bill.account})`,
      invoiceNumber: number,
      invoiceDate: bill.invoiceDate,
      period: `${bill.from} to ${bill.till}`,
      consumption: `${Math.round(Number(bill.consumption))} ${bill.unit}`.trim(),
      lines: [
        { description: 'Supply charges', amount: main },
        { description: 'Daily fixed charges', amount: Math.round((cost - main) * 100) / 100 },
      ],
      gst: Math.round(cost * 0.15 * 100) / 100,
    });
    const kept = [{ key: `files/demo-library-${bill.id}-original`, name: `${number}.pdf`, bytes: pdf }];
    // The latest bill of each account also keeps the retailer's consumption file.
    if (bill.account !== previousAccount) {
      const csv = `account,from,till,consumption,unit\n${bill.account},${bill.from},${bill.till},${bill.consumption},${bill.unit}\n`;
      kept.push({
        key: `files/demo-library-${bill.id}-raw`,
        name: `${number} consumption.csv`,
        bytes: Buffer.from(csv),
      });
    }
    previousAccount = bill.account;
    for (const [i, file] of kept.entries()) {
      await storage.put(file.key, file.bytes);
      const [row] = await tx
        .insert(files)
        .values({
          organisationId,
          ownerType: 'invoice',
          ownerId: bill.id,
          filename: file.name,
          contentType: i === 0 ? 'application/pdf' : 'text/csv',
          sizeBytes: file.bytes.length,
          storageKey: file.key,
        })
        .returning({ id: files.id });
      if (i === 0 && row)
        await tx.execute(sql`update invoices set original_file_id = ${row.id}
          where organisation_id = ${organisationId} and id = ${bill.id}`);
    }
  }
}
