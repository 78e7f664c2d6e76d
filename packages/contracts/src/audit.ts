import { z } from 'zod';
import { administrator } from './access';
import { calendarDate, idNumber, int4Param, text } from './common';
import { defineOperations } from './operations';

/** The asset types the audit log names. */
export const AUDIT_ASSET_TYPES = [
  'organisation',
  'user',
  'site',
  'entity',
  'meter',
  'file',
  'notification',
  'job',
  'session',
] as const;

export const auditParams = z.object({ id: idNumber() });

/** Filters of an organisation's history: person, asset (type + id), action and dates (dd/MM/yyyy shown). */
export const auditQuery = z.object({
  person: idNumber().optional(),
  assetType: text().trim().max(40).optional(),
  assetId: idNumber().optional(),
  action: text().trim().max(60).optional(),
  from: calendarDate().optional(),
  to: calendarDate().optional(),
  /** Pages of 100, from 1. */
  page: int4Param({ min: 1 }).default(1),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const fieldChange = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEvent = z.object({
  id: z.number(),
  occurredAt: text(),
  organisationId: z.number().nullable(),
  actorUserId: z.number().nullable(),
  actorName: text().nullable(),
  actorPortalToken: text().nullable(),
  actorJob: text().nullable(),
  action: text(),
  assetType: text(),
  assetId: z.number().nullable(),
  assetName: text().nullable(),
  changes: z.record(text(), fieldChange),
  requestId: text().nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const AUDIT_PAGE_SIZE = 100;

export const auditPage = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  events: z.array(auditEvent),
  /** The people and actions found in this organisation's history, for the filters. */
  people: z.array(z.object({ id: z.number(), name: text() })),
  actions: z.array(text()),
});
export type AuditPage = z.infer<typeof auditPage>;

/** Administrators of the organisation; product administrators pass for every organisation. */
const administrators = administrator('params.id');

/** An organisation's audit history (docs/decisions/audit-log.md, Reading the history). */
export const auditOperations = defineOperations('audit', {
  history: {
    method: 'GET',
    path: '/organisations/:id/history',
    summary: "The organisation's audit history, newest first, 100 at a time, filtered",
    access: administrators,
    params: auditParams,
    query: auditQuery,
    answer: auditPage,
  },
  historyCsv: {
    method: 'GET',
    path: '/organisations/:id/history/csv',
    summary: "The organisation's audit history as CSV (one line per changed field)",
    access: administrators,
    params: auditParams,
    query: auditQuery,
    answer: 'file',
  },
});
