import { publicDatasetsOperations } from '@verdant/contracts/public-datasets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { PublicDatasetsService } from './public-datasets.service';

const CSV_MAX_BYTES = 2 * 1024 * 1024;

export const publicDatasetsRoutes: FastifyPluginAsyncZod<{ service: PublicDatasetsService }> = async (
  app,
  { service },
) => {
  // A dataset's CSV is sent as it is.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: CSV_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  registerOperations(app, publicDatasetsOperations, {
    list: () => service.list(),
    create: (req) => service.create(callerOf(req), req.params.collectionId, req.body),
    year: (req) => service.year(req.params.collectionId, req.params.datasetId, req.params.year),
    saveYear: (req) =>
      service.saveYear(
        callerOf(req),
        req.params.collectionId,
        req.params.datasetId,
        req.params.year,
        req.body,
      ),
    loadCsv: (req) => {
      const csv: unknown = req.body;
      if (typeof csv !== 'string') throw badRequest('Send the dataset as CSV (content-type text/csv)');
      return service.loadCsv(callerOf(req), req.params.collectionId, req.params.datasetId, csv);
    },
  });
};
