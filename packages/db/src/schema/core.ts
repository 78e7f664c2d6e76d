import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The spec's Organisation, every field. */
export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    orgtypeId: integer('orgtype_id'),
    countryId: integer('country_id'),
    orgAddress1: text('org_address1'),
    orgAddress2: text('org_address2'),
    orgAddress3: text('org_address3'),
    compReportEmail: text('comp_report_email'),
    alertEmail: text('alert_email'),
    poNumber: text('po_number'),
    dataPoNumber: text('data_po_number'),
    lastYearProductPo: text('last_year_product_po'),
    lastYearDataloadingPo: text('last_year_dataloading_po'),
    subscriptionExpiry: date('subscription_expiry', { mode: 'string' }),
    /** 1 enabled, 3 disabled. */
    statusId: integer('status_id').notNull().default(1),
    finrepId: integer('finrep_id').notNull().default(2),
    reportingUnitId: integer('reporting_unit_id'),
    loadId: integer('load_id'),
    graphingOrder: integer('graphing_order'),
    emissionFactorDataSourceId: integer('emission_factor_data_source_id'),
    reportingYearEnd: integer('reporting_year_end').notNull().default(12),
    /** Months, "today" and the half-hour clock follow this zone (IANA name). */
    timeZone: text('time_zone').notNull().default('Pacific/Auckland'),
    /** Text of JSON: estimatesAlertEnabled, estimatesAlertCount, nillConsumptionAlertEnabled, nillConsumptionAlertCount. */
    alertSettings: text('alert_settings'),
    logo: text('logo'),
    consTarget: numeric('cons_target'),
    co2eTarget: numeric('co2e_target'),
    ownFactors: boolean('own_factors').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('organisations_status_check', sql`${t.statusId} in (1, 3)`),
    check('organisations_year_end_check', sql`${t.reportingYearEnd} between 1 and 12`),
    uniqueIndex('organisations_name_unique').on(sql`lower(${t.name})`),
  ],
);

/** The spec's User, every field. Login id is `userId` in the spec and `login_id` here. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    loginId: text('login_id').notNull(),
    title: text('title'),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    position: text('position'),
    employingOrganisation: text('employing_organisation'),
    contactAddress1: text('contact_address1'),
    contactAddress2: text('contact_address2'),
    contactAddress3: text('contact_address3'),
    contactAddress4: text('contact_address4'),
    mobile: text('mobile'),
    ddiPhone: text('ddi_phone'),
    extension: text('extension'),
    fax: text('fax'),
    lastVisit: timestamp('last_visit', { withTimezone: true }),
    /** 1 active, 2 blocked from the product. */
    statusId: integer('status_id').notNull().default(1),
    productAdmin: boolean('product_admin').notNull().default(false),
    sso: boolean('sso').notNull().default(false),
    passwordHash: text('password_hash'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_login_id_unique').on(sql`lower(${t.loginId})`),
    check('users_status_check', sql`${t.statusId} in (1, 2)`),
  ],
);

/**
 * Every identifier a person signs in with, lower case: their email and, when it differs, their login id. One
 * primary key over both, so a login id can never be another person's email (nor an email someone's login
 * id) and sign-in by identifier finds one person. Kept by a trigger on users (migration 0037); a change that
 * would collide fails with this table's key (docs/decisions/security.md, "One namespace of sign-in
 * identifiers").
 */
export const signInIdentifiers = pgTable(
  'sign_in_identifiers',
  {
    identifier: text('identifier').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sign_in_identifiers_user_idx').on(t.userId)],
);

/** A user's place in an organisation. */
export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** 2 Primary Contact, 3 General User, 4 Observer, -1 Barred. */
    accessId: integer('access_id').notNull().default(4),
    admin: boolean('admin').notNull().default(false),
    orgBlocked: boolean('org_blocked').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organisationId] }),
    index('memberships_organisation_idx').on(t.organisationId),
    check('memberships_access_check', sql`${t.accessId} in (2, 3, 4, -1)`),
  ],
);

/** Bearer sessions; only a SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * A free test drive: it may look at everything and change nothing
     * (docs/decisions/sessions-and-security.md, The free test drive is the shared demo, protected).
     */
    testDrive: boolean('test_drive').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** One-time password reset links (valid one hour). */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** One-time sign-in tokens for the `tx` and `sx` query parameters. */
export const loginTokens = pgTable('login_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionHash: text('session_hash').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Facts about this installation, such as whether the demo data was loaded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-in attempts, counted per address, per address and username, and per account (`user_id`, whichever
 * identifier or address was used) to rate limit across API processes.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    username: text('username').notNull(),
    /** The account the username named, when it named one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_ip_idx').on(t.ip, t.at),
    index('login_attempts_username_idx').on(t.username, t.at),
    index('login_attempts_user_idx').on(t.userId, t.at),
  ],
);

/** Messages for administrators, shown once per session; null organisation means every organisation. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_organisation_idx').on(t.organisationId)],
);

/** A notification a user removed permanently. */
export const notificationRemovals = pgTable(
  'notification_removals',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);
