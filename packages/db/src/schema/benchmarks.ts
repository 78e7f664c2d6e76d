import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { organisations } from './core';

/**
 * The benchmark library (docs/decisions/benchmark.md, The library): published sets of energy use per floor
 * area by building type, versioned like the factor editions (a series has editions; the newest published
 * edition of the series at a level is the one compared with), and how the entities' building segmentations
 * map to each series' types. Global: every organisation compares with the same published figures.
 */
export const benchmarkSets = pgTable(
  'benchmark_sets',
  {
    id: serial('id').primaryKey(),
    /** The series its editions belong to ('energy-star-median', 'cibse-tm46'). */
    series: text('series').notNull(),
    publisher: text('publisher').notNull(),
    name: text('name').notNull(),
    edition: text('edition').notNull(),
    published: date('published', { mode: 'string' }),
    /** The benchmark level (2 to 5) the series answers on the Benchmark page. */
    level: integer('level').notNull(),
    sourceTitle: text('source_title').notNull(),
    sourceUrl: text('source_url'),
    /** Transcribed from a secondary source, not yet checked against the publication itself. */
    secondary: boolean('secondary').notNull().default(false),
    /** The unit its values are published in (packages/domain benchmark units: kWh/m2, kBtu/ft2, MJ/m2). */
    unit: text('unit').notNull(),
    /** 'site-energy' (one figure a type) or 'electricity-fossil' (published separately). */
    metric: text('metric').notNull(),
    /** What its main figure is: the median or the typical building. */
    statistic: text('statistic').notNull(),
    /** The adjustments it assumes (weather, occupancy, hours), as it states them. */
    adjustments: text('adjustments').notNull().default(''),
    /** The heating degree days its thermal figures stand for, when it names them (and their base, °C). */
    referenceHdd: doublePrecision('reference_hdd'),
    referenceBaseC: doublePrecision('reference_base_c'),
    status: text('status').notNull().default('published'),
    loadedBy: integer('loaded_by'),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('benchmark_sets_series_edition_unique').on(t.series, t.edition),
    check('benchmark_sets_level_check', sql`${t.level} between 2 and 5`),
    check('benchmark_sets_metric_check', sql`${t.metric} in ('site-energy', 'electricity-fossil')`),
    check('benchmark_sets_statistic_check', sql`${t.statistic} in ('median', 'typical')`),
    check('benchmark_sets_status_check', sql`${t.status} in ('published', 'withdrawn')`),
  ],
);

/** A building type's figures in a set, in the set's unit per year. */
export const benchmarkValues = pgTable(
  'benchmark_values',
  {
    id: serial('id').primaryKey(),
    setId: integer('set_id')
      .notNull()
      .references(() => benchmarkSets.id, { onDelete: 'cascade' }),
    /** Stable across a series' editions: mappings name it. */
    typeKey: text('type_key').notNull(),
    typeName: text('type_name').notNull(),
    /** The median or typical figure: the whole site energy, or electricity and fossil thermal apart. */
    total: doublePrecision('total'),
    electricity: doublePrecision('electricity'),
    fossil: doublePrecision('fossil'),
    goodPracticeTotal: doublePrecision('good_practice_total'),
    p25: doublePrecision('p25'),
    p75: doublePrecision('p75'),
    /** The publication (table, page) the figure comes from. */
    publication: text('publication').notNull(),
    secondary: boolean('secondary').notNull().default(false),
  },
  (t) => [
    unique('benchmark_values_type_unique').on(t.setId, t.typeKey),
    check(
      'benchmark_values_positive_check',
      sql`coalesce(${t.total}, 0) >= 0 and coalesce(${t.electricity}, 0) >= 0 and coalesce(${t.fossil}, 0) >= 0
        and coalesce(${t.goodPracticeTotal}, 0) >= 0 and coalesce(${t.p25}, 0) >= 0 and coalesce(${t.p75}, 0) >= 0`,
    ),
  ],
);

/**
 * Which type of a series an entity compares with: by its descriptor (function) when one is mapped, else by its
 * building segmentation (occupancy). `entdescId` 0 maps the whole segmentation.
 */
export const benchmarkTypeMappings = pgTable(
  'benchmark_type_mappings',
  {
    series: text('series').notNull(),
    buildsegId: integer('buildseg_id').notNull(),
    entdescId: integer('entdesc_id').notNull().default(0),
    typeKey: text('type_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.buildsegId, t.entdescId] })],
);

/** An organisation's heating degree days by month (docs/decisions/benchmark.md, Weather). */
export const degreeDaySeries = pgTable(
  'degree_day_series',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The base temperature, °C. */
    baseC: doublePrecision('base_c').notNull(),
    source: text('source').notNull(),
  },
  (t) => [unique('degree_day_series_organisation_id_id_unique').on(t.organisationId, t.id)],
);

export const degreeDays = pgTable(
  'degree_days',
  {
    organisationId: integer('organisation_id').notNull(),
    seriesId: integer('series_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    hdd: doublePrecision('hdd').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.month] }),
    foreignKey({
      name: 'degree_days_series_fk',
      columns: [t.organisationId, t.seriesId],
      foreignColumns: [degreeDaySeries.organisationId, degreeDaySeries.id],
    }).onDelete('cascade'),
    check('degree_days_hdd_check', sql`${t.hdd} >= 0`),
  ],
);
