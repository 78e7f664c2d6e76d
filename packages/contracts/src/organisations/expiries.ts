import { ITEM_DESCRIPTION_MAX } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { calendarDate, idNumber, text } from '../common';

/** Procurement expiries: when the organisation's supply contracts end. */

export const expiryParams = z.object({ id: idNumber(), expiryId: idNumber() });

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
  expiryDate: calendarDate(MSG.procurementDateRequired),
});
export type ProcurementExpiryRequest = z.infer<typeof procurementExpiryRequest>;
