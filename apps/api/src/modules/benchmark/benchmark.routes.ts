import { benchmarkOperations } from '@verdant/contracts/benchmark';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { BenchmarkService } from './benchmark.service';
import type { LibraryService } from './library.service';

/** Benchmark and commissioning (data-portal.md 7, Graphs and reports). */
export const benchmarkRoutes: FastifyPluginAsyncZod<{
  service: BenchmarkService;
  library: LibraryService;
}> = async (app, { service, library }) => {
  registerOperations(app, benchmarkOperations, {
    benchmark: (req) =>
      service.benchmark(callerOf(req), req.params.entityId, req.params.level, req.query.endMonth),
    position: (req) => service.position(callerOf(req), req.params.id),
    commissioning: (req) => service.commissioning(callerOf(req), req.query.year),
    sets: () => service.sets(),
    loadSet: (req) => library.loadSet(callerOf(req), req.body),
    saveMappings: (req) => library.saveMappings(callerOf(req), req.params.series, req.body.mappings),
    degreeDays: (req) => library.degreeDays(callerOf(req), req.params.id),
    loadDegreeDays: (req) => library.loadDegreeDays(callerOf(req), req.params.id, req.body),
  });
};
