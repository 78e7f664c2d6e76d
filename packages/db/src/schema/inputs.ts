import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
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

/**
 * A meter's half-hour registers: each imports or exports, and measures kWh or kVArh. Readings are stored on
 * the organisation's standard-time clock (48 half hours every day, daylight saving or not).
 */
export const halfHourRegisters = pgTable(
  'half_hour_registers',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    meterId: integer('meter_id').notNull(),
    /** 0 when the register is unspecified. */
    register: smallint('register').notNull(),
    direction: text('direction', { enum: ['import', 'export'] }).notNull(),
    quantity: text('quantity', { enum: ['kWh', 'kVArh'] }).notNull(),
    /**
     * The register's name in the files it was imported from (NEM12's NMI suffix such as E1 or B1, an EIEP
     * register content code, a CSV's register column); null for a register no file named.
     */
    label: text('label'),
  },
  (t) => [
    primaryKey({ columns: [t.meterId, t.register] }),
    uniqueIndex('half_hour_registers_label_unique').on(t.meterId, t.label),
    uniqueIndex('half_hour_registers_organisation_unique').on(t.organisationId, t.meterId, t.register),
    foreignKey({
      columns: [t.organisationId, t.meterId],
      foreignColumns: [meters.organisationId, meters.id],
      name: 'half_hour_registers_meter_fk',
    }).onDelete('cascade'),
    check('half_hour_registers_direction_check', sql`${t.direction} in ('import', 'export')`),
    check('half_hour_registers_quantity_check', sql`${t.quantity} in ('kWh', 'kVArh')`),
  ],
);

/**
 * Half-hour readings, one row per meter, register and day with the 48 half-hours as arrays (index 0 is
 * 00:00-00:30). Tens of millions of readings become one row per 48, keyed for the access pattern (a meter's
 * days in order), so the table stays small, ingest is a bulk COPY of day rows, and a month reads as ~30 rows.
 */
