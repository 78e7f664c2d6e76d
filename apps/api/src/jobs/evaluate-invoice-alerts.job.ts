import { todayIn } from '@verdant/domain/time-zone';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { EVALUATE_ORGANISATION_JOB, evaluateOrganisation } from '../modules/invoices/invoice-alerts.service';
import { defineJob } from './job-definition';

/**
 * Bill audit of one organisation's invoices of the last year, queued on request
 * (docs/decisions/bill-audit.md, Evaluating an organisation).
 */
export const evaluateInvoiceAlertsJob = defineJob({
  name: EVALUATE_ORGANISATION_JOB,
  schema: z.object({ organisationId: z.number().int().positive() }),
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  async handler({ organisationId }, { db, clock, log, stopping }) {
    const rows = await db.execute<{ time_zone: string }>(
      sql`select time_zone from organisations where id = ${organisationId}`,
    );
    const zone = rows.rows[0]?.time_zone;
    if (!zone) return { invoices: 0, alerts: 0 };
    const n = await evaluateOrganisation(db, organisationId, todayIn(zone, clock()), stopping);
    log(
      `Bill audit of organisation ${organisationId}: ${n.invoices} invoices, ${n.alerts} unreviewed alerts.`,
    );
    return n;
  },
});
