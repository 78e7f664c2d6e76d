import type { Db } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createMeterConsumptionService } from '../modules/data-sources/meter-consumption.service';
import { METER_LOAD_JOB } from '../modules/imports/imports.service';
import { runMeterLoad } from '../modules/imports/meter-load.run';
import { evaluateInvoiceAlerts } from '../modules/invoices/invoice-alerts.evaluate';
import { createInvoicesService } from '../modules/invoices/invoices.service';
import { defineJob } from './job-definition';

async function loadRow(db: Db, uuid: string) {
  const rows = await db.execute<{
    filename: string;
    format: string | null;
    created_by: number | null;
    organisation_id: number;
    status: string;
    error: string | null;
    readings: number;
    days: number;
    records: number;
    skipped: number;
    refused_rows: number;
    report_key: string | null;
  }>(sql`select filename, format, created_by, organisation_id, status, error, readings, days, records, skipped,
      refused_rows, report_key from import_jobs where uuid = ${uuid}::uuid`);
  return rows.rows[0];
}

/**
 * A data load (docs/architecture.md, The import pipeline): one uploaded file imported by `runMeterLoad`.
 * Retried only when its worker died (the load's one transaction rolled back with it); a load that ends,
 * however it ends, records why in its row.
 */
export const meterLoadJob = defineJob({
  name: METER_LOAD_JOB,
  schema: z.object({ uuid: z.uuid() }),
  queue: { retryLimit: 2, retryDelay: 30, expireInSeconds: 3 * 60 * 60 },
  record: {
    async describe({ uuid }, db) {
      const load = await loadRow(db, uuid);
      return {
        kind: 'import',
        title: `Data load: ${load?.filename ?? uuid}`,
        ownerId: load?.created_by ?? null,
        organisationId: load?.organisation_id ?? null,
        parameters: { uuid, file: load?.filename ?? null, format: load?.format ?? null },
      };
    },
    async outcome(_output, { uuid }, db) {
      const load = await loadRow(db, uuid);
      if (!load) return { error: 'The data load is gone' };
      const result = {
        readings: load.readings,
        days: load.days,
        records: load.records,
        skipped: load.skipped,
        refusedRows: load.refused_rows,
      };
      const file = load.report_key
        ? { key: load.report_key, filename: `${load.filename.replace(/\.[^.]+$/, '')} - error report.csv` }
        : null;
      if (load.status === 'failed') return { error: load.error ?? 'The data load failed', result, file };
      return {
        result,
        file,
        message:
          load.error ??
          `Finished: ${load.readings.toLocaleString('en-NZ')} readings, ${load.records.toLocaleString('en-NZ')} records, ${load.refused_rows.toLocaleString('en-NZ')} rows refused`,
      };
    },
  },
  async handler({ uuid }, { db, clock, storage, log }) {
    if (!storage) throw new Error('the data load job needs the file storage');
    return runMeterLoad(uuid, {
      db,
      storage,
      clock,
      log,
      periodServices: (tx) => {
        // The services on the load's transaction: each of their writes is a savepoint of it.
        const db = tx as unknown as Db;
        const records = createMeterConsumptionService({ db, fileLink: () => '' });
        return {
          invoices: createInvoicesService({ db, evaluateAlerts: evaluateInvoiceAlerts }),
          records: (caller, meterId, row) => records.create(caller, meterId, [row]),
        };
      },
    });
  },
});
