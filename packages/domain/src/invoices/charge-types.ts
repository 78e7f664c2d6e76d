import type { ItemCategory } from './arithmetic';

/**
 * The charge types (line item stereotypes) an invoice item is of: its section, whether it is priced by time of
 * use, tax-exempt or discountable. Id 30 is the sundry the Add Sundry helper uses (data-portal.md 9).
 */
export interface ChargeType {
  id: number;
  name: string;
  category: ItemCategory;
  tou: boolean;
  taxExempt: boolean;
  discountable: boolean;
  /**
   * Only on a reversal, replacement or decommission: its charged cost as the invoice page shows it (never
   * chosen on an invoice, never stored as an item). Tax-exempt: the document's cost carries no GST.
   */
  documentOnly?: boolean;
}

/** The charged cost of a reversing document, shown as its one charge line. */
export const CHARGED_COST_TYPE_ID = 10;

export const CHARGE_TYPES: readonly ChargeType[] = [
  { id: 1, name: 'Energy', category: 'charge', tou: true, taxExempt: false, discountable: true },
  { id: 2, name: 'Daily fixed charge', category: 'charge', tou: false, taxExempt: false, discountable: true },
  { id: 3, name: 'Network charge', category: 'charge', tou: true, taxExempt: false, discountable: true },
  { id: 4, name: 'Metering charge', category: 'charge', tou: false, taxExempt: false, discountable: true },
  { id: 5, name: 'Capacity charge', category: 'charge', tou: false, taxExempt: false, discountable: true },
  {
    id: 6,
    name: 'Electricity Authority levy',
    category: 'charge',
    tou: false,
    taxExempt: false,
    discountable: false,
  },
  { id: 7, name: 'Gas levy', category: 'charge', tou: false, taxExempt: false, discountable: false },
  { id: 8, name: 'Water supply', category: 'charge', tou: false, taxExempt: false, discountable: true },
  {
    id: 9,
    name: 'Emissions units (GST exempt)',
    category: 'charge',
    tou: false,
    taxExempt: true,
    discountable: false,
  },
  {
    id: CHARGED_COST_TYPE_ID,
    name: 'Charged cost',
    category: 'charge',
    tou: false,
    taxExempt: true,
    discountable: false,
    documentOnly: true,
  },
  { id: 30, name: 'Sundry', category: 'sundry', tou: false, taxExempt: false, discountable: false },
  { id: 31, name: 'Late payment fee', category: 'sundry', tou: false, taxExempt: false, discountable: false },
  { id: 32, name: 'Connection fee', category: 'sundry', tou: false, taxExempt: false, discountable: false },
  {
    id: 33,
    name: 'Government charge (GST exempt)',
    category: 'sundry',
    tou: false,
    taxExempt: true,
    discountable: false,
  },
  {
    id: 50,
    name: 'Prompt payment discount',
    category: 'discount',
    tou: false,
    taxExempt: false,
    discountable: false,
  },
  { id: 51, name: 'Loyalty credit', category: 'discount', tou: false, taxExempt: false, discountable: false },
];

export const chargeTypeById = (id: number) => CHARGE_TYPES.find((t) => t.id === id);
/** The charge types an invoice's items may be of (not the reversing documents' charged cost). */
export const ENTRY_CHARGE_TYPES = CHARGE_TYPES.filter((t) => !t.documentOnly);
