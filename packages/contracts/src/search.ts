import { SEARCH_MIN_CHARS } from '@verdant/domain/constants';
import { z } from 'zod';
import { int4Param, text } from './common';
import { ASSET_TYPES } from './users';

/** What the search and browse panel finds: the assets rights are granted on, and vehicles (by registration). */
export const searchAssetType = z.enum([...ASSET_TYPES, 'vehicle']);
export type SearchAssetType = z.infer<typeof searchAssetType>;

export const searchQuery = z.object({
  type: searchAssetType,
  /** Echoed back so the client can drop answers that arrive out of order. */
  counter: int4Param().min(0).default(0),
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
