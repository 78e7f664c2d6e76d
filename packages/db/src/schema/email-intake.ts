import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { backgroundJobs } from './background-jobs';
import { organisations } from './core';
import { retailers } from './retailers';

/**
 * Invoices by email (docs/decisions/email-intake.md): each organisation's intake address, with the senders it
 * accepts and the person the intake acts for (the invoices it saves are entered by them).
 */
export const emailIntakeAddresses = pgTable(
  'email_intake_addresses',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The whole address, lower case (invoices+acme@verdant.example). */
    address: text('address').notNull(),
    /** Addresses or '@domain' suffixes whose mail is read; any other sender's message is rejected. */
    allowedSenders: text('allowed_senders').array().notNull().default(sql`'{}'::text[]`),
    /** A person of the organisation (no foreign key: people move between organisations). */
    actingUserId: integer('acting_user_id').notNull(),
    /** Whether the sender gets a receipt listing what was accepted and parked. */
    sendReceipt: text('send_receipt').notNull().default('no'),
    /** An inactive address takes no mail (SMTP answers 550; IMAP leaves its messages in the mailbox). */
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('email_intake_addresses_address_unique').on(sql`lower(${t.address})`),
    check('email_intake_addresses_receipt_check', sql`${t.sendReceipt} in ('no', 'yes')`),
  ],
);

/** One received message (a batch): its raw bytes are stored under `storage_key`, named by their SHA-256. */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    recipient: text('recipient').notNull(),
    /** The person the intake acts for (the address's, when the message arrived). */
    actingUserId: integer('acting_user_id'),
    subject: text('subject').notNull().default(''),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** The first message with the same bytes to this organisation: this one is a repeat of it. */
    duplicateOf: integer('duplicate_of'),
    /** Why the whole message was refused (no attachments, sender not allowed, malformed), else null. */
    rejectedReason: text('rejected_reason'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the raw bytes were removed with the last of its items' files kept for the queues (the record stays). */
    filePurgedAt: timestamp('file_purged_at', { withTimezone: true }),
    /**
     * The receipt to the sender (docs/decisions/email-intake.md, Receipts): null when none is wanted (receipts
     * off, sender not allowed, a repeat), 'due' until every item is settled, 'sent' once claimed and mailed.
     */
    receipt: text('receipt'),
    receiptAt: timestamp('receipt_at', { withTimezone: true }),
    /**
     * The jobs centre's email batch that took the message in (docs/decisions/job-runner.md, Email batches): the
     * IMAP poll or intake sweep whose row counts what became of its items.
     */
    batchJobId: integer('batch_job_id').references(() => backgroundJobs.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('email_messages_batch_idx').on(t.batchJobId).where(sql`${t.batchJobId} is not null`),
    check('email_messages_receipt_check', sql`${t.receipt} in ('due', 'sent')`),
    index('email_messages_receipt_due_idx').on(t.id).where(sql`${t.receipt} = 'due'`),
    unique('email_messages_organisation_id_id_unique').on(t.organisationId, t.id),
    index('email_messages_sha_idx').on(t.organisationId, t.sha256),
  ],
);

/** Every state an item ends in (docs/decisions/email-intake.md, Processing). */
export const EMAIL_ITEM_STATES = [
  'pending',
  'accepted',
  'parked',
  'deferred',
  'rejected',
  'deleted',
] as const;

/** One attachment of a message (an item) and what became of it. */
export const emailItems = pgTable(
  'email_items',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').notNull(),
    messageId: integer('message_id').notNull(),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Null when the attachment was refused before it was kept (too large). */
    storageKey: text('storage_key'),
    state: text('state').notNull().default('pending'),
    /** unknown-retailer, unknown-account, unknown-layout, totals, duplicate, bill-audit, crashed, or a rejection. */
    reasonCode: text('reason_code'),
    reason: text('reason'),
    retailerId: integer('retailer_id').references(() => retailers.id),
    templateId: integer('template_id'),
    templateVersion: integer('template_version'),
    invoiceId: integer('invoice_id'),
    importUuid: text('import_uuid'),
    /** What was read: the text and the fields each pattern found. */
    extracted: jsonb('extracted'),
    attempts: integer('attempts').notNull().default(0),
    /** When the stored bytes of an item left parked or deferred too long were removed (the record stays). */
    filePurgedAt: timestamp('file_purged_at', { withTimezone: true }),
    stateAt: timestamp('state_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'email_items_message_fk',
      columns: [t.organisationId, t.messageId],
      foreignColumns: [emailMessages.organisationId, emailMessages.id],
    }).onDelete('cascade'),
    index('email_items_state_idx').on(t.state, t.createdAt),
    check(
      'email_items_state_check',
      sql`${t.state} in ('pending', 'accepted', 'parked', 'deferred', 'rejected', 'deleted')`,
    ),
  ],
);

/**
 * A retailer's PDF template: every version is kept (an item records the one that read it); the newest
 * published version of a retailer is the one used.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    retailerId: integer('retailer_id')
      .notNull()
      .references(() => retailers.id),
    version: integer('version').notNull(),
    /** Sender addresses or '@domain' suffixes of the retailer's mail. */
    senders: text('senders').array().notNull().default(sql`'{}'::text[]`),
    /** Field name to regular expression (its first group is the value). */
    patterns: jsonb('patterns').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('email_templates_retailer_version_unique').on(t.retailerId, t.version)],
);

/** The preprocess logs (data-portal.md 3, Log entry): what was accepted and rejected, trimmed by date. */
export const emailLog = pgTable(
  'email_log',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    itemId: integer('item_id'),
    messageId: integer('message_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_log_kind_at_idx').on(t.kind, t.at),
    check('email_log_kind_check', sql`${t.kind} in ('accepted', 'rejected')`),
  ],
);
