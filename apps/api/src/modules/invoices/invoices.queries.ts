import type { DbOrTx } from '@verdant/db/client';
import { invoiceLineItems, invoiceMeters, invoices } from '@verdant/db/schema/inputs';
import { and, eq, sql } from 'drizzle-orm';

/** Invoice entry's SQL: one invoice with its items, the meter it is entered on, the neighbours. */

export type MeterRow = {
  id: number;
  local_name: string;
  site_id: number;
  site_name: string;
  organisation_name: string;
  meter_number: string | null;
  account: string | null;
  energy_id: number | null;
  unit_id: number | null;
  retailer_id: number | null;
  meter_open: string | null;
  meter_close: string | null;
  /** The units of the meter's data type. */
  unit_ids: number[];
};

export async function findMeter(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<MeterRow>(sql`
    select m.id, m.local_name, m.site_id, s.name as site_name, o.name as organisation_name, m.meter_number, m.account, m.energy_id, m.unit_id,
      m.retailer_id, m.meter_open::text as meter_open, m.meter_close::text as meter_close,
      array(select u.id from units u where u.data_type_id = m.energy_id) as unit_ids
    from meters m join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
    join organisations o on o.id = m.organisation_id
    where m.organisation_id = ${organisationId} and m.id = ${meterId} and m.deleted_at is null`);
  return rows.rows[0];
}

export type InvoiceRow = typeof invoices.$inferSelect & {
  meterIds: number[];
  unitId: number | null;
  consumption: string | null;
  billType: string;
  enteredByName: string | null;
  reversed: boolean;
};

/** The invoice if it is the organisation's (and covers the meter, when one is named): one statement. */
export async function findInvoice(db: DbOrTx, organisationId: number, invoiceId: number, meterId?: number) {
  const rows = await db.execute<{
    invoice: Record<string, unknown>;
    meter_ids: number[];
    unit_id: number | null;
    consumption: string | null;
    bill_type: string;
    entered_by: string | null;
    reversed: boolean;
  }>(sql`
    select to_jsonb(i) as invoice,
      array(select meter_id from invoice_meters x
        where x.organisation_id = i.organisation_id and x.invoice_id = i.id order by meter_id) as meter_ids,
      im.unit_id, im.consumption::text as consumption, b.name as bill_type,
      nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.surname, '')), '') as entered_by,
      exists (select 1 from invoice_reversals r
        where r.organisation_id = i.organisation_id and r.reversed_id = i.id) as reversed
    from invoices i join bill_types b on b.id = i.bill_type_id left join users u on u.id = i.entered_by
      left join invoice_meters im
        on im.organisation_id = i.organisation_id and im.invoice_id = i.id and im.meter_id = ${meterId ?? null}::int
    where i.organisation_id = ${organisationId} and i.id = ${invoiceId}
      ${meterId === undefined ? sql`` : sql`and im.meter_id is not null`}`);
  const e = rows.rows[0];
  if (!e) return undefined;
  const j = e.invoice as Record<string, unknown>;
  const text = (k: string) => (j[k] === null || j[k] === undefined ? null : String(j[k]));
  const money = (k: string) => Number(j[k] ?? 0).toFixed(2);
  const row: typeof invoices.$inferSelect = {
    id: Number(j.id),
    organisationId: Number(j.organisation_id),
    retailerId: j.retailer_id === null ? null : Number(j.retailer_id),
    invoiceNumber: text('invoice_number'),
    invoiceDate: text('invoice_date'),
    dateDue: text('date_due'),
    dateFrom: String(j.date_from),
    dateTill: String(j.date_till),
    kind: j.kind as (typeof invoices.$inferSelect)['kind'],
    billTypeId: Number(j.bill_type_id),
    readType: j.read_type as (typeof invoices.$inferSelect)['readType'],
    chargesTotal: money('charges_total'),
    sundriesTotal: money('sundries_total'),
    discountsTotal: money('discounts_total'),
    costExclTax: money('cost_excl_tax'),
    taxAmount: money('tax_amount'),
    estimated: j.estimated === true,
    itemsIncludeTax: j.items_include_tax === true,
    discountAfterTax: j.discount_after_tax === true,
    taxPercentage: String(j.tax_percentage ?? '15'),
    openingBalance: money('opening_balance'),
    totalPayable: j.total_payable === null || j.total_payable === undefined ? null : money('total_payable'),
    edited: j.edited === true,
    metaEdited: j.meta_edited === true,
    notes: text('notes'),
    enteredBy: j.entered_by === null ? null : Number(j.entered_by),
    originalFileId:
      j.original_file_id === null || j.original_file_id === undefined ? null : Number(j.original_file_id),
    createdAt: new Date(String(j.created_at)),
    updatedAt: new Date(String(j.updated_at)),
  };
  return {
    ...row,
    meterIds: (e.meter_ids ?? []).map(Number),
    unitId: e.unit_id,
    consumption: e.consumption,
    billType: e.bill_type,
    enteredByName: e.entered_by,
    reversed: e.reversed,
  } satisfies InvoiceRow;
}

