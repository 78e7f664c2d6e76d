import { catalogueEditionsOperations } from '@verdant/contracts/catalogue-editions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import { EDITION_MAX_BYTES } from './edition-file';
import type { EditionsService } from './editions.service';

/** Editions loaded from the publishers' files and the saved mappings (product administrators). */
export const editionsRoutes: FastifyPluginAsyncZod<{ editions: EditionsService }> = async (
  app,
  { editions },
) => {
  // The upload is the file's raw bytes, whatever its content type (CSV or XLSX).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: EDITION_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  registerOperations(app, catalogueEditionsOperations, {
    editions: () => editions.list(),
    loadEdition: {
      handler: (req) =>
        editions.load(callerOf(req), (req.body as Buffer | undefined) ?? Buffer.alloc(0), req.query),
      route: { bodyLimit: EDITION_MAX_BYTES },
    },
    edition: (req) => editions.detail(req.params.id, req.query.threshold),
    deleteEdition: (req) => editions.remove(callerOf(req), req.params.id),
    factorMappings: () => editions.mappings(),
    saveFactorMapping: (req) => editions.saveMapping(callerOf(req), req.body),
    deleteFactorMapping: (req) => editions.deleteMapping(callerOf(req), req.params.id),
  });
};
