import { CAT } from '@verdant/domain/catalogue-messages';
import { z } from 'zod';
import { calendarDate, idNumber, int4, nameText, text } from './common';
import { defineOperations } from './operations';

/**
 * The catalogue as product administrators keep it (data-portal.md 2.8, 3, 4, 5, 7 "Data types and factors
 * (admin)"; docs/decisions/catalogue.md): the admin list of data types, Create New Data Type, Create New Unit,
 * New composite factor, the emission factor editor and the lists they read.
 */

const dbId = idNumber();
export const dataTypeIdParam = z.object({ id: dbId });
/** `source` is the factor source (the default set, or an organisation's own). */
export const factorListParams = z.object({ id: dbId, source: dbId });
export const factorParams = factorListParams.extend({ factorId: dbId });
export const commonsParam = z.object({ id: text().min(1).max(50) });

/** Composite data types take ids from here (data-portal.md 9). */
export const COMPOSITE_ID_FROM = 100_000;
export const SCOPE3_CATEGORIES = [3, 4, 5, 6] as const;
export const DEFAULT_SCOPE3_CATEGORY = 4;

/** A number typed as text: the spec's "numeric text only" inputs, parsed on both sides the same way. */
export const NUMERIC_TEXT = /^-?(\d+\.?\d*|\.\d+)$/;
const numericText = (message: string) =>
  z.union([z.number(), text()]).transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (!NUMERIC_TEXT.test(s) || !Number.isFinite(Number(s))) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return s;
  });

export const adminUnit = z.object({
  unitId: z.number(),
  name: text(),
  conversionToStandard: z.number(),
  sourceInfo: text().nullable(),
});
export type AdminUnit = z.infer<typeof adminUnit>;

/** One row of the admin data types list: the spec's data type (energy type) with its units. */
export const adminDataType = z.object({
  id: z.number(),
  energyDescr: text(),
  grouping: text(),
  /** 1 Energy Consumption, 2 Record Only, 3 Energy Delivery, 4 GHG Emission. */
  type: z.number(),
  /** null: global; else the one organisation it is restricted to. */
  org: z.object({ id: z.number(), name: text() }).nullable(),
  stdUnit: text(),
  defaultUnit: z.number().nullable(),
  standardisedUnit: text(),
  units: z.array(adminUnit),
  retired: z.boolean(),
  composite: z.boolean(),
  source_notes: text().nullable(),
  scope3Category: z.number().nullable(),
  reportingGroupId: z.number().nullable(),
  /** Factors held in the default set (any edition), by scope: how the admin sees gaps at a glance. */
  factorScopes: z.array(z.number()),
});
export type AdminDataType = z.infer<typeof adminDataType>;
export const adminDataTypeList = z.array(adminDataType);

const scopeFactor = z.object({
  scope: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  rate: numericText(CAT.factorRateNumber),
  startDate: calendarDate(CAT.factorStartRequired),
});

/** Create New Data Type (data-portal.md 5, New data type). */
export const newDataTypeRequest = z.object({
  name: nameText().trim().min(1, CAT.dataTypeNameRequired).max(100),
  grouping: text().trim().min(1, CAT.dataTypeGroupRequired).max(100),
  type: int4().min(1).max(4),
  stdUnit: text().trim().min(1, CAT.dataTypeStdUnitRequired).max(30),
  standardisedUnit: text().trim().max(30).optional(),
  sourceNotes: text().trim().min(1, CAT.dataTypeSourceNotesRequired).max(4000),
  /** null: global; else the organisation it is restricted to. */
  org: int4().positive().nullable().default(null),
  reportingGroupId: int4().positive().nullable().default(null),
  scope3Category: int4()
    .refine((n) => (SCOPE3_CATEGORIES as readonly number[]).includes(n), CAT.scope3Category)
    .default(DEFAULT_SCOPE3_CATEGORY),
  scopes: z.array(scopeFactor).max(3).default([]),
});
export type NewDataTypeRequest = z.input<typeof newDataTypeRequest>;

/** PUT /admin/data-types/{id}: what may change once a data type is in use. */
export const dataTypeUpdate = z.object({
  name: nameText().trim().min(1, CAT.dataTypeNameRequired).max(100),
  grouping: text().trim().min(1, CAT.dataTypeGroupRequired).max(100),
  sourceNotes: text().trim().min(1, CAT.dataTypeSourceNotesRequired).max(4000),
  retired: z.boolean(),
  scope3Category: int4()
    .refine((n) => (SCOPE3_CATEGORIES as readonly number[]).includes(n), CAT.scope3Category)
    .nullable(),
  defaultUnit: int4().positive().nullable(),
  reportingGroupId: int4().positive().nullable(),
});
export type DataTypeUpdate = z.input<typeof dataTypeUpdate>;

/** Create New Unit (data-portal.md 5, New unit): the factor is numeric, optionally negative, never zero. */
export const newUnitRequest = z.object({
  name: nameText().max(30).default(''),
  conversionToStandard: z.union([z.number(), text()]).nullable().default(null),
  sourceInfo: text().trim().max(2000).nullable().default(null),
});
export type NewUnitRequest = z.input<typeof newUnitRequest>;

/** New composite factor (data-portal.md 5, Composite factor). */
export const compositeRequest = z.object({
  name: nameText().trim().max(100),
  grouping: text().trim().min(1, CAT.dataTypeGroupRequired).max(100).optional(),
  components: z
    .array(z.object({ energy: int4().positive(), percentage: z.union([z.number(), text()]) }))
    .max(20),
});
export type CompositeRequest = z.input<typeof compositeRequest>;

