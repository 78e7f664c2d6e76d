import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './core';

/**
 * Public datasets (data-portal.md 7; docs/decisions/public-datasets.md): monthly series published by others
 * (heating and cooling degree days by region, a grid's published intensity), kept by product administrators
 * and read by everyone. Global, like the catalogue: no organisation owns them.
 */
export const publicDatasetCollections = pgTable(
  'public_dataset_collections',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('public_dataset_collections_name_unique').on(sql`lower(${t.name})`)],
);

export const publicDatasets = pgTable(
  'public_datasets',
  {
    id: serial('id').primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => publicDatasetCollections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The unit of its monthly values ('°C·day', 'kg CO2e/kWh'). */
    unit: text('unit').notNull(),
    /** The region (reference list 'regions') it describes, when it describes one. */
    regionId: integer('region_id'),
    /** Who publishes it and where it comes from, said plainly. */
    source: text('source').notNull(),
    /** A sample for demonstration, not published data: said wherever its figures appear. */
    sample: text('sample_note'),
    /**
     * Degree days only: the base temperature (°C) and whether they are heating or cooling degree days, stated by
     * whoever adds the dataset, never read from its name (docs/decisions/public-datasets.md, The benchmark's
     * weather). Null for every other kind of series.
     */
    baseC: doublePrecision('base_c'),
    degreeDayKind: text('degree_day_kind'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('public_datasets_name_unique').on(t.collectionId, sql`lower(${t.name})`),
    check(
      'public_datasets_degree_day_kind_check',
      sql`${t.degreeDayKind} is null or ${t.degreeDayKind} in ('heating', 'cooling')`,
    ),
    check(
      'public_datasets_base_check',
      sql`(${t.baseC} is null) = (${t.degreeDayKind} is null) and (${t.baseC} is null or ${t.baseC} between -50 and 50)`,
    ),
  ],
);

/** One month's value of a dataset; a month without a row has no value (not 0). */
export const publicDatasetValues = pgTable(
  'public_dataset_values',
  {
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => publicDatasets.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.datasetId, t.month] }),
    check('public_dataset_values_month_check', sql`extract(day from ${t.month}) = 1`),
  ],
);
