import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { meters, sites } from './assets';
import { organisations, users } from './core';

/**
 * Data-entry portals (data-portal.md 3 "Data-entry portal"): a page people without an account open with the
 * portal's link to enter each period's figures of its quantities (docs/decisions/portals.md).
 */
export const dataEntryPortals = pgTable(
  'data_entry_portals',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The site the portal's new data sources are created on. */
    siteId: integer('site_id').notNull(),
    name: text('name').notNull(),
    /** The public address `/portals/{url}`: the organisation prefix and the name, unique across organisations. */
    url: text('url').notNull(),
    /** Monthly, Yearly (Calendar), Yearly (Commerical FY) or Yearly (Government FY); fixed after creation. */
    period: text('period').notNull(),
    /** The financial reporting id (data-portal.md 9: default 2). */
    reporting: integer('reporting').notNull().default(2),
    dataSourcePrefix: text('data_source_prefix').notNull().default(''),
    /** The unguessable key of the link; rotating it replaces it, revoking sets revoked_at. */
    linkKey: text('link_key').notNull(),
    linkIssuedAt: timestamp('link_issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last day the link works, or null for no expiry. */
    linkExpiresOn: date('link_expires_on', { mode: 'string' }),
    linkRevokedAt: timestamp('link_revoked_at', { withTimezone: true }),
    /** Days after a period ends that its figures are due. */
    dueDays: integer('due_days').notNull().default(10),
    remindBeforeDays: integer('remind_before_days').notNull().default(3),
    remindAfterDays: integer('remind_after_days').notNull().default(3),
    /** Whether an accepted entry needs a second person's approval. */
    secondApproval: boolean('second_approval').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('data_entry_portals_organisation_id_id_unique').on(t.organisationId, t.id),
    uniqueIndex('data_entry_portals_url_unique').on(sql`lower(${t.url})`),
    uniqueIndex('data_entry_portals_link_key_unique').on(t.linkKey),
    foreignKey({
      name: 'data_entry_portals_site_fk',
      columns: [t.organisationId, t.siteId],
      foreignColumns: [sites.organisationId, sites.id],
    }),
    check(
      'data_entry_portals_period_check',
      sql`${t.period} in ('Monthly', 'Yearly (Calendar)', 'Yearly (Commerical FY)', 'Yearly (Government FY)')`,
    ),
  ],
);

/** A quantity of a portal (data-portal.md 3 "Portal quantity"): one data source, its figures entered per period. */
export const portalQuantities = pgTable(
  'portal_quantities',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').notNull(),
    portalId: integer('portal_id').notNull(),
    meterId: integer('meter_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('portal_quantities_organisation_id_id_unique').on(t.organisationId, t.id),
    uniqueIndex('portal_quantities_name_unique').on(t.portalId, sql`lower(${t.name})`),
    foreignKey({
      name: 'portal_quantities_portal_fk',
      columns: [t.organisationId, t.portalId],
      foreignColumns: [dataEntryPortals.organisationId, dataEntryPortals.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'portal_quantities_meter_fk',
      columns: [t.organisationId, t.meterId],
      foreignColumns: [meters.organisationId, meters.id],
    }).onDelete('cascade'),
  ],
);

/** The people asked for a portal's figures: an email each, no account. */
export const portalContacts = pgTable(
  'portal_contacts',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').notNull(),
    portalId: integer('portal_id').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portal_contacts_email_unique').on(t.portalId, sql`lower(${t.email})`),
    foreignKey({
      name: 'portal_contacts_portal_fk',
      columns: [t.organisationId, t.portalId],
      foreignColumns: [dataEntryPortals.organisationId, dataEntryPortals.id],
    }).onDelete('cascade'),
  ],
);

/**
 * One figure entered through a portal's link for one quantity and period. The figure itself is the consumption
 * record it became (written through the consumption tab's rules); this row is its review trail.
 */
export const portalEntries = pgTable(
  'portal_entries',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').notNull(),
    portalId: integer('portal_id').notNull(),
    quantityId: integer('quantity_id').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    value: numeric('value', { precision: 18, scale: 4 }).notNull(),
    /** The consumption record written for it (no foreign key: the record may be deleted on its tab). */
    consumptionRecordId: integer('consumption_record_id'),
    /** The photo or PDF attached, a file of the quantity's data source. */
    attachmentFileId: integer('attachment_file_id'),
    /** The submission it came in (the receipt's reference). */
    receipt: text('receipt').notNull(),
    contactEmail: text('contact_email'),
    /** 'awaiting review', 'sent back', 'reviewed' (awaiting a second approval) or 'approved'. */
    status: text('status').notNull().default('awaiting review'),
    reviewComment: text('review_comment'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portal_entries_quantity_period_unique').on(t.quantityId, t.periodStart),
    foreignKey({
      name: 'portal_entries_portal_fk',
      columns: [t.organisationId, t.portalId],
      foreignColumns: [dataEntryPortals.organisationId, dataEntryPortals.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'portal_entries_quantity_fk',
      columns: [t.organisationId, t.quantityId],
      foreignColumns: [portalQuantities.organisationId, portalQuantities.id],
    }).onDelete('cascade'),
    check(
      'portal_entries_status_check',
      sql`${t.status} in ('awaiting review', 'sent back', 'reviewed', 'approved')`,
    ),
  ],
);

/** The requests and reminders mailed, one per contact, period and kind, so a job run twice mails once. */
export const portalMailings = pgTable(
  'portal_mailings',
  {
    organisationId: integer('organisation_id').notNull(),
    portalId: integer('portal_id').notNull(),
    email: text('email').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** 'request', 'before' or 'after'. */
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.portalId, t.email, t.periodStart, t.kind] }),
    foreignKey({
      name: 'portal_mailings_portal_fk',
      columns: [t.organisationId, t.portalId],
      foreignColumns: [dataEntryPortals.organisationId, dataEntryPortals.id],
    }).onDelete('cascade'),
  ],
);

/** Custom portals (data-portal.md 3 "Custom portal"): a name and a link, listed per organisation. */
export const customPortals = pgTable('custom_portals', {
  id: serial('id').primaryKey(),
  organisationId: integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  link: text('link').notNull(),
});
