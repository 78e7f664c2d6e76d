import { alertsOperations } from '@verdant/contracts/invoices/alerts';
import { entryOperations } from '@verdant/contracts/invoices/entry';
import { listOperations, reversalOperations } from '@verdant/contracts/invoices/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { InvoiceAlertsService } from './invoice-alerts.service';
import type { InvoiceListService } from './invoice-list.service';
import type { InvoiceReversalService } from './invoice-reversal.service';
import type { InvoicesService } from './invoices.service';

/** A saved invoice of up to 400 lines is larger than the usual body limit. */
const SAVE_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The invoices feature (docs/decisions/invoices.md, Rights on an invoice: an invoice's rights are those on
 * every meter it covers): entry, the list, reversal and bill audit's alerts, each handler beside its operation.
 * The invoice's files are registered by invoice-files.routes.ts, in a plugin of their own for their raw body.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<{
  entry: InvoicesService;
  list: InvoiceListService;
  reversals: InvoiceReversalService;
  alerts: InvoiceAlertsService;
}> = async (app, { entry, list, reversals, alerts }) => {
  registerOperations(app, entryOperations, {
    invoice: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return entry.get(callerOf(req), req.params.id, req.query.meter);
    },
    info: (req) => entry.info(callerOf(req), req.params.id, req.query.meter),
    save: { handler: (req) => entry.save(callerOf(req), req.body), route: { bodyLimit: SAVE_BODY_LIMIT } },
    remove: (req) => entry.remove(callerOf(req), req.params.id),
    blank: (req) => entry.blank(callerOf(req), req.body),
    newInvoiceDefaults: (req) => entry.defaults(callerOf(req), req.params.id),
  });
  registerOperations(app, listOperations, {
    list: (req) => list.list(callerOf(req), req.params.id, req.query.limit),
    dateDefaults: (req) => list.dateDefaults(callerOf(req), req.params.id),
    reversalData: (req) => reversals.reversalData(callerOf(req), req.params.id, req.query),
    recentInvoices: (req) => list.recent(callerOf(req), req.params.id, req.query.include ?? null),
  });
  registerOperations(app, reversalOperations, {
    reversal: (req) => reversals.reverse(callerOf(req), 'reversal', req.body),
    replacement: (req) => reversals.reverse(callerOf(req), 'replacement', req.body),
    decommissioning: (req) => reversals.reverse(callerOf(req), 'decommission', req.body),
  });
  registerOperations(app, alertsOperations, {
    alerts: (req) => alerts.ofMeter(callerOf(req), req.params.id),
    resetAlert: (req) => alerts.reset(callerOf(req), req.params.id),
    virtualInvoice: (req) => alerts.virtualInvoice(callerOf(req), req.params.id),
    evaluate: (req) => alerts.evaluateOrganisation(callerOf(req), req.params.id),
  });
};
