import { z } from 'zod';
import { errorResponse, idNumber, int4Param, text } from './common';
import { defineOperations } from './operations';

/** Deleted assets (data-portal spec 2.9, 3, 4): archived sites, data sources, vehicles and entities, provider only. */
export const DELETED_ASSET_MESSAGES = {
  restored: '{name} restored',
  purged: '{name} purged',
  nameClash: 'A site named {name} already exists in {organisation}; rename it before restoring this one.',
  siteArchived: 'Its site {site} is deleted; restore the site first.',
  siteNotEmpty: 'This site still has live data sources or entities; delete or move them first.',
  registrationClash:
    'A vehicle registered {name} already exists in {organisation}; delete or rename it before restoring this one.',
} as const;

export const DELETED_ASSET_TYPES = ['sites', 'data-sources', 'vehicles', 'entities'] as const;
export const deletedAssetType = z.enum(DELETED_ASSET_TYPES);
export type DeletedAssetType = z.infer<typeof deletedAssetType>;

export const DELETED_ASSETS_PAGE_SIZE = 100;

export const deletedAssetsParams = z.object({ type: deletedAssetType });
export const deletedAssetParams = z.object({
  type: deletedAssetType,
  id: idNumber(),
});
export const deletedAssetsQuery = z.object({
  offset: int4Param({ min: 0 }).default(0),
  limit: int4Param({ min: 1, max: DELETED_ASSETS_PAGE_SIZE }).default(DELETED_ASSETS_PAGE_SIZE),
});
export type DeletedAssetsQuery = z.infer<typeof deletedAssetsQuery>;

/** The spec's Deleted asset, with the day the sweeper will purge it. Dates are yyyy-MM-dd. */
export const deletedAsset = z.object({
  id: z.number(),
  organisationId: z.number(),
  organisation: text(),
  /** The site's name; for a site, its own name. */
  site: text(),
  name: text(),
  /** The user who deleted it (from the row or the history), or null when neither knows. */
  deletedBy: text().nullable(),
  deletedOn: text(),
  purgeOn: text(),
});
export type DeletedAsset = z.infer<typeof deletedAsset>;

export const deletedAssetsList = z.object({ total: z.number(), items: z.array(deletedAsset) });
export type DeletedAssetsList = z.infer<typeof deletedAssetsList>;

export const deletedAssetAnswer = z.object({ success: z.literal(true), message: text() });
export type DeletedAssetAnswer = z.infer<typeof deletedAssetAnswer>;

const answers = { 409: errorResponse };

/** Data spec call table: GET /admin/deleted-assets/{type}; PUT .../restore/{id}; DELETE .../purge/{id}. */
export const deletedAssetsOperations = defineOperations('deleted-assets', {
  list: {
    method: 'GET',
    path: '/admin/deleted-assets/:type',
    summary: 'Archived sites, data sources or entities of every organisation, newest first (provider only)',
    access: 'product-administrator',
    params: deletedAssetsParams,
    query: deletedAssetsQuery,
    answer: deletedAssetsList,
  },
  restore: {
    method: 'PUT',
    path: '/admin/deleted-assets/:type/restore/:id',
    summary: 'Restores an archived asset; a site comes back with the entities archived with it',
    access: 'product-administrator',
    params: deletedAssetParams,
    answer: deletedAssetAnswer,
    answers,
  },
  purge: {
    method: 'DELETE',
    path: '/admin/deleted-assets/:type/purge/:id',
    summary: 'Removes an archived asset and what depends on it permanently',
    access: 'product-administrator',
    params: deletedAssetParams,
    answer: deletedAssetAnswer,
    answers,
  },
});
