import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { LOAD_MEASUREMENTS } from './catalogue';
import { idNumber, int4, nameText, text } from './common';
import { retailer } from './data-sources/creation';
import { defineOperations } from './operations';

/**
 * Retailers and line item overrides for product administrators (docs/decisions/catalogue.md; core-portal.md 2
 * Admin, 3, 5, 7, 8; data-portal.md 2.8, 3, 7): GET, POST and PUT /admin/retailers; GET, POST and PUT
 * /admin/retailers/{id}/types/{typeId}/line-item-overrides[/{mappingId}].
 */

/** What a retailer supplies (the New Meter wizard offers a retailer by it). */
export const RETAILER_SUPPLY_TYPES = [
  'Electricity',
  'Natural gas',
  'Electricity and gas',
  'Water',
  'Fuel',
  'LPG',
] as const;

/** The invoice types an override is kept for: the bill types of the ledger (seeded with fixed ids). */
export const INVOICE_TYPES = [
  { id: 1, name: 'Supply' },
  { id: 2, name: 'Lines' },
  { id: 3, name: 'Supply and lines' },
  { id: 4, name: 'Other charges' },
] as const;

/** The placeholder a new retailer's name may not keep (core-portal.md 5). */
export const NEW_RETAILER_PLACEHOLDER = 'New Retailer';

/** The spec's Retailer with its Load Unit's name (the table's second column). */
export const adminRetailer = retailer.extend({ loadUnit: text().nullable() });
export type AdminRetailer = z.infer<typeof adminRetailer>;
export const adminRetailerList = z.array(adminRetailer);

const retailerName = () => nameText().trim().min(1, MSG.retailerNameRequired).max(100);
const loadUnit = () =>
  int4()
    .refine((id) => LOAD_MEASUREMENTS.some((m) => m.Id === id), 'Choose a load unit')
    .nullable()
    .default(null);

export const newRetailerRequest = z.object({
  name: retailerName(),
  type: z.enum(RETAILER_SUPPLY_TYPES).default('Electricity'),
  loadId: loadUnit(),
});
export type NewRetailerRequest = z.input<typeof newRetailerRequest>;
export const newRetailerAnswer = z.object({
  success: z.literal(true),
  message: text(),
  data: adminRetailer,
});

/** PUT /admin/retailers: the spec's Retailer as edited, its name, what it supplies and its load unit. */
export const retailerUpdate = z.object({
  retailerId: int4().positive(),
  retailerDescr: retailerName(),
  type: z.enum(RETAILER_SUPPLY_TYPES),
  loadId: loadUnit(),
});
export type RetailerUpdate = z.input<typeof retailerUpdate>;

export const lineItemOverride = z.object({
  retailerMappingId: z.number(),
  retailerId: z.number(),
  /** The invoice type (bill type) the override is kept for. */
  retailerLoadingId: z.number(),
  lineItem: text(),
  instructions: text(),
});
export type LineItemOverride = z.infer<typeof lineItemOverride>;
export const lineItemOverrideList = z.array(lineItemOverride);

export const lineItemOverrideInput = z.object({
  lineItem: text().trim().min(1, MSG.lineItemRequired).max(200),
  instructions: text().trim().min(1, MSG.lineItemInstructionsRequired).max(2000),
});
export type LineItemOverrideInput = z.input<typeof lineItemOverrideInput>;

/** PUT on the list: the whole list of the retailer and invoice type (rows without an id are new). */
export const LINE_ITEM_OVERRIDES_MAX = 500;
export const lineItemOverridesReplace = z
  .array(lineItemOverrideInput.extend({ retailerMappingId: int4().positive().nullable().default(null) }))
  .max(LINE_ITEM_OVERRIDES_MAX);
export type LineItemOverridesReplace = z.input<typeof lineItemOverridesReplace>;

export const lineItemOverridesAnswer = z.object({
  success: z.literal(true),
  message: text(),
  data: lineItemOverrideList,
});

export const overridesParams = z.object({
  id: idNumber(),
  typeId: idNumber().refine((id) => INVOICE_TYPES.some((t) => t.id === id), 'Choose an invoice type'),
});
export const overrideParams = overridesParams.extend({ mappingId: idNumber() });

const admin = 'product-administrator';
const overrides = '/admin/retailers/:id/types/:typeId/line-item-overrides';

/** Retailers and their line item overrides, for product administrators (core-portal.md 7). */
export const retailersOperations = defineOperations('retailers', {
  list: {
    method: 'GET',
    path: '/admin/retailers',
    summary: 'Retailers with their load unit',
    access: admin,
    answer: adminRetailerList,
  },
  create: {
    method: 'POST',
    path: '/admin/retailers',
    summary: "New retailer: a unique name other than 'New Retailer'",
    access: admin,
    body: newRetailerRequest,
    answer: newRetailerAnswer,
  },
  update: {
    method: 'PUT',
    path: '/admin/retailers',
    summary: "Edits a retailer: its name (unique, not 'New Retailer'), what it supplies, its load unit",
    access: admin,
    body: retailerUpdate,
    answer: newRetailerAnswer,
  },
  overrides: {
    method: 'GET',
    path: overrides,
    summary: "A retailer's line item overrides for an invoice type",
    access: admin,
    params: overridesParams,
    answer: lineItemOverrideList,
  },
  addOverride: {
    method: 'POST',
    path: overrides,
    summary: 'Adds a line item override (line item unique for the retailer and invoice type)',
    access: admin,
    params: overridesParams,
    body: lineItemOverrideInput,
    answer: lineItemOverridesAnswer,
  },
  replaceOverrides: {
    method: 'PUT',
    path: overrides,
    summary: 'Replaces the overrides of the retailer and invoice type with the list (one transaction)',
    access: admin,
    params: overridesParams,
    body: lineItemOverridesReplace,
    answer: lineItemOverridesAnswer,
  },
  updateOverride: {
    method: 'PUT',
    path: `${overrides}/:mappingId`,
    summary: 'Updates one line item override',
    access: admin,
    params: overrideParams,
    body: lineItemOverrideInput,
    answer: lineItemOverridesAnswer,
  },
});