export const halfHourDays = pgTable(
  'half_hour_days',
  {
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    /** 0 when the register is unspecified. */
    register: smallint('register').notNull().default(0),
    readDate: date('read_date', { mode: 'string' }).notNull(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** kWh per half hour; a missing half hour is null. */
    kwh: real('kwh').array().notNull(),
    kw: real('kw').array(),
    pf: real('pf').array(),
    /** Sum of the register's values (kWh or kVArh), kept so that monthly totals never unpack the arrays. */
    dayKwh: doublePrecision('day_kwh').notNull(),
    /** Half hours present (0-48), for completeness. */
    readings: smallint('readings').notNull(),
    /**
     * Quality of each half hour, one character per half hour (index 0 is 00:00-00:30): A actual, E estimated,
     * S substituted, F final substituted, V variable (NEM12's flags); a space where the half hour is missing.
     * Null when every present half hour is actual. A day with any E, S, F or V counts as estimated.
     */
    quality: text('quality'),
    /** Half hours not actual (E, S, F or V), kept so that monthly facts never unpack `quality`. */
    estimatedReadings: smallint('estimated_readings').notNull().default(0),
    /**
     * Half hours of which a file gave only some of the 30 minutes (a 15-minute file that ends mid half hour):
     * { "<half hour>": [minutes given as a 30-bit mask, quality of the parts] }. Such a half hour holds the sum
     * of its parts, flagged E until the rest arrives; a later file's part is added to it (docs/decisions/imports.md,
     * Parts of a half hour). Null when every present half hour is whole.
     */
    parts: jsonb('parts').$type<Record<string, [number, string]>>(),
  },
  (t) => [
    primaryKey({ columns: [t.meterId, t.register, t.readDate] }),
    foreignKey({
      columns: [t.organisationId, t.meterId, t.register],
      foreignColumns: [
        halfHourRegisters.organisationId,
        halfHourRegisters.meterId,
        halfHourRegisters.register,
      ],
      name: 'half_hour_days_register_fk',
    }).onDelete('cascade'),
    check('half_hour_days_length_check', sql`cardinality(${t.kwh}) = 48`),
    check('half_hour_days_quality_check', sql`${t.quality} is null or length(${t.quality}) = 48`),
  ],
);

/**
 * The ledger: one row per meter and calendar month. Every figure on a chart, list, dashboard, export or
 * report is summed from here.
 */
export const monthlyFacts = pgTable(
  'monthly_facts',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The meter's data type when the facts were computed. */
    energyId: integer('energy_id'),
    /**
     * Which totals the meter's facts count in (docs/domain.md, Which meters count): check meters (level 2 or
     * CHECK) and UNREPORTED meters in none; consumption totals need the consumption reporting flag, emissions
     * the carbon flags. counts_in_totals is the cost measure's flag.
     */
    countsInTotals: boolean('counts_in_totals').notNull().default(true),
    countsConsumption: boolean('counts_consumption').notNull().default(true),
    countsEmissions: boolean('counts_emissions').notNull().default(true),
    /** In the data type's standard unit. */
    quantityStd: doublePrecision('quantity_std').notNull(),
    /** From export registers; never subtracted from the quantity. */
    exportedStd: doublePrecision('exported_std').notNull().default(0),
    cost: numeric('cost', { precision: 14, scale: 2 }).notNull(),
    co2eScope1: doublePrecision('co2e_scope1').notNull(),
    co2eScope2Location: doublePrecision('co2e_scope2_location').notNull(),
    co2eScope2Market: doublePrecision('co2e_scope2_market').notNull(),
    co2eScope3: doublePrecision('co2e_scope3').notNull(),
    /**
     * The kWh behind co2e_scope2_market by the factor each took (packages/domain/src/scope2-market.ts):
     * certificates, a supplier-specific factor, the residual mix, or the grid average where no residual mix is
     * in force.
     */
    marketCertificateKwh: doublePrecision('market_certificate_kwh').notNull().default(0),
    marketSupplierKwh: doublePrecision('market_supplier_kwh').notNull().default(0),
    marketResidualKwh: doublePrecision('market_residual_kwh').notNull().default(0),
    marketGridKwh: doublePrecision('market_grid_kwh').notNull().default(0),
    /** Days the meter was open in the month (up to today): a measure is complete when its days reach this. */
    daysOpen: smallint('days_open').notNull(),
    daysCovered: smallint('days_covered').notNull(),
    daysCosted: smallint('days_costed').notNull(),
    /** Covered days with a factor in force; emissions of the other covered days are unknown. */
    daysFactored: smallint('days_factored').notNull(),
    estimated: boolean('estimated').notNull().default(false),
    /** An input was flagged (an incorrect-fuel purchase, say) but counted. */
    flagged: boolean('flagged').notNull().default(false),
    /** The emission factor versions the month's emissions used. */
    factorVersions: integer('factor_versions').array().notNull().default(sql`'{}'::int[]`),
  },
  (t) => [
    primaryKey({ columns: [t.meterId, t.month] }),
    index('monthly_facts_organisation_month_idx').on(t.organisationId, t.month),
  ],
);

/**
 * Meters whose facts wait for a background recompute (after an emission factor change). While a meter is
 * listed here, answers that use its facts name it as unavailable and the screens poll again.
 */
export const ledgerPending = pgTable(
  'ledger_pending',
  {
    meterId: integer('meter_id')
      .primaryKey()
      .references(() => meters.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_pending_organisation_idx').on(t.organisationId)],
);

/**
 * The day (in its time zone) an organisation's facts were last brought up to: facts of an event-based
 * meter's current month count the days up to today, so when the organisation's day turns the recompute job
 * marks its meters with events since the old day's month pending (docs/domain.md, Recompute).
 */
export const ledgerDays = pgTable('ledger_days', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  today: date('today', { mode: 'string' }).notNull(),
});

/**
 * Monthly facts added up per organisation, month and data type, kept in step with monthly_facts by the
 * recompute (it adds the difference it makes). Organisation-wide figures read a few dozen rows from here
 * instead of every meter's facts.
 */
export const organisationMonthFacts = pgTable(
  'organisation_month_facts',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    /** 0 for meters without a data type. */
    energyId: integer('energy_id').notNull(),
    quantityStd: doublePrecision('quantity_std').notNull(),
    cost: numeric('cost', { precision: 16, scale: 2 }).notNull(),
    co2e: doublePrecision('co2e').notNull(),
    meters: integer('meters').notNull(),
    /** Meters whose facts for the month have days missing: consumption, cost and emissions. */
    incompleteMeters: integer('incomplete_meters').notNull(),
    incompleteCost: integer('incomplete_cost').notNull().default(0),
    incompleteCo2e: integer('incomplete_co2e').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month, t.energyId] })],
);
