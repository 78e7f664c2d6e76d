import { LIST_PAGE_SIZE } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { calendarDate, int4, int4Param, text } from './common';
import { searchAssetType, searchResult } from './search';

/** Entity types (spec section 3); WWTP is a wastewater treatment plant. */
export const ENTITY_TYPES = ['STANDARD', 'HEAT PLANT', 'PUMP', 'WWTP'] as const;
export const entityType = z.enum(ENTITY_TYPES);
export type EntityType = z.infer<typeof entityType>;
export const ENTITY_TYPE_LABELS: Record<EntityType, string> = {
  STANDARD: 'Standard',
  'HEAT PLANT': 'Heat plant',
  PUMP: 'Pump',
  WWTP: 'Wastewater plant',
};
/** The label of a type as read from a list that carries it as plain text (an unknown one shows as stored). */
export function entityTypeLabel(type: string): string {
  return (ENTITY_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const ENTITY_SORTS = ['name', 'facility', 'site', 'consumption', 'type'] as const;

export const entitiesQuery = z.object({
  offset: int4Param().min(0).default(0),
  limit: int4Param().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
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

export const orgParam = z.object({ id: int4Param().positive() });
export const siteParam = z.object({ siteId: int4Param().positive() });

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

const digits = z.union([text(), z.number()]).nullable().optional();

export const newEntityRequest = z.object({
  name: text().trim().max(200).default(''),
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
    entityName: text().trim().max(200),
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
    facilityName: text().trim().max(200),
  })
  .partial();
export type EntityUpdate = z.infer<typeof entityUpdate>;

export const pumpDetail = z.object({
  head: z.number().nullable(),
  powerMeterId: z.number().nullable(),
  flowMeterId: z.number().nullable(),
});
export type PumpDetail = z.infer<typeof pumpDetail>;
export const pumpUpdate = z.object({
  head: digits,
  powerMeterId: int4().nullable().optional(),
  flowMeterId: int4().nullable().optional(),
});

export const USAGE_INTEGER_FIELDS = [
  'entusageId',
  'designEui',
  'commissionedEui',
  'interventionEui',
  'accontrId',
  'heatId',
  'lightId',
] as const;
export const USAGE_NUMBER_FIELDS = [
  'airconVolume',
  'lowHumidity',
  'highHumidity',
  'lowTemp',
  'highTemp',
  'airChanges',
  'airInfiltration',
  'coreHours',
  'coreOccupancy',
  'coreEnergyIntensity',
  'ncoreHours',
  'ncoreOccupancy',
  'ncoreEnergyIntensity',
] as const;
export const USAGE_FIELDS = [...USAGE_INTEGER_FIELDS, ...USAGE_NUMBER_FIELDS] as const;
export type UsageField = (typeof USAGE_FIELDS)[number];
export const usageField = z.enum(USAGE_FIELDS);

export const entityUsage = z.object(
  Object.fromEntries(USAGE_FIELDS.map((f) => [f, z.number().nullable()])) as Record<
    UsageField,
    z.ZodNullable<z.ZodNumber>
  >,
);
export type EntityUsage = z.infer<typeof entityUsage>;

export const entityIndicator = z.object({
  indicatorId: z.number(),
  label: text(),
  unit: text(),
  value: z.number().nullable(),
});
export const entityUsages = z.object({ usage: entityUsage, indicators: z.array(entityIndicator) });
export type EntityUsages = z.infer<typeof entityUsages>;

/** One field's new value: a number, its text as typed, or null to clear it. */
export const valueUpdate = z.object({ value: z.union([z.number(), text(), z.null()]) });
export const usageParams = z.object({ id: int4Param().positive(), field: usageField });
export const indicatorParams = z.object({
  id: int4Param().positive(),
  indicatorId: int4Param().positive(),
});

export const wwtpDetail = z.object({
  populationServed: z.number().nullable(),
  designCapacityM3PerDay: z.number().nullable(),
  treatmentType: text().nullable(),
  influentMeterId: z.number().nullable(),
});
export type WwtpDetail = z.infer<typeof wwtpDetail>;
export const wwtpUpdate = z
  .object({
    populationServed: z.union([z.number(), text(), z.null()]),
    designCapacityM3PerDay: z.union([z.number(), text(), z.null()]),
    treatmentType: text().trim().max(200).nullable(),
    influentMeterId: int4().nullable(),
  })
  .partial();

export const createdEntity = z.object({ success: z.literal(true), data: entityDetail });
export const deletedAnswer = z.object({ success: z.literal(true), message: text() });

/** GET /current-user/browse: the organisation's assets of one type, without typing. */
export const browseQuery = z.object({
  type: searchAssetType,
  offset: int4Param().min(0).default(0),
  /** 'true': only sites still open (no close date), for choosing where something new goes. */
  open: z.enum(['true', 'false']).optional(),
});
export const browseAnswer = z.object({
  results: z.array(searchResult),
  total: z.number(),
  offset: z.number(),
});
export type BrowseAnswer = z.infer<typeof browseAnswer>;

export const usageSaved = z.object({ field: usageField, value: z.number().nullable() });
export const indicatorSaved = z.object({ indicatorId: z.number(), value: z.number().nullable() });

/** GET /entities/{id}/figures: the entity's distributed figures, month by month, and the meters behind them. */
export const entityFigures = z.object({
  /** The last complete month (yyyy-MM); `months` are the twelve months ending with it, oldest first. */
  lastCompleteMonth: text(),
  months: z.array(
    z.object({
      month: text(),
      /** kWh, dollars before tax and kg CO2e: each meter's figure times its share of consumption then. */
      cons: z.number(),
      cost: z.number(),
      co2e: z.number(),
      consIncomplete: z.boolean(),
      costIncomplete: z.boolean(),
      co2eIncomplete: z.boolean(),
    }),
  ),
  /** The data sources sharing their consumption with the entity now (the ones the caller may see). */
  meters: z.array(
    z.object({
      meterId: z.number(),
      meterName: text(),
      percCons: z.number(),
      percNote: z.number(),
      /** The month the share applies from; null: from the meter's first month. */
      validFrom: text().nullable(),
    }),
  ),
});
export type EntityFigures = z.infer<typeof entityFigures>;
