/**
 * Which side of GST a cost is on, said wherever cost is shown (docs/decisions/formats.md, "Cost says which
 * side of GST"): the ledger's cost is before GST (docs/domain.md, Inputs), an invoice's Total Payable after.
 */
export const EXCL_GST = 'excl. GST';
export const INCL_GST = 'incl. GST';
export const COST_EXCL_GST = `Cost (${EXCL_GST})`;
export const TOTAL_INCL_GST = `Total (${INCL_GST})`;

/** A measure's name with the GST note cost needs: 'Cost (excl. GST)'; other measures as they are. */
export const withGstNote = (measure: string, name: string) =>
  measure === 'cost' ? `${name} (${EXCL_GST})` : name;
