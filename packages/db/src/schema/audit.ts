import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One field's value before and after a change. */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/**
 * The immutable audit log (docs/decisions/audit-log.md): one row per write of any module and per sign-in
 * event. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0016). No foreign keys: a row
 * outlives the organisation, person or asset it names (their deletion must not cascade into the log).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for product-wide events (a product administrator's change outside any organisation). */
    organisationId: integer('organisation_id'),
    /** The person who acted (null for a portal token or a system job). */
    actorUserId: integer('actor_user_id'),
    /** The person's name or email at the time, so the row reads alone after they are gone. */
    actorName: text('actor_name'),
    /** A portal token's id, when a portal acted. */
    actorPortalToken: text('actor_portal_token'),
    /** A system job's name, when the system acted. */
    actorJob: text('actor_job'),
    action: text('action').notNull(),
    assetType: text('asset_type').notNull(),
    assetId: integer('asset_id'),
    assetName: text('asset_name'),
    changes: jsonb('changes').$type<Record<string, FieldChange>>().notNull().default(sql`'{}'::jsonb`),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_events_organisation_idx').on(t.organisationId, t.occurredAt),
    index('audit_events_asset_idx').on(t.organisationId, t.assetType, t.assetId, t.occurredAt),
    index('audit_events_actor_idx').on(t.actorUserId, t.occurredAt),
  ],
);
