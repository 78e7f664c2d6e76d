import {
  DEFAULT_FINANCIAL_REPORTING_ID,
  ITEM_DESCRIPTION_MAX,
  REPORTING_YEAR_ENDS,
} from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { looksLikeEmail } from '@verdant/domain/passwords';
import { z } from 'zod';
import { calendarDate, int4, int4Param, text } from './common';

const isoDate = calendarDate;

export const organisationIdParam = z.object({ id: int4Param().positive() });
export const expiryParams = organisationIdParam.extend({ expiryId: int4Param().positive() });
export const monthParams = organisationIdParam.extend({
  month: text().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'Month must be yyyyMM'),
});
export const SITE_LIST_MEASURES = ['cons', 'cost', 'co2e'] as const;
export const siteListParams = monthParams.extend({ measure: z.enum(SITE_LIST_MEASURES) });

/** The spec's Organisation, every field, with what the caller may do with it. */
export const organisation = z.object({
  id: z.number(),
  name: text(),
  orgtypeId: z.number().nullable(),
  countryId: z.number().nullable(),
  orgAddress1: text().nullable(),
  orgAddress2: text().nullable(),
  orgAddress3: text().nullable(),
  compReportEmail: text().nullable(),
  alertEmail: text().nullable(),
  poNumber: text().nullable(),
  dataPoNumber: text().nullable(),
  lastYearProductPo: text().nullable(),
  lastYearDataloadingPo: text().nullable(),
  subscriptionExpiry: text().nullable(),
  /** 1 enabled, 3 disabled. */
  statusId: z.number(),
  finrepId: z.number(),
  reportingUnitId: z.number().nullable(),
  loadId: z.number().nullable(),
  graphingOrder: z.number().nullable(),
  emissionFactorDataSourceId: z.number().nullable(),
  reportingYearEnd: z.number(),
  /** Text of JSON: estimatesAlertEnabled, estimatesAlertCount, nillConsumptionAlertEnabled, nillConsumptionAlertCount. */
  alertSettings: text().nullable(),
  logo: text().nullable(),
  consTarget: z.number().nullable(),
  co2eTarget: z.number().nullable(),
  ownFactors: z.boolean(),
  /** Whether the caller may change the organisation (its administrators and product administrators). */
  mayEdit: z.boolean(),
  /** Whether the caller may enable a disabled organisation (product administrators). */
  mayEnable: z.boolean(),
});
export type Organisation = z.infer<typeof organisation>;

const optionalText = (max = 200) => text().trim().max(max).nullable();
const optionalEmail = text()
  .trim()
  .max(320)
  .nullable()
  .refine((v) => v === null || v === '' || looksLikeEmail(v), MSG.emailFormat)
  .transform((v) => (v === '' ? null : v));
const lookupId = int4().positive().nullable();
export const organisationName = text().trim().min(1, MSG.organisationNameRequired).max(200);
export const reportingYearEnd = z
  .number()
  .int()
  .refine((n) => (REPORTING_YEAR_ENDS as readonly number[]).includes(n), MSG.reportingYearEndInvalid);

/** PUT /organisations/{id}: every editable field, every time (the inline editor sends the whole set). */
export const organisationUpdate = z.object({
  name: organisationName,
  orgtypeId: lookupId,
  countryId: lookupId,
  orgAddress1: optionalText(),
  orgAddress2: optionalText(),
  orgAddress3: optionalText(),
  compReportEmail: optionalEmail,
  alertEmail: optionalEmail,
  poNumber: optionalText(100),
  dataPoNumber: optionalText(100),
  lastYearProductPo: optionalText(100),
  lastYearDataloadingPo: optionalText(100),
  /** Clearable: null removes the expiry. */
  subscriptionExpiry: isoDate(MSG.dateFormat).nullable(),
  finrepId: int4().positive(),
  reportingUnitId: lookupId,
  loadId: lookupId,
  graphingOrder: lookupId,
  emissionFactorDataSourceId: lookupId,
  reportingYearEnd,
});
export type OrganisationUpdate = z.infer<typeof organisationUpdate>;

/** POST /organisations (product administrators): the Add Organisation form. */
export const createOrganisationRequest = z.object({
  name: organisationName,
  orgtypeId: lookupId.default(null),
  finrepId: int4().positive().default(DEFAULT_FINANCIAL_REPORTING_ID),
  reportingUnitId: lookupId.default(null),
  loadId: lookupId.default(null),
  graphingOrder: lookupId.default(null),
});
export type CreateOrganisationRequest = z.input<typeof createOrganisationRequest>;

