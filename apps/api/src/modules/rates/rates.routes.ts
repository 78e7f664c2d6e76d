import { ratesOperations } from '@verdant/contracts/rates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { RatesService } from './rates.service';

const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const ratesRoutes: FastifyPluginAsyncZod<{ service: RatesService }> = async (app, { service }) => {
  // The TOU upload is the raw CSV (core-portal.md 7).
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: UPLOAD_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  registerOperations(app, ratesOperations, {
    touContracts: (req) => service.touContracts(callerOf(req), req.params.id),
    newTouContract: (req) => service.newTouContract(callerOf(req), req.params.id, req.body),
    touRates: (req) => service.touRates(req.params.id, req.params.contractId),
    addTouRates: (req) => service.addTouRates(callerOf(req), req.params.id, req.params.contractId, req.body),
    touTemplate: async (req, reply) => {
      const t = await service.template(req.params.id, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${t.filename}"`)
        .send(t.csv);
    },
    uploadTouRates: (req) => {
      // A JSON body reaches here parsed: only the raw CSV is an upload.
      const csv: unknown = req.body;
      if (typeof csv !== 'string') throw badRequest('Send the rates as CSV (content-type text/csv)');
      return service.upload(callerOf(req), req.params.id, csv);
    },
    nhhRates: (req) => service.nhhRates(callerOf(req), req.params.id),
    addNhhRate: (req) => service.addNhhRate(callerOf(req), req.params.id, req.body),
    ppdContracts: (req) => service.ppdContracts(callerOf(req), req.params.id),
    newPpdContract: (req) => service.newPpdContract(callerOf(req), req.params.id, req.body),
    ppdRates: (req) => service.ppdRates(callerOf(req), req.params.id, req.params.contractId),
    addPpdRate: (req) => service.addPpdRate(callerOf(req), req.params.id, req.params.contractId, req.body),
  });
};
