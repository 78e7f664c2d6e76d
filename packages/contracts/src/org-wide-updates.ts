import { z } from 'zod';
import { administrator } from './access';
import { idNumber, idParam, text } from './common';
import { consumptionAlertSetup, tariffAlertSetup } from './data-sources/meters';
import { defineOperations } from './operations';

/**
 * Org-wide updates (data-portal spec 7, "Org-wide updates"): an administrator applies a default to every live
 * data source of the organisation at once.
 */
export const orgWideAnswer = z.object({
  success: z.literal(true),
  /** The spec's success message ('Consumption alerts updated', ...). */
  message: text(),
  /** How many data sources changed. */
  updated: z.number(),
});
export type OrgWideAnswer = z.infer<typeof orgWideAnswer>;

/** `?override=true` also replaces set-ups the data sources already have. */
export const overrideQuery = z.object({
  override: z.enum(['true', 'false']).default('false'),
});

export const consumptionAlertDefault = consumptionAlertSetup.extend({
  alertDiffer: consumptionAlertSetup.shape.alertDiffer.unwrap().default(1),
});
export type ConsumptionAlertDefault = z.input<typeof consumptionAlertDefault>;
export const tariffAlertDefault = tariffAlertSetup;
export type TariffAlertDefault = z.input<typeof tariffAlertDefault>;

export const identifierDefaultParams = z.object({ id: idNumber(), labelId: idNumber() });
export const retailerDefaultParams = z.object({
  id: idNumber(),
  from: idNumber(),
  to: idNumber(),
});

const admin = administrator('params.id');
const identifiers = '/organisations/:id/meter-identifiers/set-default/:labelId';
const retailers = '/organisations/:id/retailer/set-default/:from/to/:to';

/**
 * Org-wide updates (data-portal.md 7). The spec names the identifier and retailer defaults as GETs; they write,
 * so they declare 'changes' (the free test drive is refused them) and are also offered as POST, which the web
 * uses (docs/decisions/security.md).
 */
export const orgWideUpdatesOperations = defineOperations('org-wide-updates', {
  consumptionAlerts: {
    method: 'POST',
    path: '/organisations/:id/consumption-alert/set-default',
    summary: 'Sets the consumption alert of every data source without one (every one with override=true)',
    access: admin,
    params: idParam,
    query: overrideQuery,
    body: consumptionAlertDefault,
    answer: orgWideAnswer,
  },
  tariffAlerts: {
    method: 'POST',
    path: '/organisations/:id/tariff-alert/set-default',
    summary: 'Sets the tariff alert of every data source without one',
    access: admin,
    params: idParam,
    body: tariffAlertDefault,
    answer: orgWideAnswer,
  },
  identifiersAsSpecified: {
    method: 'GET',
    path: identifiers,
    summary: 'Gives every data source without a value for the identifier its account or meter number',
    access: admin,
    intent: 'changes',
    params: identifierDefaultParams,
    answer: orgWideAnswer,
  },
  identifiers: {
    method: 'POST',
    path: identifiers,
    summary: 'Gives every data source without a value for the identifier its account or meter number',
    access: admin,
    params: identifierDefaultParams,
    answer: orgWideAnswer,
  },
  retailersAsSpecified: {
    method: 'GET',
    path: retailers,
    summary: 'Moves every data source of one retailer to another',
    access: admin,
    intent: 'changes',
    params: retailerDefaultParams,
    answer: orgWideAnswer,
  },
  retailers: {
    method: 'POST',
    path: retailers,
    summary: 'Moves every data source of one retailer to another',
    access: admin,
    params: retailerDefaultParams,
    answer: orgWideAnswer,
  },
});
