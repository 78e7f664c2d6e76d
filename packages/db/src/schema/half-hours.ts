import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { meters } from './assets';
import { organisations } from './core';

/** Half-hour readings: each register of a meter and its days of 48 half hours (standard time). */

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
    /**
     * The meter and the organisation are held by the register's foreign key alone (its register points at the
     * meter of the same organisation, and goes with it): a key of their own each would check every day written
     * twice more (docs/performance.md, The data-load job).
     */
    meterId: integer('meter_id').notNull(),
    /** 0 when the register is unspecified. */
    register: smallint('register').notNull().default(0),
    readDate: date('read_date', { mode: 'string' }).notNull(),
    organisationId: integer('organisation_id').notNull(),
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