export async function invoiceItems(db: DbOrTx, organisationId: number, invoiceId: number) {
  return db
    .select()
    .from(invoiceLineItems)
    .where(
      and(eq(invoiceLineItems.organisationId, organisationId), eq(invoiceLineItems.invoiceId, invoiceId)),
    )
    .orderBy(invoiceLineItems.sortOrder, invoiceLineItems.id);
}

/** The meter's invoices before and after this one, by period then id. */
export async function neighbours(db: DbOrTx, organisationId: number, meterId: number, invoiceId: number) {
  const rows = await db.execute<{ previous_id: number | null; next_id: number | null }>(sql`
    with mine as (
      select i.id, i.date_from, lag(i.id) over w as previous_id, lead(i.id) over w as next_id
      from invoices i join invoice_meters im
        on im.organisation_id = i.organisation_id and im.invoice_id = i.id and im.meter_id = ${meterId}
      where i.organisation_id = ${organisationId}
      window w as (order by i.date_from, i.id))
    select previous_id, next_id from mine where id = ${invoiceId}`);
  return rows.rows[0] ?? { previous_id: null, next_id: null };
}

/** The latest invoice of the meter that starts before a date (what a new invoice is based on). */
export async function latestBefore(db: DbOrTx, organisationId: number, meterId: number, before: string) {
  const rows = await db.execute<{ id: number }>(sql`
    select i.id from invoices i join invoice_meters im
        on im.organisation_id = i.organisation_id and im.invoice_id = i.id and im.meter_id = ${meterId}
    where i.organisation_id = ${organisationId} and i.kind = 'normal' and i.date_from < ${before}
    order by i.date_from desc, i.id desc limit 1`);
  return rows.rows[0]?.id;
}

/** The meter's invoice periods, in order (for gap suggestions). */
export async function meterPeriods(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<{
    id: number;
    invoice_number: string | null;
    date_from: string;
    date_till: string;
  }>(sql`
    select i.id, i.invoice_number, i.date_from::text as date_from, i.date_till::text as date_till
    from invoices i join invoice_meters im
        on im.organisation_id = i.organisation_id and im.invoice_id = i.id and im.meter_id = ${meterId}
    where i.organisation_id = ${organisationId}
    order by i.date_from, i.id`);
  return rows.rows;
}

export async function unitsOfDataType(db: DbOrTx, organisationId: number, energyId: number | null) {
  const rows = await db.execute<{ id: number; text: string }>(sql`
    select u.id, u.name as text from units u join data_types d on d.id = u.data_type_id
    where u.data_type_id = ${energyId ?? -1} and (d.organisation_id is null or d.organisation_id = ${organisationId})
    order by u.id`);
  return rows.rows;
}

export async function retailerOptions(db: DbOrTx) {
  const rows = await db.execute<{ id: number; text: string }>(
    sql`select id, name as text from retailers order by name`,
  );
  return rows.rows;
}

export async function insertInvoice(db: DbOrTx, values: typeof invoices.$inferInsert) {
  const [row] = await db.insert(invoices).values(values).returning({ id: invoices.id });
  if (!row) throw new Error('invoice not inserted');
  return row.id;
}

export async function updateInvoice(
  db: DbOrTx,
  organisationId: number,
  invoiceId: number,
  values: Partial<typeof invoices.$inferInsert>,
) {
  await db
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(invoices.organisationId, organisationId), eq(invoices.id, invoiceId)));
}

export async function replaceItems(
  db: DbOrTx,
  organisationId: number,
  invoiceId: number,
  items: (typeof invoiceLineItems.$inferInsert)[],
) {
  await db
    .delete(invoiceLineItems)
    .where(
      and(eq(invoiceLineItems.organisationId, organisationId), eq(invoiceLineItems.invoiceId, invoiceId)),
    );
  if (items.length > 0) await db.insert(invoiceLineItems).values(items);
}

/** Adds items to an invoice, leaving its other items as they are. */
export async function insertItems(db: DbOrTx, items: (typeof invoiceLineItems.$inferInsert)[]) {
  if (items.length > 0) await db.insert(invoiceLineItems).values(items);
}

export async function upsertInvoiceMeter(db: DbOrTx, values: typeof invoiceMeters.$inferInsert) {
  await db
    .insert(invoiceMeters)
    .values(values)
    .onConflictDoUpdate({
      target: [invoiceMeters.invoiceId, invoiceMeters.meterId],
      set: { unitId: values.unitId, consumption: values.consumption },
    });
}

export async function deleteInvoice(db: DbOrTx, organisationId: number, invoiceId: number) {
  await db
    .delete(invoices)
    .where(and(eq(invoices.organisationId, organisationId), eq(invoices.id, invoiceId)));
}
