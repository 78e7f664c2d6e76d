import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { meters } from './assets';
import { units } from './catalogue';
import { organisations, users } from './core';

/** What feeds the ledger: invoices, consumption records, transactions, fuel purchases, half-hour readings. */

const owner = {
  organisationId: integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  meterId: integer('meter_id')
    .notNull()
    .references(() => meters.id, { onDelete: 'cascade' }),
  /** The unit the row was entered in: changing a meter's unit changes new inputs, never history. */
  unitId: integer('unit_id')
    .notNull()
    .references(() => units.id),
};

/** What an invoice's bill type carries: consumption and cost, or cost only (lines charges, for example). */
export const billTypes = pgTable('bill_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  carriesConsumption: boolean('carries_consumption').notNull(),
});

/**
 * Invoices are documents (docs/domain.md, Inputs): one covers one or more meters (`invoice_meters`), carries
 * line items, and is of a kind: normal, reversal, replacement or decommission. A reversal or replacement
 * names the invoices it reverses (`invoice_reversals`); they stop counting on the days it covers.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    retailerId: integer('retailer_id'),
    invoiceNumber: text('invoice_number'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dateDue: date('date_due', { mode: 'string' }),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTill: date('date_till', { mode: 'string' }).notNull(),
    /** normal, reversal, replacement or decommission. */
    kind: text('kind', { enum: ['normal', 'reversal', 'replacement', 'decommission'] })
      .notNull()
      .default('normal'),
    billTypeId: integer('bill_type_id')
      .notNull()
      .default(1)
      .references(() => billTypes.id),
    /** actual, estimated or customer read. */
    readType: text('read_type', { enum: ['actual', 'estimated', 'customer'] })
      .notNull()
      .default('actual'),
    /** Totals before tax, in dollars to the cent: cost before GST = charges + sundries - discounts. */
    chargesTotal: numeric('charges_total', { precision: 14, scale: 2 }).notNull().default('0'),
    sundriesTotal: numeric('sundries_total', { precision: 14, scale: 2 }).notNull().default('0'),
    discountsTotal: numeric('discounts_total', { precision: 14, scale: 2 }).notNull().default('0'),
    costExclTax: numeric('cost_excl_tax', { precision: 14, scale: 2 }).notNull(),
    taxAmount: numeric('tax_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    estimated: boolean('estimated').notNull().default(false),
    /**
     * 'Items are' GST incl (true) or excl; 'Discount applied' after GST (true) or before
     * (docs/decisions/invoices.md, GST).
     */
    itemsIncludeTax: boolean('items_include_tax').notNull().default(false),
    discountAfterTax: boolean('discount_after_tax').notNull().default(false),
    taxPercentage: numeric('tax_percentage', { precision: 5, scale: 2 }).notNull().default('15'),
    openingBalance: numeric('opening_balance', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Total Payable as on the bill (items, GST and opening balance). */
    totalPayable: numeric('total_payable', { precision: 14, scale: 2 }),
    /** Any item, group or meta edit; meta: dates, energy unit, reading type or retailer changed. */
    edited: boolean('edited').notNull().default(false),
    metaEdited: boolean('meta_edited').notNull().default(false),
    notes: text('notes'),
    /** The original PDF: a file of the organisation (`files`), uploaded to the invoice or linked to it. */
    originalFileId: integer('original_file_id'),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_organisation_idx').on(t.organisationId),
    uniqueIndex('invoices_organisation_id_unique').on(t.organisationId, t.id),
    // The estimated reads report starts from these (docs/decisions/performance.md, Estimated reads start from the
    // estimates): a few rows an organisation.
    index('invoices_estimated_idx').on(t.organisationId, t.id).where(sql`${t.readType} = 'estimated'`),
    check('invoices_period_check', sql`${t.dateTill} >= ${t.dateFrom}`),
    check('invoices_kind_check', sql`${t.kind} in ('normal', 'reversal', 'replacement', 'decommission')`),
    check('invoices_read_type_check', sql`${t.readType} in ('actual', 'estimated', 'customer')`),
  ],
);

/** The meters an invoice covers: each with its multiplier, sharing and consumption (in the row's unit). */
export const invoiceMeters = pgTable(
  'invoice_meters',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    meterId: integer('meter_id').notNull(),
    multiplier: numeric('multiplier', { precision: 14, scale: 6 }).notNull().default('1'),
    /** Percent of the invoice's cost; null: in proportion to consumption. */
    sharing: numeric('sharing', { precision: 7, scale: 4 }),
    consumption: numeric('consumption', { precision: 18, scale: 4 }).notNull().default('0'),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.meterId] }),
    index('invoice_meters_meter_idx').on(t.meterId),
    foreignKey({
      columns: [t.organisationId, t.invoiceId],
      foreignColumns: [invoices.organisationId, invoices.id],
      name: 'invoice_meters_invoice_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organisationId, t.meterId],
      foreignColumns: [meters.organisationId, meters.id],
      name: 'invoice_meters_meter_fk',
    }).onDelete('cascade'),
    check('invoice_meters_sharing_check', sql`${t.sharing} is null or ${t.sharing} between 0 and 100`),
  ],
);

