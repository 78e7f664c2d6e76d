import type { DbOrTx } from '@verdant/db/client';
import type { TemplatePatterns } from '@verdant/domain/email-processing/template-read';
import { sql } from 'drizzle-orm';

export type ItemToProcess = {
  id: number;
  organisationId: number;
  messageId: number;
  filename: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  storageKey: string | null;
  state: string;
  sender: string;
  subject: string;
  actingUserId: number | null;
};

/** An item and its message, locked while it is processed (a second worker skips it). */
export async function lockItem(tx: DbOrTx, id: number): Promise<ItemToProcess | undefined> {
  const rows = await tx.execute<ItemToProcess>(sql`
    select i.id, i.organisation_id as "organisationId", i.message_id as "messageId", i.filename,
      i.content_type as "contentType", i.size_bytes::int as "sizeBytes", i.sha256, i.storage_key as "storageKey",
      i.state, m.sender, m.subject, m.acting_user_id as "actingUserId"
    from email_items i join email_messages m on m.organisation_id = i.organisation_id and m.id = i.message_id
    where i.id = ${id} for update of i skip locked`);
  return rows.rows[0];
}

export type Template = {
  id: number;
  retailerId: number;
  retailerName: string;
  version: number;
  senders: string[];
  patterns: TemplatePatterns;
};

/** The newest version of every retailer's template. */
export async function latestTemplates(db: DbOrTx): Promise<Template[]> {
  const rows = await db.execute<Template>(sql`
    select distinct on (t.retailer_id) t.id, t.retailer_id as "retailerId", r.name as "retailerName", t.version,
      t.senders, t.patterns
    from email_templates t join retailers r on r.id = t.retailer_id
    order by t.retailer_id, t.version desc`);
  return rows.rows;
}

export type AccountMeter = {
  id: number;
  unitId: number | null;
  closed: boolean;
};

/** The organisation's data sources whose account or meter number is the one the invoice names. */
export async function metersOfAccount(db: DbOrTx, organisationId: number, account: string) {
  const rows = await db.execute<AccountMeter>(sql`
    select id, unit_id as "unitId", meter_close is not null as closed from meters
    where organisation_id = ${organisationId} and deleted_at is null
      and (lower(account) = lower(${account}) or lower(meter_number) = lower(${account}))
    order by meter_close is not null, id`);
  return rows.rows;
}

/** An invoice of the data source with this number already stored, if any. */
export async function invoiceWithNumber(db: DbOrTx, organisationId: number, meterId: number, number: string) {
  const rows = await db.execute<{ id: number }>(sql`
    select i.id from invoices i
    join invoice_meters im on im.organisation_id = i.organisation_id and im.invoice_id = i.id
    where i.organisation_id = ${organisationId} and im.meter_id = ${meterId}
      and lower(i.invoice_number) = lower(${number}) limit 1`);
  return rows.rows[0]?.id ?? null;
}

/** An item of the organisation with the same bytes already accepted, if any. */
export async function acceptedWithBytes(db: DbOrTx, organisationId: number, sha256: string, itemId: number) {
  const rows = await db.execute<{ id: number; invoiceId: number | null }>(sql`
    select id, invoice_id as "invoiceId" from email_items
    where organisation_id = ${organisationId} and sha256 = ${sha256} and state = 'accepted' and id <> ${itemId}
    limit 1`);
  return rows.rows[0];
}

export interface ItemOutcome {
  state: 'accepted' | 'parked' | 'deferred' | 'rejected';
  reasonCode: string | null;
  reason: string | null;
  retailerId?: number | null;
  templateId?: number | null;
  templateVersion?: number | null;
  invoiceId?: number | null;
  importUuid?: string | null;
  extracted?: unknown;
}

export async function setOutcome(tx: DbOrTx, id: number, o: ItemOutcome, at: Date) {
  await tx.execute(sql`
    update email_items set state = ${o.state}, reason_code = ${o.reasonCode}, reason = ${o.reason},
      retailer_id = ${o.retailerId ?? null}, template_id = ${o.templateId ?? null},
      template_version = ${o.templateVersion ?? null}, invoice_id = ${o.invoiceId ?? null},
      import_uuid = ${o.importUuid ?? null},
      extracted = ${o.extracted === undefined ? null : JSON.stringify(o.extracted)}::jsonb,
      state_at = ${at.toISOString()}, attempts = attempts + 1
    where id = ${id}`);
}
