import { randomUUID } from 'node:crypto';
import { invoiceInput } from '@verdant/contracts/invoices/entry';
import type { Db, Tx } from '@verdant/db/client';
import { files } from '@verdant/db/schema/organisation';
import { amountOf, dateOf, senderMatches } from '@verdant/domain/email-processing/template-read';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import * as q from '../../modules/email-processing/processing.queries';
import { boundedRead, boundedRecognises, TIMED_OUT } from '../../modules/email-processing/template-budget';
import { evaluateInvoiceAlerts } from '../../modules/invoices/invoice-alerts.evaluate';
import { createInvoicesService } from '../../modules/invoices/invoices.service';
import type { Caller } from '../../plugins/auth';
import { outcomeOf } from './outcome';

/** Text kept with an item for the queues' "what was extracted" (a long document is cut). */
const KEPT_TEXT = 20_000;

/** The charge type a bill line's words name (docs/decisions/email-intake.md, Processing); Energy otherwise. */
export function chargeTypeOf(description: string): number {
  const d = description.toLowerCase();
  if (d.includes('daily') || d.includes('fixed')) return 2;
  if (d.includes('levy')) return 6;
  if (d.includes('network') || d.includes('lines')) return 3;
  if (d.includes('meter')) return 4;
  return 1;
}

/** The template that answers for a document: by its sender first, else by the content its `identify` finds. */
export function templateFor(templates: q.Template[], sender: string, text: string) {
  return (
    templates.find((t) => t.senders.length > 0 && senderMatches(sender, t.senders)) ??
    templates.find((t) => boundedRecognises({ senders: [], patterns: t.patterns }, sender, text))
  );
}

/** Reads a PDF invoice with its retailer's template and saves it as a typed invoice would be. */
export async function readPdfInvoice(
  tx: Tx,
  item: q.ItemToProcess,
  text: string,
  bytes: Buffer,
  caller: Caller,
  deps: { storage: Storage; clock: () => Date },
): Promise<q.ItemOutcome> {
  const kept = text.slice(0, KEPT_TEXT);
  const template = templateFor(await q.latestTemplates(tx), item.sender, text);
  if (!template)
    return outcomeOf('parked', 'unknown-retailer', undefined, {
      extracted: { text: kept, found: {}, lines: [] },
    });
  const read = boundedRead(text, template.patterns);
  const who = {
    retailerId: template.retailerId,
    templateId: template.id,
    templateVersion: template.version,
    extracted: { text: kept, found: read.found, lines: read.lines },
  };
  if (read.timedOut) return outcomeOf('parked', 'unknown-layout', TIMED_OUT, who);
  if (read.invalid.length > 0 || read.missing.length > 0) {
    const what = [...read.invalid.map((i) => i.field), ...read.missing];
    return outcomeOf('parked', 'unknown-layout', `nothing found for ${what.join(', ')}`, who);
  }
  if (read.totalsAddUp === false) return outcomeOf('parked', 'totals', undefined, who);
  const account = read.found.account ?? '';
  const [meter] = await q.metersOfAccount(tx, item.organisationId, account);
  if (!meter || meter.unitId === null)
    return outcomeOf('parked', 'unknown-account', `account ${account}`, who);
  const number = read.found.invoiceNumber ?? '';
  const existing = await q.invoiceWithNumber(tx, item.organisationId, meter.id, number);
  if (existing) return outcomeOf('parked', 'duplicate', `invoice ${number} is invoice ${existing}`, who);
  const total = amountOf(read.found.totalPayable) ?? '0.00';
  const gst = amountOf(read.found.gst) ?? '0.00';
  const lines =
    read.lines.length > 0
      ? read.lines
      : [{ description: 'Invoice total', amount: (Number(total) - Number(gst)).toFixed(2) }];
  const from = dateOf(read.found.dateFrom);
  const till = dateOf(read.found.dateTill);
  if (!from || !till) return outcomeOf('parked', 'unknown-layout', 'the billing period is not a date', who);
  const invoiceDate = dateOf(read.found.invoiceDate) ?? till;
  const parsed = invoiceInput.safeParse({
    meterId: meter.id,
    invoiceNumber: number,
    invoiceDate,
    dateDue: invoiceDate,
    dateFrom: from,
    dateTill: till,
    unitId: meter.unitId,
    consumption: Number((read.found.consumption ?? '0').replace(/[^\d.]/g, '')) || 0,
    retailerId: template.retailerId,
    taxPercentage: 15,
    taxAmount: gst,
    visibleTotal: total,
    edited: true,
    notes: `Read from ${item.filename} (emailed by ${item.sender}) with the ${template.retailerName} template, version ${template.version}`,
    items: lines.map((l) => ({
      category: 'charge',
      chargeTypeId: chargeTypeOf(l.description),
      description: l.description.slice(0, 100),
      total: l.amount,
    })),
  });
  if (!parsed.success)
    return outcomeOf('parked', 'unknown-layout', parsed.error.issues[0]?.message ?? 'unreadable fields', who);
  const invoices = createInvoicesService({ db: tx as unknown as Db, evaluateAlerts: evaluateInvoiceAlerts });
  let invoiceId: number;
  try {
    const saved = await invoices.save(caller, parsed.data);
    if (!saved.savedInvoice) return outcomeOf('parked', 'bill-audit', saved.errors.join('; '), who);
    invoiceId = saved.savedInvoice.id;
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return outcomeOf('parked', 'bill-audit', error.message, who);
    throw error;
  }
  await keepOriginal(tx, item, bytes, invoiceId, caller, deps.storage);
  return { state: 'accepted', reasonCode: null, reason: null, invoiceId, ...who };
}

/** The attachment becomes the invoice's original file, where the invoice screens and the data library find it. */
async function keepOriginal(
  tx: Tx,
  item: q.ItemToProcess,
  bytes: Buffer,
  invoiceId: number,
  caller: Caller,
  storage: Storage,
) {
  const storageKey = `files/${randomUUID()}`;
  await storage.put(storageKey, bytes);
  const [row] = await tx
    .insert(files)
    .values({
      organisationId: item.organisationId,
      ownerType: 'invoice',
      ownerId: invoiceId,
      filename: item.filename.toLowerCase().endsWith('.pdf') ? item.filename : `${item.filename}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      storageKey,
      uploadedBy: caller.user.id,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('file not inserted');
  await tx.execute(sql`update invoices set original_file_id = ${row.id}
    where organisation_id = ${item.organisationId} and id = ${invoiceId} and original_file_id is null`);
}