export const compositeDetails = z.object({
  id: z.number(),
  name: text(),
  factorId: z.number(),
  stdUnit: text(),
  components: z.array(
    z.object({ energy: z.object({ id: z.number(), energyDescr: text() }), percentage: z.number() }),
  ),
});
export type CompositeDetails = z.infer<typeof compositeDetails>;

export const SCOPE2_BASES = ['location', 'residual-mix'] as const;

/** The spec's emission factor (data-portal.md 3), with the edition it belongs to and its gas parts. */
export const emissionFactor = z.object({
  emissionFactorId: z.number(),
  energyId: z.number(),
  scopeId: z.number(),
  basis: z.enum(SCOPE2_BASES).nullable(),
  rate: z.number(),
  co2: z.number().nullable(),
  ch4: z.number().nullable(),
  n2o: z.number().nullable(),
  startDate: text(),
  endDate: text().nullable(),
  /** The factor source it belongs to. */
  dataSource: z.number(),
  /** Its edition, or null for a factor entered by hand. */
  edition: z.object({ id: z.number(), name: text(), status: text() }).nullable(),
  /** Where the figure comes from, as the edition or the administrator gave it. */
  emission: text().nullable(),
  version: z.number(),
});
export type EmissionFactor = z.infer<typeof emissionFactor>;
export const emissionFactorList = z.array(emissionFactor);

/** The emission factor editor: create if no id, update if id (data-portal.md 4); the rate numeric text only. */
export const emissionFactorInput = z.object({
  scopeId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  basis: z.enum(SCOPE2_BASES).nullable().default(null),
  rate: numericText(CAT.factorRateNumber),
  startDate: calendarDate(CAT.factorStartRequired),
  endDate: calendarDate(CAT.factorStartRequired).nullable().default(null),
  notes: text().trim().max(2000).nullable().default(null),
  reason: text().trim().max(500).nullable().default(null),
});
export type EmissionFactorInput = z.input<typeof emissionFactorInput>;

export const factorSource = z.object({
  id: z.number(),
  name: text(),
  isDefault: z.boolean(),
  organisationId: z.number().nullable(),
});
export const factorSourceList = z.array(factorSource);
export type FactorSource = z.infer<typeof factorSource>;

const savedAnswer = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: text(), data });

const admin = 'product-administrator' as const;

export const catalogueAdminOperations = defineOperations('catalogue', {
  adminEnergyTypes: {
    method: 'GET',
    path: '/lookups/admin-lists/energy-types',
    summary: 'Every data type with its availability, standard unit and units (product administrators)',
    access: admin,
    answer: adminDataTypeList,
  },
  activitiesCsv: {
    method: 'GET',
    path: '/lookups/admin-lists/energy-types/activities.csv',
    summary: 'The admin data types list as activities.csv (Export List)',
    access: admin,
    answer: 'file',
  },
  createDataType: {
    method: 'POST',
    path: '/admin/energy-types',
    summary: 'Create New Data Type, with its scopes and their first factors',
    access: admin,
    body: newDataTypeRequest,
    answer: savedAnswer(adminDataType),
  },
  createUnit: {
    method: 'POST',
    path: '/admin/energy-types/:id/energy-units',
    summary: 'Create New Unit of a data type',
    access: admin,
    params: dataTypeIdParam,
    body: newUnitRequest,
    answer: savedAnswer(adminUnit),
  },
  updateDataType: {
    method: 'PUT',
    path: '/admin/data-types/:id',
    summary: 'Edit a data type (name, group, notes, retired, scope 3 category, default unit)',
    access: admin,
    params: dataTypeIdParam,
    body: dataTypeUpdate,
    answer: savedAnswer(adminDataType),
  },
  compositeDetails: {
    method: 'GET',
    path: '/admin/composite-data-types/:id/details',
    summary: 'A composite data type and its components',
    access: admin,
    params: dataTypeIdParam,
    answer: compositeDetails,
  },
  createComposite: {
    method: 'POST',
    path: '/admin/mixable-emission-factors',
    summary: 'New composite factor: a data type mixed from others by percentage (ids from 100000)',
    access: admin,
    body: compositeRequest,
    answer: savedAnswer(compositeDetails),
  },
  compositeCommons: {
    method: 'GET',
    path: '/lookups/composite-emission-factor-commons',
    summary: 'The standard units data types can be mixed in',
    access: admin,
    answer: z.array(z.object({ Id: text(), Descr: text(), Order: z.number() })),
  },
  compositeCommonTypes: {
    method: 'GET',
    path: '/lookups/composite-emission-factor-commons/:id/data-types',
    summary: 'Data types that can be mixed in one standard unit',
    access: admin,
    params: commonsParam,
    answer: z.array(z.object({ id: z.number(), energyDescr: text(), grouping: text() })),
  },
  factorSources: {
    method: 'GET',
    path: '/admin/emission-factor-sources',
    summary: 'Every factor source (the default set and the organisations’ own)',
    access: admin,
    answer: factorSourceList,
  },
  factors: {
    method: 'GET',
    path: '/admin/data-types/:id/emission-factors/:source/factors',
    summary: 'The factors of a data type in one source, every edition',
    access: admin,
    params: factorListParams,
    answer: emissionFactorList,
  },
  createFactor: {
    method: 'POST',
    path: '/admin/data-types/:id/emission-factors/:source/factors',
    summary: 'Add a factor by hand (periods of one scope may not overlap)',
    access: admin,
    params: factorListParams,
    body: emissionFactorInput,
    answer: savedAnswer(emissionFactor),
  },
  updateFactor: {
    method: 'PUT',
    path: '/admin/data-types/:id/emission-factors/:source/factors/:factorId',
    summary: 'Change a factor entered by hand or of a draft edition (a new version)',
    access: admin,
    params: factorParams,
    body: emissionFactorInput,
    answer: savedAnswer(emissionFactor),
  },
});
