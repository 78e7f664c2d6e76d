import { ICP_LENGTH } from '@verdant/domain/constants';
import { REPORTING_SOURCES, SITUATIONS } from '@verdant/domain/meter-creation';
import { z } from 'zod';
import { editor } from '../access';
import { calendarDate, idNumber, int4, nameText, text } from '../common';
import { defineOperations } from '../operations';

/**
 * The New Meter wizard and the combined water/wastewater account (data-portal spec sections 3, 5 and 7).
 * Missing choices are let through as null so the shared step rules (packages/domain/src/meter-creation.ts)
 * refuse them with the wizard's own words.
 */

const id = () => int4().positive();
const optionalText = (max: number) =>
  text()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

export const organisationIdParam = z.object({ id: idNumber() });

/** The spec's New meter payload. `level` is the situation; `icp` carries a water account's number. */
export const newMeterRequest = z.object({
  name: nameText().max(200),
  icp: optionalText(60),
  site: id().nullable(),
  energy: id().nullable(),
  unit: id().nullable(),
  outputUnit: id().nullable(),
  level: z.enum(SITUATIONS),
  meterType: int4().nullable(),
  landlord: optionalText(200),
  reporting: z.enum(REPORTING_SOURCES).nullable(),
  openDate: calendarDate().nullable(),
  retailer: id()
    .nullish()
    .transform((v) => v ?? null),
  nonMainland: z.boolean().default(false),
  nonRetailer: z.boolean().default(false),
});
export type NewMeterRequest = z.input<typeof newMeterRequest>;

export const createdMeter = z.object({ id: z.number(), name: text() });

export const newMeterAnswer = z.object({
  success: z.literal(true),
  /** '{name} created.' */
  message: text(),
  id: z.number(),
  name: text(),
});
export type NewMeterAnswer = z.infer<typeof newMeterAnswer>;

/** The spec's New combined account payload. */
export const newCombinedAccountRequest = z.object({
  site: id().nullable(),
  account: text().max(60),
  waterMeterName: nameText().max(200),
  waterMeterNumber: text().max(60),
  wastewaterMeterName: nameText().max(200),
  wastewaterMeterNumber: text().max(60),
  openDate: calendarDate().nullable(),
  reporting: z.enum(REPORTING_SOURCES).nullable(),
});
export type NewCombinedAccountRequest = z.input<typeof newCombinedAccountRequest>;

export const newCombinedAccountAnswer = z.object({
  success: z.literal(true),
  message: text(),
  /** Said when equal meter numbers were suffixed (W) and (WW). */
  notice: text().nullable(),
  water: createdMeter.extend({ meterNumber: text() }),
  wastewater: createdMeter.extend({ meterNumber: text() }),
});
export type NewCombinedAccountAnswer = z.infer<typeof newCombinedAccountAnswer>;

export const icpCheckParams = z.object({ icp: text().max(ICP_LENGTH * 4) });
export const icpCheckQuery = z.object({
  electricity: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/**
 * The ICP check: valid when well formed with matching check characters; `exists` when a live meter of the
 * caller's organisation already has it (a warning: a second or replacement meter is added), with that meter's
 * address to suggest a name from.
 */
export const icpCheckAnswer = z.object({
  icp: text(),
  valid: z.boolean(),
  exists: z.boolean(),
  message: text().nullable(),
  address: text().nullable(),
});
export type IcpCheckAnswer = z.infer<typeof icpCheckAnswer>;

/** The spec's Retailer. `type` says what it supplies. */
export const retailer = z.object({
  retailerId: z.number(),
  retailerDescr: text(),
  loadId: z.number().nullable(),
  stdUnit: text().nullable(),
  type: text(),
});
export type Retailer = z.infer<typeof retailer>;
export const retailerList = z.array(retailer);

export const meterTypesParams = z.object({ id: idNumber(), level: z.enum(SITUATIONS) });

/** The New Meter wizard and the combined water and wastewater account (data-portal spec 6). */
export const creationOperations = defineOperations('data-sources', {
  newMeter: {
    method: 'POST',
    path: '/organisations/:id/new-meter',
    summary: 'Creates a meter (the New Meter wizard)',
    // Creating meters: organisation administrators or access level below 4 (spec section 6).
    access: editor('params.id'),
    params: organisationIdParam,
    body: newMeterRequest,
    answer: newMeterAnswer,
  },
  newCombinedAccount: {
    method: 'POST',
    path: '/organisations/:id/new-combined-water-wastewater-account',
    summary: 'Creates a water and a wastewater meter on one account, in one transaction',
    access: editor('params.id'),
    params: organisationIdParam,
    body: newCombinedAccountRequest,
    answer: newCombinedAccountAnswer,
  },
  icpCheck: {
    method: 'GET',
    path: '/meters/icp-check/:icp',
    summary: "Whether an ICP is valid and already one of the current organisation's meters",
    access: editor(),
    params: icpCheckParams,
    query: icpCheckQuery,
    answer: icpCheckAnswer,
  },
});
