import type { Db } from '@verdant/db/client';
import { fill, MSG } from '@verdant/domain/messages';
import { audit, created, diff } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import * as q from './favourite-graphs.queries';

const ASSET = 'favourite-graph';

/**
 * A person's favourite graphs in the current organisation (data-portal.md 3, 5 and 8): the same name
 * replaces the graph saved under it; renaming onto another favourite's name is refused.
 */
export function createFavouriteGraphsService({ db }: { db: Db }) {
  const scope = (a: Caller) => ({ organisationId: orgOf(a).id, userId: a.user.id });

  return {
    async list(a: Caller) {
      const { organisationId, userId } = scope(a);
      const rows = await q.listFavourites(db, organisationId, userId);
      return rows.map((r) => ({ name: r.name, graph: r.graph }));
    },

    async save(a: Caller, name: string, graph: string) {
      const { organisationId, userId } = scope(a);
      const saved = await db.transaction(async (tx) => {
        const before = await q.findFavourite(tx, organisationId, userId, name);
        const row = await q.upsertFavourite(tx, organisationId, userId, name, graph);
        if (!row) throw new AppError('CONFLICT', MSG.changedMeanwhile, 409);
        await audit(tx, a, {
          organisationId,
          action: before ? 'update' : 'create',
          asset: { type: ASSET, id: row.id, name },
          changes: before ? diff({ graph: before.graph }, { graph }) : created({ name, graph }),
        });
        return row;
      });
      return {
        success: true as const,
        message: fill(MSG.favouriteGraphSetUp, { name }),
        data: { name: saved.name, graph: saved.graph },
      };
    },

    async rename(a: Caller, name: string, newName: string) {
      const { organisationId, userId } = scope(a);
      return db.transaction(async (tx) => {
        const found = await q.findFavourite(tx, organisationId, userId, name);
        if (!found) throw notFound(MSG.favouriteGraphMissing);
        if (newName !== name && (await q.findFavourite(tx, organisationId, userId, newName)))
          throw new AppError('CONFLICT', MSG.favouriteNameTaken, 409, { newName: [MSG.favouriteNameTaken] });
        await q.renameFavourite(tx, organisationId, found.id, newName);
        await audit(tx, a, {
          organisationId,
          action: 'rename',
          asset: { type: ASSET, id: found.id, name: newName },
          changes: diff({ name }, { name: newName }),
        });
        return { name: newName, graph: found.graph };
      });
    },

    async remove(a: Caller, name: string) {
      const { organisationId, userId } = scope(a);
      await db.transaction(async (tx) => {
        const found = await q.findFavourite(tx, organisationId, userId, name);
        if (!found) throw notFound(MSG.favouriteGraphMissing);
        await q.deleteFavourite(tx, organisationId, found.id);
        await audit(tx, a, {
          organisationId,
          action: 'delete',
          asset: { type: ASSET, id: found.id, name },
          changes: diff({ name: found.name, graph: found.graph }, null),
        });
      });
      return { success: true as const };
    },
  };
}

export type FavouriteGraphsService = ReturnType<typeof createFavouriteGraphsService>;
