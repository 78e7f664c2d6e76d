import type { Db, Tx } from '@verdant/db/client';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import type { Storage } from '../../lib/storage';
import { newStorageKey } from '../../lib/storage';
import { createMeterConsumptionService } from '../../modules/data-sources/meter-consumption.service';
import type * as q from '../../modules/email-processing/processing.queries';
import * as imports from '../../modules/imports/imports.queries';
import { runMeterLoad } from '../../modules/imports/meter-load.run';
import { evaluateInvoiceAlerts } from '../../modules/invoices/invoice-alerts.evaluate';
import { createInvoicesService } from '../../modules/invoices/invoices.service';
import type { Caller } from '../../plugins/auth';
import { outcomeOf } from './outcome';

/**
 * A CSV or XLSX attachment goes through the import pipeline as an upload would (docs/architecture.md, The
 * import pipeline): an import job of the organisation, loaded here on the item's transaction, so the item and
 * what the file produced commit together. A refused file parks the item with the import's own words.
 */
export async function loadDataFile(
  tx: Tx,
  item: q.ItemToProcess,
  bytes: Buffer,
  caller: Caller,
  deps: { storage: Storage; clock: () => Date; log: (line: string) => void },
): Promise<q.ItemOutcome> {
  const storageKey = newStorageKey('imports');
  await deps.storage.put(storageKey, bytes);
  const uuid = await imports.insertJob(tx, {
    organisationId: item.organisationId,
    createdBy: caller.user.id,
    filename: item.filename.slice(0, 200),
    storageKey,
    sizeBytes: bytes.length,
    sha256: item.sha256,
    format: null,
    mapping: null,
  });
  const db = tx as unknown as Db;
  const result = await runMeterLoad(uuid, {
    db,
    storage: deps.storage,
    clock: deps.clock,
    log: deps.log,
    periodServices: (inner) => {
      const on = inner as unknown as Db;
      const records = createMeterConsumptionService({ db: on, fileLink: () => '' });
      return {
        invoices: createInvoicesService({ db: on, evaluateAlerts: evaluateInvoiceAlerts }),
        records: (c, meterId, row) => records.create(c, meterId, [row]),
      };
    },
  });
  if (result.status === 'finished') {
    return { state: 'accepted', reasonCode: null, reason: null, importUuid: uuid };
  }
  const job = await imports.findJob(tx, uuid);
  const error = job?.error ?? (result as { error?: string }).error ?? IMPORT_MSG.interrupted;
  const code =
    error === IMPORT_MSG.formatUnknown
      ? 'unknown-layout'
      : /unknown|not found|no data source|does not match/i.test(error)
        ? 'unknown-account'
        : 'import-refused';
  return outcomeOf('parked', code, error, { importUuid: uuid });
}
