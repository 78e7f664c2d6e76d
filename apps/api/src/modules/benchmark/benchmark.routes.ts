import { benchmarkOperations } from '@verdant/contracts/benchmark';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { BenchmarkService } from './benchmark.service';

/** Benchmark and commissioning (data-portal.md 7, Graphs and reports). */
export const benchmarkRoutes: FastifyPluginAsyncZod<{ service: BenchmarkService }> = async (
  app,
  { service },
) => {
  registerOperations(app, benchmarkOperations, {
    benchmark: (req) =>
      service.benchmark(callerOf(req), req.params.entityId, req.params.level, req.query.endMonth),
    position: (req) => service.position(callerOf(req), req.params.id),
    commissioning: (req) => service.commissioning(callerOf(req), req.query.year),
    sets: () => service.sets(),
  });
};
