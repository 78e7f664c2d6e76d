import { DEFAULT_FINANCIAL_REPORTING_ID, REPORTING_YEAR_ENDS } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { looksLikeEmail } from '@verdant/domain/passwords';
import { DEFAULT_TIME_ZONE } from '@verdant/domain/time-zone';
import { z } from 'zod';
import { administrator, member } from './access';
import { calendarDate, idNumber, int4, nameText, okResponse, text } from './common';
import { defineOperations } from './operations';
import {
  expiryParams,
  procurementExpiry,
  procurementExpiryList,
  procurementExpiryRequest,
} from './organisations/expiries';
import {
  emissionsList,
  monthParams,
  siteAlertsList,
  siteFigureList,
  siteListParams,
} from './organisations/overview';
import { settingRequest, targetRequest } from './organisations/settings';

const isoDate = calendarDate;

export const organisationIdParam = z.object({ id: idNumber() });
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
  /** The organisation's time zone (IANA): its days, months, "today", and the clock its half hours are stored on. */
  timeZone: text(),
  /**
   * The latest change of time zone that moves the stored half hours to the new clock: pending or running until
   * the job has moved them (the zone changes with them), then finished or failed. Null when there was none.
   */
  timeZoneMove: z
    .object({
      fromZone: text(),
      toZone: text(),
      status: z.enum(['pending', 'running', 'finished', 'failed']),
      meters: int4(),
      days: int4(),
      error: text().nullable(),
    })
    .nullable(),
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
export const organisationName = nameText().trim().min(1, MSG.organisationNameRequired).max(200);
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
  /** Its days, months and today (IANA; checked by the server against its own list). */
  timeZone: text().trim().max(64).default(DEFAULT_TIME_ZONE),
});
export type CreateOrganisationRequest = z.input<typeof createOrganisationRequest>;

/** An emission factor source the organisation may report with (global ones and its own). */
export const factorSource = z.object({ id: z.number(), name: text(), isDefault: z.boolean() });
export const factorSourceList = z.array(factorSource);

/** Whether the organisation's figures are up to date: meters waiting for the background recompute. */
export const ledgerStatus = z.object({ pendingMeters: int4().min(0), fresh: z.boolean() });
export type LedgerStatus = z.infer<typeof ledgerStatus>;

export const organisationMessage = z.object({ success: z.literal(true), message: text() });
export const createdOrganisation = z.object({
  success: z.literal(true),
  message: text(),
  data: organisation,
});

const one = { params: organisationIdParam } as const;
const members = member('params.id');
const admins = administrator('params.id');

/** The organisation page, its settings, targets, expiries and overview lists (core-portal.md 2.3, 7). */
export const organisationsOperations = defineOperations('organisations', {
  create: {
    method: 'POST',
    path: '/organisations',
    summary: 'Add Organisation (product administrators)',
    access: 'product-administrator',
    body: createOrganisationRequest,
    answer: createdOrganisation,
  },
  read: {
    method: 'GET',
    path: '/organisations/:id',
    summary: 'The whole organisation',
    access: members,
    ...one,
    answer: organisation,
  },
  update: {
    method: 'PUT',
    path: '/organisations/:id',
    summary: 'Save every editable field (administrators)',
    access: admins,
    ...one,
    body: organisationUpdate,
    answer: organisation,
  },
  ledgerStatus: {
    method: 'GET',
    path: '/organisations/:id/ledger-status',
    summary: "Whether the organisation's figures are fresh (meters waiting for the background recompute)",
    access: members,
    ...one,
    answer: ledgerStatus,
  },
  saveSetting: {
    method: 'PUT',
    path: '/organisations/:id/settings',
    summary: 'Save one alert setting or the time zone (key, value; moveHalfHours with the time zone)',
    access: admins,
    ...one,
    body: settingRequest,
    answer: organisation,
  },
  saveTarget: {
    method: 'PUT',
    path: '/organisations/:id/target',
    summary: 'Save the co2e or consumption target',
    access: admins,
    ...one,
    body: targetRequest,
    answer: organisation,
  },
  // Enabling lets members back in: only a product administrator may; an administrator may disable.
  enable: {
    method: 'POST',
    path: '/organisations/:id/enable',
    summary: 'Enable a disabled organisation (product administrators)',
    access: 'product-administrator',
    ...one,
    answer: organisationMessage,
  },
  disable: {
    method: 'POST',
    path: '/organisations/:id/disable',
    summary: 'Disable the organisation: every member loses access',
    access: admins,
    ...one,
    answer: organisationMessage,
  },
  factorSources: {
    method: 'GET',
    path: '/organisations/:id/factor-sources',
    summary: 'Emission factor sources the organisation may report with',
    access: members,
    ...one,
    answer: factorSourceList,
  },
  expiries: {
    method: 'GET',
    path: '/organisations/:id/procurement-expiry',
    summary: 'Procurement expiries, soonest first',
    access: members,
    ...one,
    answer: procurementExpiryList,
  },
  addExpiry: {
    method: 'POST',
    path: '/organisations/:id/procurement-expiry',
    summary: 'Add a procurement expiry',
    access: admins,
    ...one,
    body: procurementExpiryRequest,
    answer: procurementExpiry,
  },
  updateExpiry: {
    method: 'PUT',
    path: '/organisations/:id/procurement-expiry/:expiryId',
    summary: 'Change a procurement expiry',
    access: admins,
    params: expiryParams,
    body: procurementExpiryRequest,
    answer: procurementExpiry,
  },
  deleteExpiry: {
    method: 'DELETE',
    path: '/organisations/:id/procurement-expiry/:expiryId',
    summary: 'Delete a procurement expiry',
    access: admins,
    params: expiryParams,
    answer: okResponse,
  },
  siteList: {
    method: 'GET',
    path: '/organisations/:id/site-:measure-list/:month',
    summary: 'Sites ranked by consumption (kWh), cost or emissions in a month (yyyyMM)',
    access: members,
    params: siteListParams,
    answer: siteFigureList,
  },
  emissionsList: {
    method: 'GET',
    path: '/organisations/:id/emissions-list/:month',
    summary: 'Highest emitting sites in a month (yyyyMM), scope by scope',
    access: members,
    params: monthParams,
    answer: emissionsList,
  },
  siteAlerts: {
    method: 'GET',
    path: '/organisations/:id/site-alerts-list',
    summary: 'Sites with the most alerts',
    access: members,
    ...one,
    answer: siteAlertsList,
  },
});
