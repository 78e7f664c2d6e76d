import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { editing, editor, member, viewing } from './access';
import { idNumber, int4, int4Param, isCalendarDate, nameText, text } from './common';
import { defineOperations } from './operations';
import { assetGraphData, assetGraphParams, siteDataExportRequest } from './sites/figures';

/** A stored date: four-digit year first and a real day ('12-05-2024' and '2024-02-30' are refused). */
export const isStoredDate = isCalendarDate;

export const siteIdParam = z.object({ id: idNumber() });
export const organisationIdParam = z.object({ id: idNumber() });
export const siteNameCheckParams = z.object({
  id: idNumber(),
  name: text(),
});
export const indicatorParams = z.object({
  id: idNumber(),
  indicatorId: idNumber(),
});
export const groupMembershipParams = z.object({
  groupId: idNumber(),
  siteId: idNumber(),
});

export const SITE_SORTS = ['name', 'consumption', 'groups', 'meters', 'alerts'] as const;
export const siteListQuery = z.object({
  offset: int4Param({ min: 0 }).default(0),
  limit: int4Param({ min: 1, max: 500 }).default(100),
  q: text().trim().max(200).optional(),
  includeClosed: z.enum(['true', 'false']).optional(),
  hideOpen: z.enum(['true', 'false']).optional(),
  /** Site group ids, comma separated: a site in any of them is listed. */
  groups: text()
    .regex(/^\d+(,\d+)*$/)
    .optional(),
  sort: z.enum(SITE_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  /** The month (yyyyMM) and measure of the consumption column; default last complete month, cons. */
  month: text()
    .regex(/^\d{4}(0[1-9]|1[0-2])$/)
    .optional(),
  measure: z.enum(['cons', 'cost', 'co2']).default('cons'),
});
export type SiteListQuery = z.infer<typeof siteListQuery>;

export const siteListItem = z.object({
  id: z.number(),
  name: text(),
  consumption: z.number(),
  groups: z.array(text()),
  meters: z.number(),
  /** Pending alerts on the site's live data sources the caller sees. */
  alerts: z.number(),
  closed: z.boolean(),
  siteOpen: text().nullable(),
  siteClose: text().nullable(),
});
export type SiteListItem = z.infer<typeof siteListItem>;
export const siteList = z.object({
  mayEdit: z.boolean(),
  total: z.number(),
  /** The month (yyyyMM) the consumption column is for. */
  month: text(),
  sites: z.array(siteListItem),
  /** The organisation's site groups, for the groups filter. */
  groupOptions: z.array(z.object({ id: z.number(), name: text() })),
});
export type SiteList = z.infer<typeof siteList>;

export const siteNameCheck = z.object({ success: z.boolean(), message: text().optional() });

export const newSiteRequest = z.object({
  name: nameText().trim().min(1, MSG.siteNameRequired).max(200),
  region: int4({ error: MSG.siteRegionRequired }).positive(MSG.siteRegionRequired),
  openDate: text({ error: MSG.siteOpenDateRequired })
    .trim()
    .min(1, MSG.siteOpenDateRequired)
    .refine(isStoredDate, MSG.siteOpenDateFormat),
});
export type NewSiteRequest = z.infer<typeof newSiteRequest>;

export const siteIndicator = z.object({
  indicatorId: z.number(),
  description: text(),
  unit: text(),
  variable: z.boolean(),
  value: z.number().nullable(),
});
export const siteGroupRef = z.object({ id: z.number(), name: text() });

/** The whole site, as the site page reads it. */
export const site = z.object({
  id: z.number(),
  organisationId: z.number(),
  name: text(),
  description: text().nullable(),
  siteAddress1: text().nullable(),
  siteAddress2: text().nullable(),
  siteAddress3: text().nullable(),
  regionId: z.number().nullable(),
  siteOpen: text().nullable(),
  siteClose: text().nullable(),
  heatPlant: z.boolean(),
  closed: z.boolean(),
  /** Energy consumption (kWh) of the last complete month. */
  consumption: z.number(),
  groups: z.array(text()),
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
  lastCompleteMonth: text(),
});
export type Site = z.infer<typeof site>;

const optionalText = text().trim().max(500).nullable();
const optionalDate = text()
  .trim()
  .nullable()
  .refine((v) => v === null || v === '' || isStoredDate(v), MSG.siteOpenDateFormat);

/** PUT /sites/{id}: every field optional; send only what changed. */
export const siteUpdate = z.object({
  name: nameText().trim().min(1, MSG.siteNameRequired).max(200).optional(),
  description: optionalText.optional(),
  siteAddress1: optionalText.optional(),
  siteAddress2: optionalText.optional(),
  siteAddress3: optionalText.optional(),
  regionId: int4().positive(MSG.siteRegionRequired).optional(),
  siteOpen: text()
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
    .union([z.number(), text(), z.null()])
    .refine((v) => v === null || v === '' || Number.isFinite(Number(v)), MSG.indicatorNotNumeric),
});

export const messageAnswer = z.object({ success: z.boolean(), message: text() });

export const siteMeterList = z.array(
  z.object({
    id: z.number(),
    name: text(),
    meterNumber: text().nullable(),
    energy: text().nullable(),
    /** 1 supply meter, 2 check meter. */
    level: z.number(),
    closed: z.boolean(),
  }),
);
export const siteEntityList = z.array(
  z.object({
    id: z.number(),
    name: text(),
    type: text(),
    facility: text().nullable(),
    closed: z.boolean(),
  }),
);

const org = '/organisations/:id';
const siteRoute = { access: viewing({ site: 'params.id' }), params: siteIdParam } as const;

/** The sites list, the site page and its writes (core-portal.md 2.4, 7). */
export const sitesOperations = defineOperations('sites', {
  list: {
    method: 'GET',
    path: `${org}/sites`,
    summary: 'The sites list, 100 at a time, filtered and sorted',
    access: member('params.id'),
    params: organisationIdParam,
    query: siteListQuery,
    answer: siteList,
  },
  checkName: {
    method: 'GET',
    path: `${org}/site-name-check/:name`,
    summary: 'Whether a name is free for a new site (case-insensitive)',
    access: member('params.id'),
    params: siteNameCheckParams,
    answer: siteNameCheck,
  },
  create: {
    method: 'POST',
    path: `${org}/new-site`,
    summary: 'Creates a site',
    access: editor('params.id'),
    params: organisationIdParam,
    body: newSiteRequest,
    answer: site,
  },
  dataExport: {
    method: 'POST',
    path: `${org}/site-data-export`,
    summary: 'Site figures from the ledger as CSV',
    access: member('params.id'),
    intent: 'reads',
    params: organisationIdParam,
    body: siteDataExportRequest,
    answer: 'file',
  },
  read: { method: 'GET', path: '/sites/:id', summary: 'The whole site', ...siteRoute, answer: site },
  update: {
    method: 'PUT',
    path: '/sites/:id',
    summary: 'Updates the fields sent',
    access: editing({ site: 'params.id' }),
    params: siteIdParam,
    body: siteUpdate,
    answer: site,
  },
  remove: {
    method: 'DELETE',
    path: '/sites/:id',
    summary: 'Archives the site (restorable by a product administrator for three months)',
    access: editing({ site: 'params.id' }),
    params: siteIdParam,
    answer: messageAnswer,
  },
  setIndicator: {
    method: 'PUT',
    path: '/sites/:id/indicator-defaults/:indicatorId',
    summary: "Sets a site indicator's value (empty or null clears it)",
    access: editing({ site: 'params.id' }),
    params: indicatorParams,
    body: indicatorValueRequest,
    answer: site,
  },
  joinGroup: {
    method: 'POST',
    path: '/site-groups/:groupId/site/:siteId',
    summary: 'Adds the site to a site group',
    access: editing({ site: 'params.siteId' }),
    params: groupMembershipParams,
    answer: site,
  },
  leaveGroup: {
    method: 'DELETE',
    path: '/site-groups/:groupId/site/:siteId',
    summary: 'Takes the site out of a site group',
    access: editing({ site: 'params.siteId' }),
    params: groupMembershipParams,
    answer: site,
  },
  graph: {
    method: 'GET',
    path: '/sites/:id/asset-graph-data/:measure/:year/year-end/:month',
    summary: 'The twelve months of a year ending in year-month against the year before',
    ...siteRoute,
    params: assetGraphParams,
    answer: assetGraphData,
  },
  meters: {
    method: 'GET',
    path: '/sites/:id/data-sources',
    summary: "The site's data sources",
    ...siteRoute,
    answer: siteMeterList,
  },
  entities: {
    method: 'GET',
    path: '/sites/:id/entities',
    summary: "The site's entities",
    ...siteRoute,
    answer: siteEntityList,
  },
});
