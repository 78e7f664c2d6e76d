import { LIST_PAGE_SIZE } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { editing, member, viewing } from './access';
import { calendarDate, idNumber, idParam, int4, int4Param, nameText, text } from './common';
import {
  digits,
  entityUsages,
  indicatorParams,
  indicatorSaved,
  pumpDetail,
  pumpUpdate,
  usageParams,
  usageSaved,
  valueUpdate,
  wwtpDetail,
  wwtpUpdate,
} from './entities/details';
import { entityFigures } from './entities/figures';
import { entityType } from './entities/types';
import { defineOperations } from './operations';

export * from './entities/types';

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const ENTITY_SORTS = ['name', 'facility', 'site', 'consumption', 'type'] as const;

export const entitiesQuery = z.object({
  offset: int4Param({ min: 0 }).default(0),
  limit: int4Param({ min: 1, max: LIST_PAGE_SIZE }).default(LIST_PAGE_SIZE),
  q: text().trim().max(200).optional(),
  includeClosed: bool.default(false),
  hideOpen: bool.default(false),
  /** Comma-separated entity types; none means every type. */
  types: text()
    .optional()
    .transform((v) => (v ? v.split(',').filter((t) => t !== '') : []))
    .pipe(z.array(entityType)),
  sort: z.enum(ENTITY_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type EntitiesQuery = z.input<typeof entitiesQuery>;

export const entityRow = z.object({
  id: z.number(),
  name: text(),
  facilityName: text().nullable(),
  siteId: z.number(),
  siteName: text(),
  /**
   * kWh of the list's month distributed to the entity (its meters' consumption times their shares in force);
   * null when no meter shares its consumption with the entity: never an invented figure.
   */
  consumption: z.number().nullable(),
  type: entityType,
  closed: z.boolean(),
});
export type EntityRow = z.infer<typeof entityRow>;

export const entitiesList = z.object({
  entities: z.array(entityRow),
  total: z.number(),
  /** Whether the caller may create entities in the organisation. */
  mayEdit: z.boolean(),
  /** The month (yyyy-MM) of the consumption column: the last complete month. */
  month: text(),
});
export type EntitiesList = z.infer<typeof entitiesList>;

export const orgParam = z.object({ id: idNumber() });
export const siteParam = z.object({ siteId: idNumber() });

export const facility = z.object({ id: z.number(), name: text() });
export const facilityList = z.array(facility);

export const meterOption = z.object({ id: z.number(), name: text() });
export const pumpMeterOptions = z.object({
  site: text(),
  power: z.array(meterOption),
  flow: z.array(meterOption),
  all: z.array(meterOption),
});
export type PumpMeterOptions = z.infer<typeof pumpMeterOptions>;

export const newEntityRequest = z.object({
  name: nameText().trim().max(200).default(''),
  siteId: int4().positive().nullable().default(null),
  type: entityType.nullable().default(null),
  facility: text().trim().max(200).default(''),
  buildsegId: int4().nullable().default(null),
  entdescId: int4().nullable().optional(),
  /** Pump head in metres: digits only. */
  head: digits,
  powerMeterId: int4().nullable().optional(),
  flowMeterId: int4().nullable().optional(),
});
export type NewEntityRequest = z.input<typeof newEntityRequest>;

/** The spec's entity detail, with what the page needs to label it. */
export const entityDetail = z.object({
  id: z.number(),
  entityName: text(),
  type: entityType,
  siteId: z.number(),
  siteName: text(),
  organisationId: z.number(),
  buildsegId: z.number().nullable(),
  entdescId: z.number().nullable(),
  controlId: z.number().nullable(),
  entityOpen: text().nullable(),
  entityClose: text().nullable(),
  description: text().nullable(),
  address1: text().nullable(),
  address2: text().nullable(),
  address3: text().nullable(),
  /** Longitude (-180..180) and latitude (-90..90). */
  x: z.number().nullable(),
  y: z.number().nullable(),
  facilityName: text().nullable(),
  closed: z.boolean(),
  mayEdit: z.boolean(),
});
export type EntityDetail = z.infer<typeof entityDetail>;

const nullableText = text().trim().max(500).nullable();
const nullableId = int4().nullable();
const nullableDate = calendarDate(MSG.entityDateFormat).nullable();

/** PUT /entities/{id}: any subset of the editable fields. */
export const entityUpdate = z
  .object({
    entityName: nameText().trim().max(200),
    buildsegId: nullableId,
    entdescId: nullableId,
    controlId: nullableId,
    entityOpen: nullableDate,
    entityClose: nullableDate,
    description: nullableText,
    address1: nullableText,
    address2: nullableText,
    address3: nullableText,
    x: z.number().nullable(),
    y: z.number().nullable(),
    facilityName: nameText().trim().max(200),
  })
  .partial();
export type EntityUpdate = z.infer<typeof entityUpdate>;

export const createdEntity = z.object({ success: z.literal(true), data: entityDetail });
export const deletedAnswer = z.object({ success: z.literal(true), message: text() });

const one = { params: idParam } as const;
const view = viewing({ entity: 'params.id' });
const edit = editing({ entity: 'params.id' });

/** Entities: the list, the New Entity wizard, the entity page and its details (core-portal.md 2.5, 7). */
export const entitiesOperations = defineOperations('entities', {
  list: {
    method: 'GET',
    path: '/organisations/:id/entities',
    summary: 'Entities of an organisation, filtered and sorted, 100 at a time',
    access: member('params.id'),
    params: orgParam,
    query: entitiesQuery,
    answer: entitiesList,
  },
  create: {
    method: 'POST',
    path: '/organisations/:id/new-entity',
    summary: 'Create an entity (the facility is created when the site has none of that name)',
    access: member('params.id'),
    params: orgParam,
    body: newEntityRequest,
    answer: createdEntity,
  },
  facilities: {
    method: 'GET',
    path: '/sites/:siteId/facilities',
    summary: 'Facilities at a site',
    access: viewing({ site: 'params.siteId' }),
    params: siteParam,
    answer: facilityList,
  },
  pumpMeters: {
    method: 'GET',
    path: '/sites/:siteId/pump-meters',
    summary: "A site's power (electricity) and flow (water) meters, for a pump",
    access: viewing({ site: 'params.siteId' }),
    params: siteParam,
    answer: pumpMeterOptions,
  },
  read: {
    method: 'GET',
    path: '/entities/:id',
    summary: 'One entity',
    access: view,
    ...one,
    answer: entityDetail,
  },
  update: {
    method: 'PUT',
    path: '/entities/:id',
    summary: "Change any of an entity's fields",
    access: edit,
    ...one,
    body: entityUpdate,
    answer: entityDetail,
  },
  remove: {
    method: 'DELETE',
    path: '/entities/:id',
    summary: 'Delete (archive) an entity',
    access: edit,
    ...one,
    answer: deletedAnswer,
  },

  pump: {
    method: 'GET',
    path: '/entities/:id/pump',
    summary: "A pump's head and meters",
    access: view,
    ...one,
    answer: pumpDetail,
  },
  updatePump: {
    method: 'PUT',
    path: '/entities/:id/pump',
    summary: "Change a pump's head (metres, digits only) or its power and flow meters",
    access: edit,
    ...one,
    body: pumpUpdate,
    answer: pumpDetail,
  },
  usages: {
    method: 'GET',
    path: '/entities/:id/usages',
    summary: "An entity's usage, commissioning and EUI targets, and its indicators",
    access: view,
    ...one,
    answer: entityUsages,
  },
  updateUsage: {
    method: 'PUT',
    path: '/entities/:id/usages/:field',
    summary: 'Change one usage field (integer for EUI targets, number for utilisation fields)',
    access: edit,
    params: usageParams,
    body: valueUpdate,
    answer: usageSaved,
  },
  updateIndicator: {
    method: 'PUT',
    path: '/entities/:id/indicators/:indicatorId',
    summary: 'Change one indicator value (a whole number; null clears it)',
    access: edit,
    params: indicatorParams,
    body: valueUpdate,
    answer: indicatorSaved,
  },
  wwtp: {
    method: 'GET',
    path: '/entities/:id/wwtp',
    summary: "A wastewater plant's details",
    access: view,
    ...one,
    answer: wwtpDetail,
  },
  updateWwtp: {
    method: 'PUT',
    path: '/entities/:id/wwtp',
    summary: "Change a wastewater plant's details",
    access: edit,
    ...one,
    body: wwtpUpdate,
    answer: wwtpDetail,
  },
  figures: {
    method: 'GET',
    path: '/entities/:id/figures',
    summary: "The entity's distributed figures for the twelve months to the last complete one",
    access: view,
    ...one,
    answer: entityFigures,
  },
});
