import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';

/** A stored date: four-digit year first. '12-05-2024' (1-3 digits then a hyphen) is refused. */
const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const isStoredDate = (value: string) => ISO_DATE.test(value) && !/^\d{1,3}-/.test(value);

export const siteIdParam = z.object({ id: z.coerce.number().int().positive() });
export const organisationIdParam = z.object({ id: z.coerce.number().int().positive() });
export const siteNameCheckParams = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string(),
});
export const indicatorParams = z.object({
  id: z.coerce.number().int().positive(),
  indicatorId: z.coerce.number().int().positive(),
});
export const groupMembershipParams = z.object({
  groupId: z.coerce.number().int().positive(),
  siteId: z.coerce.number().int().positive(),
});

export const SITE_SORTS = ['name', 'consumption', 'groups', 'meters', 'alerts'] as const;
export const siteListQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  q: z.string().trim().max(200).optional(),
  includeClosed: z.enum(['true', 'false']).optional(),
  hideOpen: z.enum(['true', 'false']).optional(),
  /** Site group ids, comma separated: a site in any of them is listed. */
  groups: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional(),
  sort: z.enum(SITE_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  /** The month (yyyyMM) and measure of the consumption column; default last complete month, cons. */
  month: z
    .string()
    .regex(/^\d{4}(0[1-9]|1[0-2])$/)
    .optional(),
  measure: z.enum(['cons', 'cost', 'co2']).default('cons'),
});
export type SiteListQuery = z.infer<typeof siteListQuery>;

export const siteListItem = z.object({
  id: z.number(),
  name: z.string(),
  consumption: z.number(),
  groups: z.array(z.string()),
  meters: z.number(),
  /** No alerts are recorded yet (alert evaluation arrives with a later issue): always 0. */
  alerts: z.number(),
  closed: z.boolean(),
  siteOpen: z.string().nullable(),
  siteClose: z.string().nullable(),
});
export type SiteListItem = z.infer<typeof siteListItem>;
export const siteList = z.object({
  mayEdit: z.boolean(),
  total: z.number(),
  /** The month (yyyyMM) the consumption column is for. */
  month: z.string(),
  sites: z.array(siteListItem),
  /** The organisation's site groups, for the groups filter. */
  groupOptions: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type SiteList = z.infer<typeof siteList>;

export const siteNameCheck = z.object({ success: z.boolean(), message: z.string().optional() });

export const newSiteRequest = z.object({
  name: z.string().trim().min(1, MSG.siteNameRequired).max(200),
  region: z.number({ error: MSG.siteRegionRequired }).int().positive(MSG.siteRegionRequired),
  openDate: z
    .string({ error: MSG.siteOpenDateRequired })
    .trim()
    .min(1, MSG.siteOpenDateRequired)
    .refine(isStoredDate, MSG.siteOpenDateFormat),
});
export type NewSiteRequest = z.infer<typeof newSiteRequest>;

export const siteIndicator = z.object({
  indicatorId: z.number(),
  description: z.string(),
  unit: z.string(),
  variable: z.boolean(),
  value: z.number().nullable(),
});
export const siteGroupRef = z.object({ id: z.number(), name: z.string() });

/** The whole site, as the site page reads it. */
export const site = z.object({
  id: z.number(),
  organisationId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  siteAddress1: z.string().nullable(),
  siteAddress2: z.string().nullable(),
  siteAddress3: z.string().nullable(),
  regionId: z.number().nullable(),
  siteOpen: z.string().nullable(),
  siteClose: z.string().nullable(),
  heatPlant: z.boolean(),
  closed: z.boolean(),
  /** Energy consumption (kWh) of the last complete month. */
  consumption: z.number(),
  groups: z.array(z.string()),
  meters: z.number(),
  alerts: z.number(),
  /** The site groups it belongs to, and all the organisation's site groups it could join. */
  joinedGroups: z.array(siteGroupRef),
  availableGroups: z.array(siteGroupRef),
  /** Values of every indicator a site can carry (null when unset). */
  indicators: z.array(siteIndicator),
  /** The indicators calculations can use for this site: those with a value. */
  calculableIndicators: z.array(z.number()),
  mayEdit: z.boolean(),
  /** The organisation's reporting year end (1-12), which the overview chart follows. */
  reportingYearEnd: z.number(),
  /** The last complete month ('yyyy-MM'), so the chart opens on the year that holds it. */
  lastCompleteMonth: z.string(),
});
export type Site = z.infer<typeof site>;

const optionalText = z.string().trim().max(500).nullable();
const optionalDate = z
  .string()
  .trim()
  .nullable()
  .refine((v) => v === null || v === '' || isStoredDate(v), MSG.siteOpenDateFormat);

/** PUT /sites/{id}: every field optional; send only what changed. */
export const siteUpdate = z.object({
  name: z.string().trim().min(1, MSG.siteNameRequired).max(200).optional(),
  description: optionalText.optional(),
  siteAddress1: optionalText.optional(),
  siteAddress2: optionalText.optional(),
  siteAddress3: optionalText.optional(),
  regionId: z.number().int().positive(MSG.siteRegionRequired).optional(),
  siteOpen: z
    .string()
    .trim()
    .min(1, MSG.siteOpenDateRequired)
    .refine(isStoredDate, MSG.siteOpenDateFormat)
    .optional(),
  siteClose: optionalDate.optional(),
  heatPlant: z.boolean().optional(),
});
export type SiteUpdate = z.infer<typeof siteUpdate>;

export const indicatorValueRequest = z.object({
  value: z
    .union([z.number(), z.string(), z.null()])
    .refine((v) => v === null || v === '' || Number.isFinite(Number(v)), MSG.indicatorNotNumeric),
});

export const messageAnswer = z.object({ success: z.boolean(), message: z.string() });

export const GRAPH_MEASURES = ['cons', 'cost', 'co2e'] as const;
export const assetGraphParams = z.object({
  id: z.coerce.number().int().positive(),
  measure: z.enum(GRAPH_MEASURES),
  year: z.coerce.number().int().min(1990).max(2200),
  month: z.coerce.number().int().min(1).max(12),
});
/** The months of a reporting year ending in `year`-`month` against the year before. */
export const assetGraphData = z.object({
  months: z.array(z.string()),
  data: z.tuple([z.array(z.number()), z.array(z.number())]),
  seriesLabels: z.tuple([z.string(), z.string()]),
  unit: z.string(),
  year: z.number(),
  yearEnd: z.number(),
});
export type AssetGraphData = z.infer<typeof assetGraphData>;

export const EXPORT_QUANTITIES = ['cons', 'cost', 'co2e', 'units'] as const;
const yyyyMM = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG.exportRangeIncomplete);
export const siteDataExportRequest = z.object({
  assets: z.array(z.number().int().positive()).min(1, MSG.exportNeedsAsset),
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

export const siteMeterList = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    meterNumber: z.string().nullable(),
    energy: z.string().nullable(),
    /** 1 supply meter, 2 check meter. */
    level: z.number(),
    closed: z.boolean(),
  }),
);
export const siteEntityList = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    type: z.string(),
    facility: z.string().nullable(),
    closed: z.boolean(),
  }),
);
