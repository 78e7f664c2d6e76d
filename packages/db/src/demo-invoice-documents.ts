import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import type { DemoStorage } from './demo-files';
import { renderInvoicePdf } from './invoice-pdf';
import { addInvoice } from './ledger/inputs';
import { recomputeFacts } from './ledger/recompute';
import { files } from './schema/organisation';

type DemoInvoice = {
  id: number;
  meterId: number;
  unitId: number;
  from: string;
  till: string;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  consumption: string;
  cost: string;
  tax: string;
};

async function invoicesOf(tx: DbOrTx, organisationId: number, meterName: string): Promise<DemoInvoice[]> {
  const rows = await tx.execute<DemoInvoice>(sql`
    select i.id, im.meter_id as "meterId", im.unit_id as "unitId", i.date_from as "from", i.date_till as "till",
      i.invoice_number as "invoiceNumber", i.invoice_date as "invoiceDate", im.consumption::text as consumption,
      i.cost_excl_tax::text as cost, i.tax_amount::text as tax
    from invoices i
    join invoice_meters im on im.organisation_id = i.organisation_id and im.invoice_id = i.id
    join meters m on m.organisation_id = im.organisation_id and m.id = im.meter_id
    where i.organisation_id = ${organisationId} and m.local_name = ${meterName} and i.kind = 'normal'
    order by i.date_from desc`);
  return rows.rows;
}

const sum = (list: DemoInvoice[], key: 'consumption' | 'cost') =>
  Math.round(list.reduce((s, i) => s + Number(i[key]), 0) * 100) / 100;

/**
 * The demo's invoice documents: a replacement of two invoices, a reversal, a decommissioned meter, and two
 * invoices with original PDFs the product draws (when a storage is given).
 */
export async function seedDemoInvoiceDocuments(
  tx: DbOrTx,
  { organisationId, today }: { organisationId: number; today: string },
  storage?: DemoStorage,
) {
  // Pool pumps: the fifth- and fourth-latest months re-billed as one invoice after a meter fault.
  const pumps = await invoicesOf(tx, organisationId, 'Aquatic Centre Pool pumps');
  const replaced = pumps.slice(3, 5).reverse();
  const [first, last] = replaced;
  if (first && last) {
    await addInvoice(tx, organisationId, {
      from: first.from,
      till: last.till,
      invoiceDate: last.invoiceDate ?? last.till,
      invoiceNumber: `${first.invoiceNumber ?? 'RB'}-R`,
      kind: 'replacement',
      cost: sum(replaced, 'cost') - 42.5,
      meters: [
        {
          meterId: first.meterId,
          unitId: first.unitId,
          consumption: Math.round(sum(replaced, 'consumption') * 0.97),
        },
      ],
      reverses: replaced.map((i) => i.id),
    });
  }

  // Yard lighting: the latest invoice reversed (charged in error), the period left to be billed again.
  const yard = await invoicesOf(tx, organisationId, 'Northern Depot Yard lighting');
  const latest = yard[0];
  if (latest && today > latest.till) {
    await addInvoice(tx, organisationId, {
      from: latest.from,
      till: today,
      invoiceDate: today,
      invoiceNumber: `${latest.invoiceNumber ?? 'YL'}-REV`,
      kind: 'reversal',
      cost: 0,
      meters: [{ meterId: latest.meterId, unitId: latest.unitId, consumption: 0 }],
      reverses: [latest.id],
    });
  }

  // Outfall pumps: decommissioned with its final invoice; the data source closes on its end.
  const outfall = await invoicesOf(tx, organisationId, 'Water Treatment Plant Outfall pumps');
  const final = outfall[0];
  if (final) {
    await addInvoice(tx, organisationId, {
      from: final.from,
      till: final.till,
      invoiceDate: final.invoiceDate ?? final.till,
      invoiceNumber: `${final.invoiceNumber ?? 'OP'}-FINAL`,
      kind: 'decommission',
      cost: Number(final.cost),
      meters: [{ meterId: final.meterId, unitId: final.unitId, consumption: Number(final.consumption) }],
      reverses: [final.id],
    });
    await tx.execute(sql`update meters set meter_close = ${final.till}
      where organisation_id = ${organisationId} and id = ${final.meterId}`);
    await recomputeFacts(tx, [final.meterId], today);
  }

  if (!storage) return;
  // Two invoices with their original PDFs.
  for (const [meterName, site] of [
    ['Head Office Main supply', 'Head Office, 12 Queen Street'],
    ['Civic Library Main supply', 'Civic Library, 3 Library Lane'],
  ] as const) {
    const [invoice] = await invoicesOf(tx, organisationId, meterName);
    if (!invoice) continue;
    const cost = Number(invoice.cost);
    const energy = Math.round(cost * 0.78 * 100) / 100;
    const bytes = await renderInvoicePdf({
      retailer: 'Southern Power Ltd',
      customer: 'Demo Organisation',
      site,
      invoiceNumber: invoice.invoiceNumber ?? String(invoice.id),
      invoiceDate: invoice.invoiceDate ?? invoice.till,
      period: `${invoice.from} to ${invoice.till}`,
      consumption: `${Math.round(Number(invoice.consumption))} kWh`,
      lines: [
        { description: 'Energy charges', amount: energy },
        { description: 'Daily fixed charges', amount: Math.round((cost - energy) * 0.8 * 100) / 100 },
        { description: 'Electricity Authority levy', amount: Math.round((cost - energy) * 0.2 * 100) / 100 },
      ],
      gst: Math.round(cost * 0.15 * 100) / 100,
    });
    const storageKey = `files/demo-invoice-${invoice.id}-original`;
    await storage.put(storageKey, bytes);
    const [file] = await tx
      .insert(files)
      .values({
        organisationId,
        ownerType: 'invoice',
        ownerId: invoice.id,
        filename: `${invoice.invoiceNumber ?? invoice.id}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        storageKey,
      })
      .returning({ id: files.id });
    if (file) {
      await tx.execute(sql`update invoices set original_file_id = ${file.id}
        where organisation_id = ${organisationId} and id = ${invoice.id}`);
    }
  }
}

/**
 * The demo's bills as a paper bill has them (docs/decisions/demo.md, Bills read as paper bills, at the
 * contracted rates): each names the retailer of its data source and is due 20 days after its date, and each
 * line item has its charge type (the generators write the type's short name: energy, network, daily, levy).
 */
export async function seedDemoInvoiceHeaders(tx: DbOrTx, organisationId: number) {
  await tx.execute(sql`update invoices i set retailer_id = m.retailer_id
    from invoice_meters im join meters m on m.id = im.meter_id
    where im.invoice_id = i.id and i.organisation_id = ${organisationId} and i.retailer_id is null`);
  await tx.execute(sql`update invoices set date_due = invoice_date + 20
    where organisation_id = ${organisationId} and date_due is null and invoice_date is not null`);
  await tx.execute(sql`update invoice_line_items set charge_type_id = case charge_type
      when 'energy' then 1 when 'daily' then 2 when 'network' then 3
      when 'levy' then case when description ilike '%gas%' then 7 else 6 end end
    where organisation_id = ${organisationId} and charge_type_id is null
      and charge_type in ('energy', 'daily', 'network', 'levy')`);
}
