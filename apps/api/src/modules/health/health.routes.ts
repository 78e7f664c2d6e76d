import type { Db } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobRunnerStatus } from '../../jobs/runner';

const healthAnswer = z.object({
  status: z.enum(['ok', 'error']),
  /** Whether this process reaches the database. */
  database: z.enum(['ok', 'unreachable']),
  /** This process's job runner: working the queues, only sending to them (JOBS_IN_PROCESS=false), or off. */
  jobRunner: z.enum(['working', 'sending', 'stopped']),
});

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Health'],
        summary:
          'Liveness: the database and the job runner of this process (503 when the database is unreachable)',
        response: { 200: healthAnswer, 503: healthAnswer },
      },
    },
    async (request, reply) => {
      const runner = jobRunnerStatus();
      const jobRunner: z.infer<typeof healthAnswer>['jobRunner'] = !runner.started
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
  );
};
