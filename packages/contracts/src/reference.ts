import { z } from 'zod';
import { text } from './common';

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
