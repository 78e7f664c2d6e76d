import { sql } from 'drizzle-orm';
import {
  check,
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
import { organisations } from './core';

/** An organisation's meter identifier labels (Customer number, Cost code, ...): data-portal.md 3 Identifier. */
export const meterIdentifierLabels = pgTable(
  'meter_identifier_labels',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meter_identifier_labels_organisation_id_unique').on(t.organisationId, t.id),
    uniqueIndex('meter_identifier_labels_name_unique').on(t.organisationId, sql`lower(${t.name})`),
  ],
);

/** A meter's value for one identifier label. */
export const meterIdentifiers = pgTable(
  'meter_identifiers',
  {
    organisationId: integer('organisation_id').notNull(),
    meterId: integer('meter_id').notNull(),
    labelId: integer('label_id').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.meterId, t.labelId] }),
    index('meter_identifiers_organisation_idx').on(t.organisationId),
    foreignKey({
      name: 'meter_identifiers_meter_fk',
      columns: [t.organisationId, t.meterId],
      foreignColumns: [meters.organisationId, meters.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'meter_identifiers_label_fk',
      columns: [t.organisationId, t.labelId],
      foreignColumns: [meterIdentifierLabels.organisationId, meterIdentifierLabels.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A meter's alert set-ups (data-portal.md 3 Alert settings), one row per meter, null where not set:
 * consumption (alertDiffer 1 greater than, 2 less than, 3 different from the previous year; alertPerc and
 * absAlert whole numbers), tariff (relAlert, absAlert, rateAlert decimals) and base load (triggerPercentage).
 */
export const meterAlertSettings = pgTable(
  'meter_alert_settings',
  {
    organisationId: integer('organisation_id').notNull(),
    meterId: integer('meter_id').primaryKey(),
    consumptionDiffer: integer('consumption_differ'),
    consumptionPerc: integer('consumption_perc'),
    consumptionAbs: integer('consumption_abs'),
    tariffRel: numeric('tariff_rel', { precision: 12, scale: 4 }),
    tariffAbs: numeric('tariff_abs', { precision: 12, scale: 4 }),
    tariffRate: numeric('tariff_rate', { precision: 12, scale: 4 }),
    baseloadTrigger: numeric('baseload_trigger', { precision: 12, scale: 4 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'meter_alert_settings_meter_fk',
      columns: [t.organisationId, t.meterId],
      foreignColumns: [meters.organisationId, meters.id],
    }).onDelete('cascade'),
    check('meter_alert_settings_differ_check', sql`${t.consumptionDiffer} between 1 and 3`),
  ],
);
