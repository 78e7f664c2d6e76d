import {
  type DeletedAsset,
  type DeletedAssetAnswer,
  type DeletedAssetsList,
  type DeletedAssetsQuery,
  type DeletedAssetType,
  DELETED_ASSET_MESSAGES as M,
} from '@verdant/contracts/deleted-assets';
import type { Db, DbOrTx } from '@verdant/db/client';
import { recomputeFacts, recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { fill } from '@verdant/domain/messages';
import { audit, systemJob } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { Caller } from '../../plugins/auth';
import * as q from './deleted-assets.queries';

const conflict = (message: string) => new AppError('CONFLICT', message, 409);

const toItem = (r: q.DeletedRow): DeletedAsset => ({
  id: r.id,
  organisationId: r.organisation_id,
  organisation: r.organisation,
  site: r.site,
  name: r.name,
  deletedBy: r.deleted_by,
  deletedOn: r.deleted_on,
  purgeOn: r.purge_on,
});

/** Files' bytes go after the commit: a rolled-back purge must not lose them. */
async function dropBytes(storage: Storage | undefined, keys: string[]) {
  if (!storage) return;
  for (const key of keys) {
    await storage.delete(key).catch(() => {});
    await storage.delete(`${key}-thumb`).catch(() => {});
  }
}

/** Removes meters, entities and sites for good, children first; answers the storage keys of their files. */
async function purgeRows(tx: DbOrTx, ids: { meterIds: number[]; entityIds: number[]; siteIds: number[] }) {
  // An archived meter's facts may have been rebuilt by nothing since; a recompute now drops them and
  // takes them out of the organisation rollup (it skips archived meters).
  await recomputeFacts(tx, ids.meterIds);
  return [
    ...(await q.deleteMeters(tx, ids.meterIds)),
    ...(await q.deleteEntities(tx, ids.entityIds)),
    ...(await q.deleteSites(tx, ids.siteIds)),
  ];
}

const ASSET_TYPE: Record<DeletedAssetType, string> = {
  sites: 'site',
  entities: 'entity',
  'data-sources': 'meter',
  vehicles: 'vehicle',
};

export interface PurgeCounts {
  sites: number;
  dataSources: number;
  entities: number;
}

/**
 * The sweeper: permanently removes what was archived more than three months before `now`. Safe in several
 * processes at once: one holds the sweep lock, and rows a restore or a purge is holding are skipped.
 */
export async function purgeExpired(db: Db, now: Date, storage?: Storage): Promise<PurgeCounts> {
  const none = { sites: 0, dataSources: 0, entities: 0 };
  const result = await db.transaction(async (tx) => {
    if (!(await q.trySweeperLock(tx))) return { counts: none, keys: [] };
    const meterIds = await q.expiredIds(tx, 'meters', now);
    const entityIds = await q.expiredIds(tx, 'entities', now);
    const expiredSites = await q.expiredIds(tx, 'sites', now);
    const keys = await purgeRows(tx, { meterIds, entityIds, siteIds: [] });
    // A site goes only once nothing is left beneath it; one still holding live assets waits.
    const siteIds = await q.emptySites(tx, expiredSites);
    keys.push(...(await q.deleteSites(tx, siteIds)));
    // The sweeper acts for no one: a system job, product-wide, naming what it removed.
    for (const [type, ids] of [
      ['meter', meterIds],
      ['entity', entityIds],
      ['site', siteIds],
    ] as const) {
      if (ids.length === 0) continue;
      await audit(tx, systemJob('purge-expired-assets'), {
        organisationId: null,
        action: 'purge',
        asset: { type, id: null },
        changes: { ids: { before: ids, after: null } },
      });
    }
    return {
      counts: { sites: siteIds.length, dataSources: meterIds.length, entities: entityIds.length },
      keys,
    };
  });
  await dropBytes(storage, result.keys);
  return result.counts;
}

/** Deleted assets (core spec 4 and 6, data spec 2.9): restore or purge, for the product provider only. */
export function createDeletedAssetsService({
  db,
  clock,
  storage,
}: {
  db: Db;
  clock: () => Date;
  storage?: Storage;
}) {
  async function archivedOrNotFound(tx: DbOrTx, type: DeletedAssetType, id: number) {
    const row = await q.findArchived(tx, type, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(_a: Caller, type: DeletedAssetType, query: DeletedAssetsQuery): Promise<DeletedAssetsList> {
      const rows = await q.listArchived(db, type, query.offset, query.limit);
      return { total: rows[0]?.total ?? 0, items: rows.map(toItem) };
    },

    async restore(a: Caller, type: DeletedAssetType, id: number): Promise<DeletedAssetAnswer> {
      return db.transaction(async (tx) => {
        const row = await archivedOrNotFound(tx, type, id);
        if (type === 'sites') {
          if (await q.liveSiteNamed(tx, row.organisation_id, row.name))
            throw conflict(fill(M.nameClash, { name: row.name, organisation: row.organisation }));
          await q.restoreSite(tx, row.organisation_id, id);
        } else {
          if (!(await q.siteIsLive(tx, row.organisation_id, row.site_id)))
            throw conflict(fill(M.siteArchived, { site: row.site }));
          if (type === 'entities') await q.restoreEntity(tx, row.organisation_id, id);
          else if (type === 'vehicles') {
            if (await q.liveVehicleRegistered(tx, row.organisation_id, row.name))
              throw conflict(fill(M.registrationClash, { name: row.name, organisation: row.organisation }));
            const meterIds = await q.vehicleMeters(tx, row.organisation_id, id);
            await q.restoreVehicle(tx, row.organisation_id, id, meterIds);
            await recomputeOrganisationFacts(tx, row.organisation_id, meterIds, clock());
          } else {
            await q.restoreMeter(tx, row.organisation_id, id);
            await recomputeOrganisationFacts(tx, row.organisation_id, [id], clock());
          }
        }
        await audit(tx, a, {
          organisationId: row.organisation_id,
          action: 'restore',
          asset: { type: ASSET_TYPE[type], id, name: row.name },
        });
        return { success: true as const, message: fill(M.restored, { name: row.name }) };
      });
    },

    async purge(a: Caller, type: DeletedAssetType, id: number): Promise<DeletedAssetAnswer> {
      const { name, keys } = await db.transaction(async (tx) => {
        const row = await archivedOrNotFound(tx, type, id);
        await audit(tx, a, {
          organisationId: row.organisation_id,
          action: 'purge',
          asset: { type: ASSET_TYPE[type], id, name: row.name },
        });
        if (type === 'sites') {
          if ((await q.liveChildren(tx, row.organisation_id, id)) > 0) throw conflict(M.siteNotEmpty);
          const children = await q.archivedChildren(tx, [id]);
          return { name: row.name, keys: await purgeRows(tx, { ...children, siteIds: [id] }) };
        }
        // A vehicle goes with its two meters (deleting them deletes it).
        const meterIds =
          type === 'vehicles'
            ? await q.vehicleMeters(tx, row.organisation_id, id)
            : type === 'entities'
              ? []
              : [id];
        const ids = { meterIds, entityIds: type === 'entities' ? [id] : [], siteIds: [] };
        return { name: row.name, keys: await purgeRows(tx, ids) };
      });
      await dropBytes(storage, keys);
      return { success: true, message: fill(M.purged, { name }) };
    },
  };
}

export type DeletedAssetsService = ReturnType<typeof createDeletedAssetsService>;
