import type { InvoiceAlert, VirtualInvoiceAnswer } from '@verdant/contracts/invoices/alerts';
import type { Db } from '@verdant/db/client';
import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { fill, MSG } from '@verdant/domain/messages';
import type { JobQueue } from '../../jobs/job-definition';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import { canOnAssets } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import { evaluateInvoiceAlerts, toInvoiceAlert, virtualInvoices } from './invoice-alerts.evaluate';
import * as q from './invoice-alerts.queries';

export const EVALUATE_ORGANISATION_JOB = 'invoice-alerts.evaluate-organisation';
/** The organisation job audits the invoices whose period ended in the last year (older ones were audited on entry). */
export const ORGANISATION_AUDIT_DAYS = 366;
/** Invoices audited per transaction by the organisation job. */
const CHUNK = 400;

/**
 * Runs the bill audits on the organisation's recent invoices, a chunk of invoices per transaction (a retried
 * job redoes only what did not commit; evaluation is idempotent). Answers the invoices and alerts counted.
 */
export async function evaluateOrganisation(
  db: Db,
  organisationId: number,
  today: string,
  stopping: () => boolean = () => false,
) {
  const since = fromDayNumber(toDayNumber(today) - ORGANISATION_AUDIT_DAYS);
  const ids = await q.recentInvoiceIds(db, organisationId, since);
  let alerts = 0;
  let invoices = 0;
  for (let i = 0; i < ids.length && !stopping(); i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const answer = await db.transaction((tx) =>
      evaluateInvoiceAlerts(tx, organisationId, chunk, { dryRun: false }),
    );
    alerts += answer.filter((a) => a.reportStatus === 1).length;
    invoices += chunk.length;
  }
  return { invoices, alerts };
}

/**
 * Invoice alerts (docs/decisions/bill-audit.md, Evaluating an organisation): reset a reviewed alert; ask for
 * the organisation's audit job.
 */
export function createInvoiceAlertsService({ db, jobQueue }: { db: Db; jobQueue: JobQueue }) {
  const organisationOf = (a: Caller) => orgOf(a).id;

  return {
    /** GET /meters/{id}/invoice-alerts: the data source's invoice alerts in every reportStatus. */
    async ofMeter(a: Caller, meterId: number): Promise<InvoiceAlert[]> {
      const organisationId = organisationOf(a);
      return (await q.meterInvoiceAlerts(db, organisationId, meterId)).map(toInvoiceAlert);
    },

    /** POST /invoices/alerts/{id}/reset: a Won't Send or Scheduled alert goes back to Unreviewed. */
    async reset(a: Caller, alertId: number): Promise<InvoiceAlert> {
      const organisationId = organisationOf(a);
      return db.transaction(async (tx) => {
        const alert = await q.findAlert(tx, organisationId, alertId);
        if (!alert) throw notFound();
        if (alert.status === 'sent') throw badRequest(MSG.invoiceAlertSent);
        if (alert.status === 'pending') return toInvoiceAlert(alert);
        await q.resetAlert(tx, organisationId, alert.id);
        await audit(tx, a, {
          organisationId,
          action: 'reset alert',
          asset: { type: 'meter', id: alert.meter_id },
          changes: {
            alert: { before: alert.status, after: 'pending' },
            message: { before: null, after: alert.message },
          },
        });
        return toInvoiceAlert({ ...alert, status: 'pending' });
      });
    },

    /**
     * GET /invoices/{id}/virtual-invoice: what the invoice should have been on each of its data sources with
     * half-hour data and contracted rates, those the caller may see.
     */
    async virtualInvoice(a: Caller, invoiceId: number): Promise<VirtualInvoiceAnswer> {
      const organisationId = organisationOf(a);
      const found = await virtualInvoices(db, organisationId, invoiceId);
      const seen = await canOnAssets(
        db,
        a.principal,
        'view',
        organisationId,
        found.map((v) => ({ type: 'meter' as const, id: v.meterId })),
      );
      return { meters: found.filter((_, i) => seen[i]) };
    },

    /** Queues the organisation's bill-audit job. */
    async evaluateOrganisation(a: Caller, organisationId: number) {
      if (organisationOf(a) !== organisationId) throw notFound();
      await jobQueue.send(EVALUATE_ORGANISATION_JOB, { organisationId });
      return { success: true as const, message: fill(MSG.invoiceAlertsQueued, {}) };
    },
  };
}

export type InvoiceAlertsService = ReturnType<typeof createInvoiceAlertsService>;