export const ALERT_SETTING_KEYS = [
  'estimatesAlertEnabled',
  'estimatesAlertCount',
  'nillConsumptionAlertEnabled',
  'nillConsumptionAlertCount',
] as const;
export type AlertSettingKey = (typeof ALERT_SETTING_KEYS)[number];

/** The parsed form of `alertSettings`. */
export interface AlertSettings {
  estimatesAlertEnabled: boolean;
  estimatesAlertCount: number | null;
  nillConsumptionAlertEnabled: boolean;
  nillConsumptionAlertCount: number | null;
}

/** Reads the stored JSON text; anything missing or malformed reads as off / unset. */
export function parseAlertSettings(text: string | null): AlertSettings {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  return {
    estimatesAlertEnabled: raw.estimatesAlertEnabled === true,
    estimatesAlertCount: count(raw.estimatesAlertCount),
    nillConsumptionAlertEnabled: raw.nillConsumptionAlertEnabled === true,
    nillConsumptionAlertCount: count(raw.nillConsumptionAlertCount),
  };
}

/** PUT /organisations/{id}/settings: one alert setting; counts are whole numbers of at least 0 (or null). */
export const settingRequest = z.object({
  key: text(),
  value: z.union([z.boolean(), z.number(), text(), z.null()]),
});
export type SettingRequest = z.infer<typeof settingRequest>;

/** PUT /organisations/{id}/target: the co2e target (kg CO2e) or the consumption target (kWh); null clears. */
export const targetRequest = z
  .object({
    co2e: z.number().min(0, MSG.targetNotNumeric).nullable().optional(),
    cons: z.number().min(0, MSG.targetNotNumeric).nullable().optional(),
  })
  .refine((t) => t.co2e !== undefined || t.cons !== undefined, MSG.targetNotNumeric);
export type TargetRequest = z.infer<typeof targetRequest>;

export const procurementExpiry = z.object({
  expiryId: z.number(),
  description: text(),
  expiryDate: text(),
  orgId: z.number(),
});
export type ProcurementExpiry = z.infer<typeof procurementExpiry>;
export const procurementExpiryList = z.array(procurementExpiry);
export const procurementExpiryRequest = z.object({
  description: text()
    .trim()
    .min(1, MSG.procurementDescriptionRequired)
    .max(ITEM_DESCRIPTION_MAX, MSG.procurementDescriptionTooLong),
  expiryDate: isoDate(MSG.procurementDateRequired),
});
export type ProcurementExpiryRequest = z.infer<typeof procurementExpiryRequest>;

/** An emission factor source the organisation may report with (global ones and its own). */
export const factorSource = z.object({ id: z.number(), name: text(), isDefault: z.boolean() });
export const factorSourceList = z.array(factorSource);

/** A site ranked by one figure of one month (highest first). */
export const siteFigure = z.object({ siteId: z.number(), siteName: text(), value: z.number() });
export const siteFigureList = z.object({ month: text(), unit: text(), sites: z.array(siteFigure) });
export type SiteFigureList = z.infer<typeof siteFigureList>;

/** The highest emitters of one month, with their scope 1, 2 and 3 emissions (kg CO2e, whole numbers). */
export const siteEmissions = z.object({
  siteId: z.number(),
  siteName: text(),
  scope1: z.number(),
  scope2: z.number(),
  scope3: z.number(),
  total: z.number(),
});
export const emissionsList = z.object({ month: text(), unit: text(), sites: z.array(siteEmissions) });
export type EmissionsList = z.infer<typeof emissionsList>;

/** Sites by number of alerts (most first). */
export const siteAlerts = z.object({ siteId: z.number(), siteName: text(), alerts: z.number() });
export const siteAlertsList = z.array(siteAlerts);
export type SiteAlerts = z.infer<typeof siteAlerts>;

/** Whether the organisation's figures are up to date: meters waiting for the background recompute. */
export const ledgerStatus = z.object({ pendingMeters: int4().min(0), fresh: z.boolean() });
export type LedgerStatus = z.infer<typeof ledgerStatus>;

export const organisationMessage = z.object({ success: z.literal(true), message: text() });
export const createdOrganisation = z.object({
  success: z.literal(true),
  message: text(),
  data: organisation,
});