/** An invoice's line items: category, charge type, time of use, rate, units, factor, repeat and total. */
export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    /** charge, sundry, discount or tax. */
    category: text('category', { enum: ['charge', 'sundry', 'discount', 'tax'] }).notNull(),
    chargeType: text('charge_type'),
    description: text('description'),
    touPeriod: text('tou_period'),
    dayType: text('day_type'),
    /** Cents per unit. */
    rate: numeric('rate', { precision: 18, scale: 6 }),
    units: numeric('units', { precision: 18, scale: 4 }),
    factor: numeric('factor', { precision: 14, scale: 6 }),
    repeat: numeric('repeat', { precision: 10, scale: 2 }),
    /** Dollars, before tax. */
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    discountable: boolean('discountable').notNull().default(false),
    /**
     * The charge type (line item stereotype) id, the TOU group name, and the checks of its total
     * (docs/decisions/invoices.md, Edited item totals).
     */
    chargeTypeId: integer('charge_type_id'),
    groupName: text('group_name'),
    calculatedTotal: numeric('calculated_total', { precision: 14, scale: 2 }),
    manuallyAdjusted: boolean('manually_adjusted').notNull().default(false),
    arithmeticError: boolean('arithmetic_error').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('invoice_line_items_invoice_idx').on(t.invoiceId),
    foreignKey({
      columns: [t.organisationId, t.invoiceId],
      foreignColumns: [invoices.organisationId, invoices.id],
      name: 'invoice_line_items_invoice_fk',
    }).onDelete('cascade'),
    check('invoice_line_items_category_check', sql`${t.category} in ('charge', 'sundry', 'discount', 'tax')`),
  ],
);

/** A reversal or replacement and an invoice it reverses (on the days the reversal covers). */
export const invoiceReversals = pgTable(
  'invoice_reversals',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    reversalId: integer('reversal_id').notNull(),
    reversedId: integer('reversed_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reversalId, t.reversedId] }),
    index('invoice_reversals_reversed_idx').on(t.reversedId),
    foreignKey({
      columns: [t.organisationId, t.reversalId],
      foreignColumns: [invoices.organisationId, invoices.id],
      name: 'invoice_reversals_reversal_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organisationId, t.reversedId],
      foreignColumns: [invoices.organisationId, invoices.id],
      name: 'invoice_reversals_reversed_fk',
    }).onDelete('cascade'),
    check('invoice_reversals_self_check', sql`${t.reversalId} <> ${t.reversedId}`),
  ],
);

export const consumptionRecords = pgTable(
  'consumption_records',
  {
    id: serial('id').primaryKey(),
    ...owner,
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTill: date('date_till', { mode: 'string' }).notNull(),
    /** In the meter's unit. */
    units: numeric('units', { precision: 18, scale: 4 }).notNull(),
    /** An estimated read (an imported file's ES or E reads); the ledger marks its months estimated. */
    estimated: boolean('estimated').notNull().default(false),
    attachmentId: integer('attachment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consumption_records_meter_idx').on(t.meterId, t.dateFrom),
    check('consumption_records_period_check', sql`${t.dateTill} >= ${t.dateFrom}`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    ...owner,
    txDate: date('tx_date', { mode: 'string' }).notNull(),
    /**
     * 'HH:MM' as entered, hours 00 to 29 (data-portal 5: 25:30 is 01:30 the next morning, booked on the day it
     * started), so text rather than a time of day; null when no time was given.
     */
    txTime: text('tx_time'),
    quantity: numeric('quantity', { precision: 18, scale: 4 }).notNull(),
    /** Only for transactional meters with cost (type 9). */
    cost: numeric('cost', { precision: 14, scale: 2 }),
    note: text('note'),
    invoiceId: integer('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_meter_idx').on(t.meterId, t.txDate),
    check('transactions_time_check', sql`${t.txTime} ~ '^([01][0-9]|2[0-9]):[0-5][0-9]$'`),
  ],
);

export const fuelPurchases = pgTable(
  'fuel_purchases',
  {
    id: serial('id').primaryKey(),
    ...owner,
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    /**
     * HH:MM with hours 00 to 29 (data-portal 5: a fill-up after midnight booked on the day it started), so text
     * rather than a time of day; null when no time was given.
     */
    purchaseTime: text('purchase_time'),
    /** Odometer in km; null when not recorded. */
    odometer: integer('odometer'),
    /** Litres (or kWh for an electric vehicle), in the meter's unit. */
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    cost: numeric('cost', { precision: 14, scale: 2 }).notNull(),
    registration: text('registration'),
    incorrectFuel: boolean('incorrect_fuel').notNull().default(false),
    /** The odometer was lower than the previous reading: stored, warned, left out of distance and efficiency. */
    odometerFlag: boolean('odometer_flag').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fuel_purchases_meter_idx').on(t.meterId, t.purchaseDate),
    check('fuel_purchases_time_check', sql`${t.purchaseTime} ~ '^([01][0-9]|2[0-9]):[0-5][0-9]$'`),
  ],
);
