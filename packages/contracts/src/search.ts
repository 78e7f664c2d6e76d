import { SEARCH_MIN_CHARS } from '@verdant/domain/constants';
import { z } from 'zod';
import { member } from './access';
import { int4Param, text } from './common';
import { defineOperations } from './operations';
import { ASSET_TYPES } from './users';

/** What the search and browse panel finds: the assets rights are granted on, and vehicles (by registration). */
export const searchAssetType = z.enum([...ASSET_TYPES, 'vehicle']);
export type SearchAssetType = z.infer<typeof searchAssetType>;

export const searchQuery = z.object({
  type: searchAssetType,
  /** Echoed back so the client can drop answers that arrive out of order. */
  counter: int4Param({ min: 0 }).default(0),
  q: text().trim().min(SEARCH_MIN_CHARS, `Type at least ${SEARCH_MIN_CHARS} characters`).max(200),
});

export const searchResult = z.object({
  type: searchAssetType,
  id: z.number(),
  name: text(),
  /** Where the asset is, for telling same-named assets apart (for example the site of a meter). */
  context: text().nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchAnswer = z.object({ counter: z.number(), results: z.array(searchResult) });

/** GET /current-user/browse: the organisation's assets of one type, without typing. */
export const browseQuery = z.object({
  type: searchAssetType,
  offset: int4Param({ min: 0 }).default(0),
  /** 'true': only sites still open (no close date), for choosing where something new goes. */
  open: z.enum(['true', 'false']).optional(),
});
export const browseAnswer = z.object({
  results: z.array(searchResult),
  total: z.number(),
  offset: z.number(),
});
export type BrowseAnswer = z.infer<typeof browseAnswer>;

/** The search and browse panel (docs/decisions/search.md): members of the session's organisation. */
export const searchOperations = defineOperations('search', {
  find: {
    method: 'GET',
    path: '/current-user/search',
    summary: 'Find assets of one type by name (at least 3 characters)',
    access: member(),
    query: searchQuery,
    answer: searchAnswer,
  },
  browse: {
    method: 'GET',
    path: '/current-user/browse',
    summary: 'Assets of one type the caller may see, by name, 100 at a time (the browse panel)',
    access: member(),
    query: browseQuery,
    answer: browseAnswer,
  },
});
