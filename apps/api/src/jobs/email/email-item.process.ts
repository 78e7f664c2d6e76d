import type { Readable } from 'node:stream';
import type { Db, Tx } from '@verdant/db/client';
import type { Storage } from '../../lib/storage';
import { addLog } from '../../modules/email-processing/intake.queries';
import { looksLikePdf, pdfText } from '../../modules/email-processing/pdf-text';
import * as q from '../../modules/email-processing/processing.queries';
import { looksLikeWorkbook } from '../../modules/imports/workbook-records';
import { actingCaller } from './acting-caller';
import { loadDataFile } from './email-data-file';
import { readPdfInvoice } from './email-pdf-invoice';
import { outcomeOf } from './outcome';

export interface ProcessDeps {
  db: Db;
  storage: Storage;
  clock: () => Date;
  log: (line: string) => void;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const extension = (filename: string) => /\.([a-z0-9]{1,5})$/i.exec(filename)?.[1]?.toLowerCase() ?? '';

/** What kind of file an attachment is by its bytes, whatever its name claims. */
function kindOf(
  item: q.ItemToProcess,
  bytes: Buffer,
): 'pdf' | 'workbook' | 'zip' | 'text' | 'not-pdf' | 'other' {
  const ext = extension(item.filename);
  const claimsPdf = ext === 'pdf' || item.contentType === 'application/pdf';
  if (looksLikePdf(bytes)) return 'pdf';
  if (claimsPdf) return 'not-pdf';
  if (looksLikeWorkbook(bytes)) return ext === 'xlsx' || ext === 'xls' ? 'workbook' : 'zip';
  if (bytes.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004') return 'zip';
  if (ext === 'csv' || ext === 'txt' || item.contentType.startsWith('text/')) return 'text';
  return 'other';
}

/**
 * Processes one email item (docs/decisions/email-intake.md, Processing): in one transaction that holds the
 * item, reads its bytes, and ends it accepted (an invoice saved through the invoice service's checks and bill
 * audit, or a data file loaded by the import pipeline), parked with a reason, or rejected; the log line is
 * written in the same transaction. A crash rolls everything back and leaves the item deferred.
 */
export async function processEmailItem(itemId: number, deps: ProcessDeps): Promise<string> {
  const { db, clock } = deps;
  try {
    return await db.transaction(async (tx) => {
      const item = await q.lockItem(tx, itemId);
      if (!item || (item.state !== 'pending' && item.state !== 'deferred')) return item?.state ?? 'gone';
      const outcome = await decide(tx, item, deps);
      await q.setOutcome(tx, item.id, outcome, clock());
      await logOutcome(tx, item, outcome, clock());
      return outcome.state;
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log(`email item ${itemId} crashed: ${error instanceof Error ? error.stack : message}`);
    await db.transaction(async (tx) => {
      const item = await q.lockItem(tx, itemId);
      if (!item) return;
      await q.setOutcome(tx, item.id, outcomeOf('deferred', 'crashed', message.slice(0, 300)), clock());
    });
    return 'deferred';
  }
}

async function decide(tx: Tx, item: q.ItemToProcess, deps: ProcessDeps): Promise<q.ItemOutcome> {
  const stream = item.storageKey ? await deps.storage.get(item.storageKey) : null;
  if (!stream) throw new Error('the stored attachment is missing');
  const bytes = await bytesOf(stream);
  const kind = kindOf(item, bytes);
  if (kind === 'not-pdf') return outcomeOf('rejected', 'not-pdf');
  if (kind === 'zip') return outcomeOf('rejected', 'archive');
  if (kind === 'other') return outcomeOf('rejected', 'unsupported-type');
  const caller = await actingCaller(
    tx as unknown as Db,
    item.actingUserId,
    item.organisationId,
    deps.clock(),
    item.id,
  );
  if (!caller) throw new Error('the person the intake address acts for is gone');
  const same = await q.acceptedWithBytes(tx, item.organisationId, item.sha256, item.id);
  if (same) return outcomeOf('parked', 'duplicate', `the same file was accepted as item ${same.id}`);
  if (kind === 'pdf') {
    const text = await pdfText(bytes);
    if (!text.ok) return outcomeOf('rejected', text.reason);
    return readPdfInvoice(tx, item, text.text, bytes, caller, deps);
  }
  return loadDataFile(tx, item, bytes, caller, deps);
}

async function logOutcome(tx: Tx, item: q.ItemToProcess, o: q.ItemOutcome, at: Date) {
  if (o.state === 'parked' || o.state === 'deferred') return;
  const what =
    o.state === 'accepted'
      ? o.invoiceId
        ? `${item.filename} from ${item.sender} accepted as invoice ${o.invoiceId}${o.templateVersion ? ` (template version ${o.templateVersion})` : ''}`
        : `${item.filename} from ${item.sender} accepted: data file loaded`
      : `${item.filename} from ${item.sender} rejected: ${o.reason ?? ''}`;
  await addLog(tx, {
    organisationId: item.organisationId,
    kind: o.state === 'accepted' ? 'accepted' : 'rejected',
    message: what,
    itemId: item.id,
    messageId: item.messageId,
    at,
  });
}
