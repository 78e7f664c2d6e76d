import { SUNDRY_HELPER_GST_PERCENT, SUNDRY_HELPER_RETAILER_IDS, SUNDRY_HELPER_TYPE_ID } from '../constants';
import { roundCents } from './money';

/**
 * The Add Sundry helper (data-portal.md 2.4, 6, 9): on an invoice that is not editable (a reversal,
 * replacement or decommission) of retailer 12 or 13, a sundry of type 30 can still be added; it carries GST
 * at 15%, added to the invoice's GST and Total Payable.
 */
export const sundryHelperOffered = (invoice: { editable: boolean; retailerId: number | null }) =>
  !invoice.editable && invoice.retailerId !== null && SUNDRY_HELPER_RETAILER_IDS.includes(invoice.retailerId);

/** The GST the helper adds on a sundry of so many cents (half away from zero, to the cent). */
export const sundryGstCents = (cents: number) => roundCents((cents * SUNDRY_HELPER_GST_PERCENT) / 100);

export const isHelperSundry = (item: { category: string; chargeTypeId: number }) =>
  item.category === 'sundry' && item.chargeTypeId === SUNDRY_HELPER_TYPE_ID;
