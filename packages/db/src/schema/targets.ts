import { sql } from 'drizzle-orm';
import {
  foreignKey,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './core';
import { assetGroups } from './groups';

/**
 * A named reduction target (core-portal.md 3 Target): its spec holds the baseline (year, year end, derived or
 * entered consumption), the monthly profile and the list of targets (percentage by year).
 */
export const targets = pgTable(
  'targets',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    spec: jsonb('spec').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('targets_organisation_id_unique').on(t.organisationId, t.id),
    uniqueIndex('targets_name_unique').on(t.organisationId, sql`lower(${t.name})`),
  ],
);

/** A site group's or data source group's own annual targets (co2e kg, consumption kWh), like the organisation's. */
export const groupTargets = pgTable(
  'group_targets',
  {
    organisationId: integer('organisation_id').notNull(),
    groupId: integer('group_id').primaryKey(),
    co2eTarget: numeric('co2e_target'),
    consTarget: numeric('cons_target'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'group_targets_group_fk',
      columns: [t.organisationId, t.groupId],
      foreignColumns: [assetGroups.organisationId, assetGroups.id],
    }).onDelete('cascade'),
  ],
);
