import { errorResponse } from '@verdant/contracts/common';
import { indicatorList, REFERENCE_LISTS, referenceList } from '@verdant/contracts/reference';
import type { Db } from '@verdant/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as q from './reference.queries';

const base = { tags: ['Lookups'], security: [{ bearer: [] }] };
const errors = { 401: errorResponse };

/** Reference lists are the same for everyone signed in; only authentication is needed to read them. */
export const referenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  for (const list of REFERENCE_LISTS) {
    app.get(
      `/lookups/${list}`,
      {
        config: { access: 'signed-in' },
        schema: {
          ...base,
          summary: `The ${list.replace(/-/g, ' ')} list`,
          response: { 200: referenceList, ...errors },
        },
      },
      async () => q.listItems(db, list),
    );
  }
  app.get(
    '/lookups/indicators',
    {
      config: { access: 'signed-in' },
      schema: {
        ...base,
        summary: 'Indicators for sites and entities',
        response: { 200: indicatorList, ...errors },
      },
    },
    async () => {
      const rows = await q.listIndicators(db);
      return rows.map((r) => ({ ...r, appliesTo: r.appliesTo as 'site' | 'entity' | 'both' }));
    },
  );
};
