import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { billTypes } from './inputs';
import { retailers } from './retailers';

/**
 * Line item overrides (core-portal.md 2, 3, 5; data-portal.md 3): for one retailer and one invoice type (bill
 * type), how a line item as the retailer words it is to be read when its invoices are loaded. The spec's
 * retailerMappingId is `id`, retailerLoadingId the invoice type. Global, like the retailers; product
 * administrators keep them. A line item is unique per retailer and invoice type, whatever its case.
 */
export const lineItemOverrides = pgTable(
  'line_item_overrides',
  {
    id: serial('id').primaryKey(),
    retailerId: integer('retailer_id')
      .notNull()
      .references(() => retailers.id, { onDelete: 'cascade' }),
    billTypeId: integer('bill_type_id')
      .notNull()
      .references(() => billTypes.id),
    lineItem: text('line_item').notNull(),
    instructions: text('instructions').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('line_item_overrides_unique').on(t.retailerId, t.billTypeId, sql`lower(${t.lineItem})`),
  ],
);
