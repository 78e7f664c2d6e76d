import type {
  AlertCommentRequest,
  BulkActionAnswer,
  BulkActionRequest,
  DataSourceList,
  DataSourceListQuery,
  OrganisationMeter,
} from '@verdant/contracts/data-sources/list';
import type { Db } from '@verdant/db/client';
import { markPending } from '@verdant/db/ledger/pending';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { BULK_RECOMPUTE_INLINE_MAX, dataSourceKind, METER_TYPE_LABELS } from '@verdant/domain/data-sources';
import { fill, MSG } from '@verdant/domain/messages';
import type { JobQueue } from '../../jobs/job-definition';
import { recomputePendingJob } from '../../jobs/recompute-pending.job';
import { audit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './data-sources.queries';
import { organisationMeters } from './organisation-meters.queries';

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * The data sources list (data-portal spec 2.1): the page of rows with the month's figures, the alert panel's
 * schedule and delete, and the bulk actions. Rights first; every write is one transaction with its audit rows.
 */
export function createDataSourcesService({
  db,
  clock,
  jobQueue,
}: {
  db: Db;
  clock: () => Date;
  jobQueue: JobQueue;
}) {
  async function resolveAlert(
    a: Caller,
    meterId: number,
    alertId: number,
    body: AlertCommentRequest,
    status: 'scheduled' | 'deleted',
  ) {
    const organisationId = orgOf(a).id;
    const failure = status === 'scheduled' ? MSG.alertScheduleFailed : MSG.alertDeleteFailed;
    return db.transaction(async (tx) => {
      const comment = body.comment?.trim() || null;
      const alert = await q.resolveAlert(tx, organisationId, meterId, alertId, status, comment, a.user.id);
      if (!alert) throw new AppError('NOT_FOUND', failure, 404);
      await audit(tx, a, {
        organisationId,
        action: status === 'scheduled' ? 'schedule alert' : 'delete alert',
        asset: { type: 'meter', id: meterId },
        changes: {
          alert: { before: alert.message, after: status },
          ...(comment ? { comment: { before: null, after: comment } } : {}),
        },
      });
      return {
        success: true as const,
        message: status === 'scheduled' ? MSG.alertScheduled : MSG.alertDeleted,
      };
    });
  }

  return {
    /** Every live data source of the organisation the caller may see, for pickers (the meter data export). */
    async organisationMeters(a: Caller, organisationId: number): Promise<OrganisationMeter[]> {
      const visible = await visibleMetersOf(db, a, organisationId);
      return organisationMeters(db, organisationId, visible);
    },

    /** The organisation's list; by default for its last complete month (docs/domain.md, "Time zones"). */
    async list(a: Caller, query: DataSourceListQuery): Promise<DataSourceList> {
      const { id: organisationId, lastCompleteMonth } = orgOf(a);
      const yyyymm = query.month ?? lastCompleteMonth.slice(0, 7).replace('-', '');
      const month = `${yyyymm.slice(0, 4)}-${yyyymm.slice(4, 6)}-01`;
      const visible = await visibleMetersOf(db, a, organisationId);
      const [rows, options] = await Promise.all([
        q.listDataSources(db, organisationId, query, month, visible),
        q.listOptions(db, organisationId, visible, query.memberOf),
      ]);
      return {
        total: rows[0]?.total ?? 0,
        month: yyyymm,
        mayEdit: a.checked.mayEdit,
        productAdmin: a.principal.productAdmin,
        rows: rows.map((r) => ({
          id: r.id,
          name: r.name,
          kind: dataSourceKind({ meterType: r.meter_type, grouping: r.grouping, vehicle: r.vehicle }),
          meterType: r.meter_type,
          type: METER_TYPE_LABELS[r.meter_type] ?? String(r.meter_type),
          energyId: r.energy_id,
          measuring: r.measuring,
          unit: r.unit,
          account: r.account,
          siteId: r.site_id,
          site: r.site,
          memberOf: r.member_of,
          alerts: r.alerts,
          closed: r.closed,
          transient: r.transient,
          retailerId: r.retailer_id,
          retailer: r.retailer,
          lastEntry: r.last_entry,
          figure: round(r.figure, query.measure === 'cost' ? 2 : 3),
        })),
        options: {
          ...options,
          types: options.types.map((id) => ({ id, name: METER_TYPE_LABELS[id] ?? String(id) })),
        },
      };
    },

    async alerts(a: Caller, meterId: number) {
      return q.pendingAlerts(db, orgOf(a).id, meterId);
    },

    schedule: (a: Caller, meterId: number, alertId: number, body: AlertCommentRequest) =>
      resolveAlert(a, meterId, alertId, body, 'scheduled'),

    remove: (a: Caller, meterId: number, alertId: number, body: AlertCommentRequest) =>
      resolveAlert(a, meterId, alertId, body, 'deleted'),

    async bulkAction(a: Caller, body: BulkActionRequest): Promise<BulkActionAnswer> {
      const { id: organisationId, today } = orgOf(a);
      const ids = [...new Set(body.ids)].sort((x, y) => x - y);
      let queued = false;
      const answer = await db.transaction(async (tx) => {
        const meters = await q.metersByIds(tx, organisationId, ids);
        if (meters.length !== ids.length) throw notFound(MSG.bulkNotVisible);
        if (body.action === 'delete-and-omit') {
          await q.archiveAndOmit(tx, organisationId, ids, clock());
          for (const m of meters) {
            await audit(tx, a, {
              organisationId,
              action: 'delete',
              asset: { type: 'meter', id: m.id, name: m.name },
              changes: { dontLoad: { before: false, after: true } },
            });
          }
          // Archived meters have no facts: the recompute takes them out of every figure.
          await recomputeOrganisationFacts(tx, organisationId, ids, today);
          return {
            success: true as const,
            message: fill(MSG.metersRemoved, { n: ids.length }),
            changed: ids.length,
            pending: false,
          };
        }
        if (!body.moveIfBefore && !body.moveIfAfter) {
          throw badRequest(MSG.bulkNoDirection, { moveIfAfter: [MSG.bulkNoDirection] });
        }
        const date = body.data;
        const moving = meters.filter(
          (m) =>
            m.meter_open === null ||
            (body.moveIfAfter && m.meter_open > date) ||
            (body.moveIfBefore && m.meter_open < date),
        );
        const late = moving.find((m) => m.meter_close !== null && m.meter_close < date);
        if (late) {
          const message = fill(MSG.bulkOpenAfterClose, { name: late.name, close: late.meter_close ?? '' });
          throw badRequest(message, { data: [message] });
        }
        const changed = moving.map((m) => m.id);
        await q.setOpenDate(tx, organisationId, changed, date);
        for (const m of moving) {
          await audit(tx, a, {
            organisationId,
            action: 'update',
            asset: { type: 'meter', id: m.id, name: m.name },
            changes: { meterOpen: { before: m.meter_open, after: date } },
          });
        }
        if (changed.length <= BULK_RECOMPUTE_INLINE_MAX)
          await recomputeOrganisationFacts(tx, organisationId, changed, today);
        else queued = (await markPending(tx, organisationId, changed)) > 0;
        return {
          success: true as const,
          message: MSG.openDatesUpdated,
          changed: changed.length,
          pending: queued,
        };
      });
      if (queued) await jobQueue.send(recomputePendingJob.name).catch(() => {});
      return answer;
    },
  };
}

export type DataSourcesService = ReturnType<typeof createDataSourcesService>;
