import { emailProcessingOperations } from '@verdant/contracts/email-processing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { IntakeAddressesService } from './intake-addresses.service';
import type { EmailQueuesService } from './queues.service';
import type { EmailTemplatesService } from './templates.service';

export const emailProcessingRoutes: FastifyPluginAsyncZod<{
  queues: EmailQueuesService;
  templates: EmailTemplatesService;
  addresses: IntakeAddressesService;
}> = async (app, { queues, templates, addresses }) => {
  registerOperations(app, emailProcessingOperations, {
    parked: () => queues.parked(),
    download: async (req, reply) => {
      const d = await queues.download(req.params.queue, req.params.name);
      reply.header('content-type', d.contentType).header('cache-control', 'private, no-store');
      reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(d.filename ?? 'file')}`,
      );
      return reply.send(d.stream);
    },
    remove: (req) => queues.remove(callerOf(req), req.params.queue, req.params.name),
    resend: (req) => queues.resend(callerOf(req), req.params.queue, req.params.name),
    trim: (req) => queues.trim(callerOf(req), req.query.beforeDate),
    log: (req) => queues.log(req.params.log),
    templates: () => templates.list(),
    template: (req) => templates.detail(req.params.retailerId),
    trial: (req) => templates.trial(req.params.retailerId, req.body),
    publish: (req) => templates.publish(callerOf(req), req.params.retailerId, req.body),
    rerunRetailer: (req) => templates.rerunRetailer(callerOf(req), req.params.retailerId),
    intakeAddresses: (req) => addresses.list(req.params.id),
    createIntakeAddress: (req) => addresses.create(callerOf(req), req.params.id, req.body),
    updateIntakeAddress: (req) =>
      addresses.update(callerOf(req), req.params.id, req.params.addressId, req.body),
    deleteIntakeAddress: (req) => addresses.remove(callerOf(req), req.params.id, req.params.addressId),
  });
};
