import type { DbOrTx } from '@verdant/db/client';
import { invoiceLineItems, invoiceMeters, invoices } from '@verdant/db/schema/inputs';
import { and, eq, sql } from 'drizzle-orm';

/** Invoice entry's SQL (issue 14a): one invoice with its items, the meter it is entered on, the neighbours. */

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
};

export async function findMeter(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<MeterRow>(sql`
    select m.id, m.local_name, m.site_id, s.name as site_name, o.name as organisation_name, m.meter_number, m.account, m.energy_id, m.unit_id,
      m.retailer_id, m.meter_open::text as meter_open, m.meter_close::text as meter_close
    from meters m join sites s on s.id = m.site_id join organisations o on o.id = m.organisation_id
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

/** The invoice if it is the organisation's and covers the meter. */
export async function findInvoice(db: DbOrTx, organisationId: number, invoiceId: number, meterId?: number) {
  const rows = await db.execute<{ id: number }>(sql`
    select i.id from invoices i
    where i.organisation_id = ${organisationId} and i.id = ${invoiceId}
      ${meterId === undefined ? sql`` : sql`and exists (select 1 from invoice_meters im where im.invoice_id = i.id and im.meter_id = ${meterId})`}`);
  if (rows.rows.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.organisationId, organisationId), eq(invoices.id, invoiceId)));
  if (!row) return undefined;
  const extra = await db.execute<{
    meter_ids: number[];
    unit_id: number | null;
    consumption: string | null;
    bill_type: string;
    entered_by: string | null;
    reversed: boolean;
  }>(sql`
    select array(select meter_id from invoice_meters where invoice_id = i.id order by meter_id) as meter_ids,
      (select unit_id from invoice_meters where invoice_id = i.id and meter_id = ${meterId ?? null}::int) as unit_id,
      (select consumption::text from invoice_meters where invoice_id = i.id and meter_id = ${meterId ?? null}::int) as consumption,
      b.name as bill_type,
      nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.surname, '')), '') as entered_by,
      exists (select 1 from invoice_reversals r where r.reversed_id = i.id) as reversed
    from invoices i join bill_types b on b.id = i.bill_type_id left join users u on u.id = i.entered_by
    where i.id = ${invoiceId}`);
  const e = extra.rows[0];
  return {
    ...row,
    meterIds: (e?.meter_ids ?? []).map(Number),
    unitId: e?.unit_id ?? null,
    consumption: e?.consumption ?? null,
    billType: e?.bill_type ?? '',
    enteredByName: e?.entered_by ?? null,
    reversed: e?.reversed ?? false,
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
      from invoices i join invoice_meters im on im.invoice_id = i.id and im.meter_id = ${meterId}
      where i.organisation_id = ${organisationId}
      window w as (order by i.date_from, i.id))
    select previous_id, next_id from mine where id = ${invoiceId}`);
  return rows.rows[0] ?? { previous_id: null, next_id: null };
}

/** The latest invoice of the meter that starts before a date (what a new invoice is based on). */
export async function latestBefore(db: DbOrTx, organisationId: number, meterId: number, before: string) {
  const rows = await db.execute<{ id: number }>(sql`
    select i.id from invoices i join invoice_meters im on im.invoice_id = i.id and im.meter_id = ${meterId}
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
    from invoices i join invoice_meters im on im.invoice_id = i.id and im.meter_id = ${meterId}
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
