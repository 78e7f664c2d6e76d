import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

export type MeterRow = {
  id: number;
  localName: string;
  meterNumber: string | null;
  meterOpen: string | null;
  meterClose: string | null;
  transientMeter: boolean;
  energyId: number | null;
  unitId: number | null;
  unitName: string | null;
  conversion: string | null;
};

/** The live meter with its unit (its own, else its data type's default). */
export async function findMeter(db: DbOrTx, organisationId: number, meterId: number, lock = false) {
  const rows = await db.execute<MeterRow>(sql`
    select m.id, m.local_name as "localName", m.meter_number as "meterNumber", m.meter_open as "meterOpen",
      m.meter_close as "meterClose", m.transient_meter as "transientMeter", m.energy_id as "energyId",
      u.id as "unitId", u.name as "unitName", u.conversion_to_standard as conversion
    from meters m
    left join data_types d on d.id = m.energy_id
    left join units u on u.id = coalesce(m.unit_id, d.default_unit_id)
    where m.organisation_id = ${organisationId} and m.id = ${meterId} and m.deleted_at is null
    ${lock ? sql`for update of m` : sql``}`);
  return rows.rows[0];
}

export type InvoiceRow = {
  id: number;
  kind: 'normal' | 'reversal' | 'replacement' | 'decommission';
  invoiceNumber: string | null;
  invoiceDate: string | null;
  dateFrom: string;
  dateTill: string;
  readType: string;
  costExclTax: string;
  total: string;
  /** In the meter's unit; null for a bill type that carries no consumption. */
  cons: string | null;
  reverses: number[];
  reversedBy: number[];
  noteId: number | null;
  noteText: string | null;
  alerts: number;
  originalFileId: number | null;
};

/**
 * Every invoice of the meter, with its consumption for this meter in the meter's unit, what it reverses
 * and is reversed by, its bound note and its pending alerts. One statement.
 */
export async function meterInvoices(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  meterConversion: string | null,
): Promise<InvoiceRow[]> {
  const rows = await db.execute<InvoiceRow>(sql`
    select i.id, i.kind, i.invoice_number as "invoiceNumber", i.invoice_date as "invoiceDate",
      i.date_from as "dateFrom", i.date_till as "dateTill", i.read_type as "readType",
      i.cost_excl_tax as "costExclTax", (i.cost_excl_tax + i.tax_amount)::text as total,
      case when b.carries_consumption then
        (im.consumption * coalesce(iu.conversion_to_standard, 1) / coalesce(${meterConversion}::numeric, iu.conversion_to_standard, 1))::text
      end as cons,
      coalesce((select array_agg(r.reversed_id order by r.reversed_id) from invoice_reversals r
        where r.organisation_id = i.organisation_id and r.reversal_id = i.id), '{}') as reverses,
      coalesce((select array_agg(r.reversal_id order by r.reversal_id) from invoice_reversals r
        where r.organisation_id = i.organisation_id and r.reversed_id = i.id), '{}') as "reversedBy",
      n.id as "noteId", n.text as "noteText",
      (select count(*)::int from meter_alerts a where a.organisation_id = i.organisation_id
        and a.invoice_id = i.id and a.meter_id = im.meter_id and a.status = 'pending') as alerts,
      i.original_file_id as "originalFileId"
    from invoice_meters im
    join invoices i on i.organisation_id = im.organisation_id and i.id = im.invoice_id
    join bill_types b on b.id = i.bill_type_id
    left join units iu on iu.id = im.unit_id
    left join lateral (select j.id, j.text from jobs j where j.organisation_id = i.organisation_id
      and j.meter_id = im.meter_id and j.invoice_id = i.id order by j.id limit 1) n on true
    where im.organisation_id = ${organisationId} and im.meter_id = ${meterId}
    order by i.date_from desc, i.id desc`);
  return rows.rows.map((r) => ({
    ...r,
    reverses: (r.reverses ?? []).map(Number),
    reversedBy: (r.reversedBy ?? []).map(Number),
  }));
}

export type GapNoteRow = {
  id: number;
  dateFrom: string;
  dateTill: string | null;
  text: string;
};

/** The meter's notes that mark a period with no invoices on purpose. */
export async function gapFillerNotes(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<GapNoteRow>(sql`
    select id, date_from as "dateFrom", date_till as "dateTill", text from jobs
    where organisation_id = ${organisationId} and meter_id = ${meterId} and invoice_gap_filler
      and invoice_id is null
    order by date_from desc`);
  return rows.rows;
}

/** The meters this one replaced and was replaced by (Create Replacement stores the link), live ones only. */
export async function replacementLinks(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<{ direction: 'previous' | 'replacement'; id: number; name: string }>(sql`
    select 'previous' as direction, o.id, o.local_name as name
    from meters m join meters o on o.organisation_id = m.organisation_id and o.id = m.replaces_meter_id
    where m.organisation_id = ${organisationId} and m.id = ${meterId} and o.deleted_at is null
    union all
    select 'replacement', n.id, n.local_name from meters n
    where n.organisation_id = ${organisationId} and n.replaces_meter_id = ${meterId} and n.deleted_at is null`);
  return rows.rows;
}

