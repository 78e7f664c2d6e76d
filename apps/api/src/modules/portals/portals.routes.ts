import { portalsOperations } from '@verdant/contracts/portals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { PortalAdminService } from './portal-admin.service';
import type { PortalListService } from './portal-list.service';
import type { PortalPublicService } from './portal-public.service';
import type { PortalReviewService } from './portal-review.service';

/** A submission carries at most a 10 MB attachment, as base64 (a third larger) in JSON. */
const SUBMISSION_BYTES = 15 * 1024 * 1024;

export const portalsRoutes: FastifyPluginAsyncZod<{
  admin: PortalAdminService;
  list: PortalListService;
  review: PortalReviewService;
  publicPage: PortalPublicService;
  /** Calls a minute from one address to the public page. */
  perMinute: number;
}> = async (app, { admin, list, review, publicPage, perMinute }) => {
  const limited = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };
  registerOperations(app, portalsOperations, {
    customPortals: (req) => admin.customPortals(callerOf(req), req.params.id),
    addCustomPortal: (req) => admin.addCustomPortal(callerOf(req), req.params.id, req.body),
    list: (req) => list.list(callerOf(req)),
    orgPrefix: (req) => admin.orgPrefix(callerOf(req)),
    availabilityCheck: (req) => admin.availabilityCheck(callerOf(req), req.params.url),
    create: (req) => admin.create(callerOf(req), req.body),
    meters: (req) => list.meters(callerOf(req), req.params.id),
    addMeter: (req) => admin.addMeter(callerOf(req), req.params.id, req.body),
    renameMeter: (req) => admin.renameMeter(callerOf(req), req.params.id, req.params.meterId, req.body.name),
    deleteMeter: (req) => admin.deleteMeter(callerOf(req), req.params.id, req.params.meterId),
    update: (req) => admin.update(callerOf(req), req.params.id, req.body),
    rotateLink: (req) => admin.rotateLink(callerOf(req), req.params.id),
    revokeLink: (req) => admin.revokeLink(callerOf(req), req.params.id),
    contacts: (req) => admin.setContacts(callerOf(req), req.params.id, req.body.contacts),
    entries: (req) => review.entries(callerOf(req), req.params.id),
    review: (req) => review.review(callerOf(req), req.params.id, req.params.entryId, req.body),
    open: { handler: (req) => publicPage.open(req.params.url, req.body.key), route: limited },
    submit: {
      handler: (req) => publicPage.submit(req.params.url, req.body, req.id),
      route: { ...limited, bodyLimit: SUBMISSION_BYTES },
    },
    correct: {
      handler: (req) => publicPage.correct(req.params.url, req.params.entryId, req.body, req.id),
      route: { ...limited, bodyLimit: SUBMISSION_BYTES },
    },
  });
};
