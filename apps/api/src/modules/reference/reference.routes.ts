import { REFERENCE_LISTS, referenceOperations } from '@verdant/contracts/reference';
import type { Db } from '@verdant/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Handlers, registerOperations } from '../../lib/operations';
import * as q from './reference.queries';

/** Reference lists are the same for everyone signed in; only authentication is needed to read them. */
export const referenceRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** The installation's MAP_TILE_URL and attribution (config.ts). */
  mapTiles: { url: string | null; attribution: string };
}> = async (app, { db, mapTiles }) => {
  const lists = Object.fromEntries(REFERENCE_LISTS.map((list) => [list, () => q.listItems(db, list)]));
  registerOperations(app, referenceOperations, {
    ...(lists as unknown as Omit<Handlers<typeof referenceOperations>, 'indicators' | 'mapTiles'>),
    mapTiles: async () => mapTiles,
    indicators: async () => {
      const rows = await q.listIndicators(db);
      return rows.map((r) => ({ ...r, appliesTo: r.appliesTo as 'site' | 'entity' | 'both' }));
    },
  });
};
