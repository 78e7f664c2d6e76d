import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations, users } from './core';

/** Groupings, site and source groups with their members, and advanced rights over assets. */

/**
 * A grouping of site groups or of meter groups (Region, Cost centre, ...). In a controlled grouping an asset
 * belongs to at most one group; groups in no grouping are uncontrolled.
 */
export const groupings = pgTable(
  'groupings',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    memberType: text('member_type', { enum: ['site', 'meter'] }).notNull(),
    name: text('name').notNull(),
    controlled: boolean('controlled').notNull().default(false),
  },
  (t) => [
    uniqueIndex('groupings_organisation_id_unique').on(t.organisationId, t.id),
    uniqueIndex('groupings_organisation_name_unique').on(
      t.organisationId,
      t.memberType,
      sql`lower(${t.name})`,
    ),
    check('groupings_member_type_check', sql`${t.memberType} in ('site', 'meter')`),
  ],
);

/** A site group (members are sites) or a source group (members are meters). */
export const assetGroups = pgTable(
  'asset_groups',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    memberType: text('member_type', { enum: ['site', 'meter'] }).notNull(),
    name: text('name').notNull(),
    groupingId: integer('grouping_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('asset_groups_organisation_idx').on(t.organisationId),
    foreignKey({
      columns: [t.organisationId, t.groupingId],
      foreignColumns: [groupings.organisationId, groupings.id],
      name: 'asset_groups_grouping_fk',
    }),
    unique('asset_groups_organisation_id_id_unique').on(t.organisationId, t.id),
    check('asset_groups_member_type_check', sql`${t.memberType} in ('site', 'meter')`),
  ],
);

export const assetGroupMembers = pgTable(
  'asset_group_members',
  {
    organisationId: integer('organisation_id').notNull(),
    groupId: integer('group_id').notNull(),
    /** A site id or a meter id, as the group's member type says. */
    assetId: integer('asset_id').notNull(),
    /**
     * The group's grouping while it is controlled, kept by triggers (migration 0009): a unique index on it
     * holds an asset in at most one group of a controlled grouping.
     */
    controlledGroupingId: integer('controlled_grouping_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.assetId] }),
    index('asset_group_members_asset_idx').on(t.assetId),
    uniqueIndex('asset_group_members_controlled_unique')
      .on(t.controlledGroupingId, t.assetId)
      .where(sql`${t.controlledGroupingId} is not null`),
    foreignKey({
      name: 'asset_group_members_group_fk',
      columns: [t.organisationId, t.groupId],
      foreignColumns: [assetGroups.organisationId, assetGroups.id],
    }).onDelete('cascade'),
  ],
);

/** A user's access level on one asset and everything beneath it. */
export const advancedRights = pgTable(
  'advanced_rights',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    assetType: text('asset_type', {
      enum: ['organisation', 'site-group', 'meter-group', 'site', 'entity', 'meter'],
    }).notNull(),
    assetId: integer('asset_id').notNull(),
    /** An access level: 2 Primary Contact, 3 General User, 4 Observer, -1 Barred. */
    rightId: integer('right_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('advanced_rights_unique').on(t.userId, t.organisationId, t.assetType, t.assetId),
    index('advanced_rights_asset_idx').on(t.assetType, t.assetId),
    check('advanced_rights_right_check', sql`${t.rightId} in (2, 3, 4, -1)`),
  ],
);
