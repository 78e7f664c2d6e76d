import type { Db } from '@verdant/db/client';
import { z } from 'zod';
import { createMeterConsumptionService } from '../modules/data-sources/meter-consumption.service';
import { METER_LOAD_JOB } from '../modules/imports/imports.service';
import { runMeterLoad } from '../modules/imports/meter-load.run';
import { evaluateInvoiceAlerts } from '../modules/invoices/invoice-alerts.evaluate';
import { createInvoicesService } from '../modules/invoices/invoices.service';
import { defineJob } from './job-definition';

/**
 * A data load (docs/architecture.md, The import pipeline): one uploaded file imported by `runMeterLoad`.
 * Retried only when its worker died (the load's one transaction rolled back with it); a load that ends,
 * however it ends, records why in its row.
 */
export const meterLoadJob = defineJob({
  name: METER_LOAD_JOB,
  schema: z.object({ uuid: z.uuid() }),
  queue: { retryLimit: 2, retryDelay: 30, expireInSeconds: 3 * 60 * 60 },
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
