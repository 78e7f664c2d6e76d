import type { EstimatedReadsRow } from '@verdant/contracts/admin-reports';
import type { Db } from '@verdant/db/client';
import { visibleMeters } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './admin-reports.queries';

/** Admin reports on invoices (issue 14 point 10). */
export function createAdminReportsService({ db }: { db: Db }) {
  return {
    /** GET /organisations/{id}/estimated-reads-report: meters whose latest reads are estimated, oldest run first. */
    async estimatedReads(a: Caller, organisationId: number): Promise<EstimatedReadsRow[]> {
      const visible = await visibleMeters(db, a.principal, organisationId);
      const rows = await q.estimatedReads(db, organisationId, visible);
      return rows.map((r) => ({
        meterId: r.meter_id,
        account: r.account,
        localName: r.local_name,
        estimatesSince: r.since,
        estimates: r.estimates,
      }));
    },
  };
}

export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