/** The units of a data type. */
export async function unitsOf(db: DbOrTx, dataTypeId: number | null) {
  if (dataTypeId === null) return [];
  const rows = await db.execute<{ id: number; name: string; conversion: string }>(sql`
    select id, name, conversion_to_standard as conversion from units where data_type_id = ${dataTypeId}
    order by name`);
  return rows.rows;
}

/**
 * What the given invoices bill per meter: their ids, and consumption converted to a unit of conversion
 * `toStandard` (the meter's data type's), and their cost before GST.
 */
export async function reversedPerMeter(
  db: DbOrTx,
  organisationId: number,
  invoiceIds: number[],
  toStandard: string,
) {
  if (invoiceIds.length === 0) return { meters: [], cost: 0 };
  const ids = `{${invoiceIds.join(',')}}`;
  const rows = await db.execute<{
    meterId: number;
    meterNumber: string | null;
    invoices: number[];
    cons: string;
  }>(sql`
    select im.meter_id as "meterId", m.meter_number as "meterNumber",
      array_agg(im.invoice_id order by im.invoice_id) as invoices,
      sum(im.consumption * coalesce(u.conversion_to_standard, 1) / ${toStandard}::numeric)::text as cons
    from invoice_meters im
    join meters m on m.organisation_id = im.organisation_id and m.id = im.meter_id
    left join units u on u.id = im.unit_id
    where im.organisation_id = ${organisationId} and im.invoice_id = any(${ids}::int[])
    group by im.meter_id, m.meter_number order by im.meter_id`);
  const cost = await db.execute<{ cost: string | null }>(sql`
    select sum(cost_excl_tax)::text as cost from invoices
    where organisation_id = ${organisationId} and id = any(${ids}::int[])`);
  return { meters: rows.rows, cost: Number(cost.rows[0]?.cost ?? 0) };
}

/** The meter's latest invoices, newest first, and one more when `include` names an older one of the meter. */
export async function recentInvoices(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  limit: number,
  include: number | null,
) {
  const rows = await db.execute<{
    id: number;
    invoiceNumber: string | null;
    dateFrom: string;
    dateTill: string;
    kind: 'normal' | 'reversal' | 'replacement' | 'decommission';
    reversed: boolean;
  }>(sql`
    with mine as (
      select i.id, i.invoice_number as "invoiceNumber", i.date_from as "dateFrom", i.date_till as "dateTill",
        i.kind, exists (select 1 from invoice_reversals r where r.organisation_id = i.organisation_id
          and r.reversed_id = i.id) as reversed,
        row_number() over (order by i.date_from desc, i.id desc) as n
      from invoice_meters im join invoices i on i.organisation_id = im.organisation_id and i.id = im.invoice_id
      where im.organisation_id = ${organisationId} and im.meter_id = ${meterId}
    )
    select id, "invoiceNumber", "dateFrom", "dateTill", kind, reversed from mine
    where n <= ${limit} or id = ${include ?? 0}
    order by n`);
  return rows.rows;
}

/** The invoice of the meter with that id (its period). */
export async function meterInvoice(db: DbOrTx, organisationId: number, meterId: number, invoiceId: number) {
  const rows = await db.execute<{ dateFrom: string; dateTill: string }>(sql`
    select i.date_from as "dateFrom", i.date_till as "dateTill" from invoices i
    join invoice_meters im on im.organisation_id = i.organisation_id and im.invoice_id = i.id
    where i.organisation_id = ${organisationId} and i.id = ${invoiceId} and im.meter_id = ${meterId}`);
  return rows.rows[0];
}

/** Sets what the ledger call does not: due date and who entered it. */
export async function completeInvoice(
  db: DbOrTx,
  organisationId: number,
  invoiceId: number,
  values: { dateDue: string | null; enteredBy: number; meterId: number },
) {
  // The document is the retailer's: it re-bills the meter it is entered on.
  await db.execute(sql`update invoices set date_due = ${values.dateDue}, entered_by = ${values.enteredBy},
      retailer_id = (select m.retailer_id from meters m
        where m.organisation_id = ${organisationId} and m.id = ${values.meterId})
    where organisation_id = ${organisationId} and id = ${invoiceId}`);
}

/** A decommission closes the meter on the decommission's end (unless it already closed earlier). */
export async function closeMeter(db: DbOrTx, organisationId: number, meterId: number, closeDate: string) {
  await db.execute(sql`update meters set meter_close = ${closeDate}, updated_at = now()
    where organisation_id = ${organisationId} and id = ${meterId}
      and (meter_close is null or meter_close > ${closeDate})`);
}
