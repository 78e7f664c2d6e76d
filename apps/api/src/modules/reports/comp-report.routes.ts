import { compReportOperations } from '@verdant/contracts/reports/comp-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { CompReportService } from './comp-report.service';

const XML_MAX_BYTES = 100_000;

/** The complimentary report editor's calls (data-portal.md 7, Comp-report). */
export const compReportRoutes: FastifyPluginAsyncZod<{ service: CompReportService }> = async (
  app,
  { service },
) => {
  // The report is saved as its XML, sent as it is.
  app.addContentTypeParser(
    ['application/xml', 'text/xml', 'text/plain', 'text/csv'],
    { parseAs: 'string', bodyLimit: XML_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  registerOperations(app, compReportOperations, {
    allPages: () => service.allPages(),
    pages: (req) => service.pages(callerOf(req)),
    parameters: (req) => service.parameters(req.params.pageClass),
    save: (req) => {
      const xml: unknown = req.body;
      if (typeof xml !== 'string') throw badRequest('Send the report as XML (content-type application/xml)');
      return service.save(callerOf(req), xml);
    },
    preview: async (req, reply) => {
      const pdf = await service.preview(callerOf(req), req.body.xml, req.body.basis);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="complimentary-report.pdf"')
        .send(pdf);
    },
  });
};
