import { z } from 'zod';
import { text } from './common';
import { defineOperations, type OperationSpec } from './operations';

/** The reference lists served by GET /api/lookups/{name} (see packages/db/src/reference-data.ts). */
export const REFERENCE_LISTS = [
  'regions',
  'building-segmentations',
  'entity-descriptors',
  'entity-usages',
  'aircon-controls',
  'heating-types',
  'lighting-types',
  'entity-controls',
  'organisation-types',
  'countries',
  'financial-reporting',
  'year-orders',
] as const;
export type ReferenceList = (typeof REFERENCE_LISTS)[number];

/** A lookup item with the extra attribute some lists carry (an entity descriptor's building segmentation). */
export const referenceItem = z.object({
  Id: z.number(),
  Descr: text(),
  Order: z.number(),
  Detail: text().nullable(),
});
export const referenceList = z.array(referenceItem);

export const indicator = z.object({
  id: z.number(),
  description: text(),
  unit: text(),
  variable: z.boolean(),
  appliesTo: z.enum(['site', 'entity', 'both']),
});
export const indicatorList = z.array(indicator);

/** The location maps' tiles (the installation's MAP_TILE_URL): a URL template, or null for no tiles. */
export const mapTiles = z.object({ url: text().nullable(), attribution: text() });
export type MapTiles = z.infer<typeof mapTiles>;

const listOperation = <L extends ReferenceList>(list: L) =>
  ({
    method: 'GET',
    path: `/lookups/${list}`,
    summary: `The ${list.replace(/-/g, ' ')} list`,
    access: 'signed-in',
    answer: referenceList,
  }) as const satisfies OperationSpec;

/** Reference lists, the same for everyone signed in: one operation per list, named by the list. */
export const referenceOperations = defineOperations('reference', {
  ...(Object.fromEntries(REFERENCE_LISTS.map((list) => [list, listOperation(list)])) as {
    [L in ReferenceList]: ReturnType<typeof listOperation<L>>;
  }),
  indicators: {
    method: 'GET',
    path: '/lookups/indicators',
    summary: 'Indicators for sites and entities',
    access: 'signed-in',
    answer: indicatorList,
  },
  mapTiles: {
    method: 'GET',
    path: '/lookups/map-tiles',
    summary: "The location maps' tile server (MAP_TILE_URL), or none",
    access: 'signed-in',
    answer: mapTiles,
  },
});
