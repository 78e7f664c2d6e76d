import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Energy and water retailers, one global list (the spec's Retailer: retailerId, retailerDescr, loadId, stdUnit,
 * type). `type` says what the retailer supplies: Electricity, Natural gas, Electricity and gas, Water or Fuel.
 * The list is loaded by migration 0019 with fixed ids so every installation agrees.
 */
export const retailers = pgTable(
  'retailers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** The load measurement its invoices state demand in (lookups load-measurements), if any. */
    loadId: integer('load_id'),
    /** The unit its invoices state consumption in, if it always uses one. */
    stdUnit: text('std_unit'),
  },
  (t) => [uniqueIndex('retailers_name_unique').on(sql`lower(${t.name})`)],
);
