import { type HealthAnswer, healthOperations } from '@verdant/contracts/health';
import type { Db } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobRunnerStatus } from '../../jobs/runner';
import { registerOperations } from '../../lib/operations';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  registerOperations(
    app,
    { health: healthOperations.health },
    {
      health: async (request, reply) => {
        const runner = jobRunnerStatus();
        const jobRunner: HealthAnswer['jobRunner'] = !runner.started
          ? 'stopped'
          : runner.working
            ? 'working'
            : 'sending';
        try {
          await db.execute(sql`select 1`);
          return { status: 'ok' as const, database: 'ok' as const, jobRunner };
        } catch (err) {
          request.log.error({ err }, 'health: the database is unreachable');
          return reply.status(503).send({ status: 'error', database: 'unreachable', jobRunner });
        }
      },
    },
  );
};
