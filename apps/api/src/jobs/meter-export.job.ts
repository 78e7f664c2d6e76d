import { z } from 'zod';
import { createMeterExportService } from '../modules/data-sources/meter-export.service';
import { METER_EXPORT_JOB, runMeterExportJob } from '../modules/data-sources/meter-export-job';
import { defineJob } from './job-definition';

/**
 * A large Meter Data Export written in the background (docs/decisions/job-runner.md, Exports). A run whose
 * worker died is run again from the start: it changes nothing but its own file.
 */
export const meterExportJob = defineJob({
  name: METER_EXPORT_JOB,
  schema: z.object({ jobId: z.number().int().positive() }),
  queue: { retryLimit: 1, retryDelay: 30, expireInSeconds: 60 * 60 },
  async handler({ jobId }, { db, clock, storage }) {
    if (!storage) throw new Error('the export job needs the file storage');
    const exporter = createMeterExportService({ db });
    return runMeterExportJob({ db, storage, exporter, now: clock() }, jobId);
  },
});
