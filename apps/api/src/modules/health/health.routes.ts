import type { Db } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Health'],
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
};
