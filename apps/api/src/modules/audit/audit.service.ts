import { AUDIT_PAGE_SIZE, type AuditEvent, type AuditPage, type AuditQuery } from '@verdant/contracts/audit';
import type { Db } from '@verdant/db/client';
import { csvText } from '../../lib/spreadsheet';
import { idsToName, withNames } from './audit.names';
import * as q from './audit.queries';

/** The most rows one CSV export carries. */
const CSV_LIMIT = 100_000;

type Row = Awaited<ReturnType<typeof q.listEvents>>[number];

const toEvent = (r: Row): AuditEvent => ({ ...r, occurredAt: r.occurredAt.toISOString() });

const who = (e: AuditEvent) =>
  e.actorName ?? (e.actorJob ? `System job: ${e.actorJob}` : e.actorPortalToken ? 'Portal' : '');

/** dd/MM/yyyy HH:mm (UTC), the app's date order. */
const shown = (iso: string) =>
  `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;

const value = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/** An organisation's audit history: administrators only, declared on the routes. */
export function createAuditService({ db }: { db: Db }) {
  /** The events with the ids they record shown as names, looked up in one statement. */
  async function readable(organisationId: number, rows: Row[]): Promise<AuditEvent[]> {
    const events = rows.map(toEvent);
    return withNames(events, await q.names(db, organisationId, idsToName(events)));
  }

  return {
    async page(organisationId: number, query: AuditQuery): Promise<AuditPage> {
      const { page, ...filters } = query;
      const [rows, total, people, actions] = await Promise.all([
        q.listEvents(db, organisationId, filters, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE),
        q.countEvents(db, organisationId, filters),
        q.people(db, organisationId),
        q.actions(db, organisationId),
      ]);
      const events = await readable(organisationId, rows);
      return { total, page, pageSize: AUDIT_PAGE_SIZE, events, people, actions };
    },

    /** One line per changed field (a change without fields is one line). */
    async csv(organisationId: number, query: AuditQuery): Promise<string> {
      const { page: _page, ...filters } = query;
      const events = await readable(
        organisationId,
        await q.listEvents(db, organisationId, filters, CSV_LIMIT, 0),
      );
      const lines: string[][] = [];
      for (const e of events) {
        const base = [
          shown(e.occurredAt),
          who(e),
          e.action,
          e.assetType,
          String(e.assetId ?? ''),
          e.assetName ?? '',
        ];
        const changes = Object.entries(e.changes);
        if (changes.length === 0) lines.push([...base, '', '', '']);
        for (const [field, c] of changes) lines.push([...base, field, value(c.before), value(c.after)]);
      }
      return csvText(lines, {
        header: true,
        columns: [
          'When (UTC)',
          'Who',
          'Action',
          'Asset type',
          'Asset id',
          'Asset',
          'Field',
          'Before',
          'After',
        ],
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
