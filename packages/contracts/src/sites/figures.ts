import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { factorEdition, idNumber, int4, int4Param, text } from '../common';

/** A site's figures: the year-on-year graph of its page and the Site Data Export. */

export const GRAPH_MEASURES = ['cons', 'cost', 'co2e'] as const;
export const assetGraphParams = z.object({
  id: idNumber(),
  measure: z.enum(GRAPH_MEASURES),
  year: int4Param({ min: 1990, max: 2200 }),
  month: int4Param({ min: 1, max: 12 }),
});
/** The months of a reporting year ending in `year`-`month` against the year before. */
export const assetGraphData = z.object({
  months: z.array(text()),
  /** Null for a month not yet lived (after `currentMonth`): blank, never 0. */
  data: z.tuple([z.array(z.number().nullable()), z.array(z.number().nullable())]),
  /** Today's month in the organisation, 'yyyy-MM': still filling, so incomplete. */
  currentMonth: text(),
  seriesLabels: z.tuple([text(), text()]),
  unit: text(),
  year: z.number(),
  yearEnd: z.number(),
  /** The editions of emission factors that produced the kg CO2e of both years (empty for kWh and $). */
  editions: z.array(factorEdition),
});
export type AssetGraphData = z.infer<typeof assetGraphData>;

export const EXPORT_QUANTITIES = ['cons', 'cost', 'co2e', 'units'] as const;
const yyyyMM = text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG.exportRangeIncomplete);
export const siteDataExportRequest = z.object({
  assets: z.array(int4().positive()).min(1, MSG.exportNeedsAsset),
  data: z.array(z.enum(EXPORT_QUANTITIES)).min(1, MSG.exportNeedsQuantity),
  ranges: z
    .array(
      z
        .object({
          aggregation: z.enum(['monthly', 'total']),
          start: z.union([yyyyMM, z.literal(''), z.null()]),
          end: z.union([yyyyMM, z.literal(''), z.null()]),
        })
        .refine((r) => !!r.start && !!r.end, MSG.exportRangeIncomplete)
        .refine((r) => !r.start || !r.end || r.start <= r.end, MSG.exportRangeOrder),
    )
    .min(1, MSG.exportRangeIncomplete),
});
export type SiteDataExportRequest = z.infer<typeof siteDataExportRequest>;
