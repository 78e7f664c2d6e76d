import { z } from 'zod';
import { idNumber, int4Param, text } from './common';
import { consumptionAlertSetup, tariffAlertSetup } from './meters';

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
  from: int4Param().positive(),
  to: int4Param().positive(),
});
