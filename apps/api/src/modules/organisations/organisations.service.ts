import {
  type CreateOrganisationRequest,
  createOrganisationRequest,
  type LedgerStatus,
  type Organisation,
  type OrganisationUpdate,
} from '@verdant/contracts/organisations';
import type { ProcurementExpiry, ProcurementExpiryRequest } from '@verdant/contracts/organisations/expiries';
import {
  ALERT_SETTING_KEYS,
  type AlertSettingKey,
  parseAlertSettings,
  type SettingRequest,
  type TargetRequest,
} from '@verdant/contracts/organisations/settings';
import type { Db, DbOrTx } from '@verdant/db/client';
import { factorSourceReach, sourcesChosen } from '@verdant/db/ledger/factor-source-reach';
import { markPending, pendingCount } from '@verdant/db/ledger/pending';
import { setFactorSource } from '@verdant/db/ledger/queries';
import { ORGANISATION_STATUS } from '@verdant/domain/constants';
import { fill, MSG } from '@verdant/domain/messages';
import type { JobQueue } from '../../jobs/job-definition';
import { recomputePendingJob } from '../../jobs/recompute-pending.job';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { assertNotTestDriveOrganisation } from '../../lib/test-drive';
import type { Caller } from '../../plugins/auth';
import { createOrganisationOverview } from './organisation-overview.service';
import * as q from './organisations.queries';
import { createTimeZoneSetting, ianaZoneOf } from './time-zone.service';

/** A factor source chosen from the first day there is (own sets with no factor move nothing). */
const EVERY_DAY = '1900-01-01';
const numberOrNull = (v: string | null) => (v === null ? null : Number(v));

function toExpiry(r: Awaited<ReturnType<typeof q.listExpiries>>[number]): ProcurementExpiry {
  return { expiryId: r.id, description: r.description, expiryDate: r.expiryDate, orgId: r.organisationId };
}

/** Organisation details, settings, targets, procurement expiries and the overview lists. */
export function createOrganisationsService({ db, jobQueue }: { db: Db; jobQueue: JobQueue }) {
  const timeZones = createTimeZoneSetting({ db, jobQueue });
  async function toOrganisation(
    a: Caller,
    row: q.OrganisationRow,
    move?: Awaited<ReturnType<typeof timeZones.latestMove>>,
  ): Promise<Organisation> {
    const mayEdit = a.checked.mayAdminister;
    return {
      id: row.id,
      name: row.name,
      orgtypeId: row.orgtypeId,
      countryId: row.countryId,
      orgAddress1: row.orgAddress1,
      orgAddress2: row.orgAddress2,
      orgAddress3: row.orgAddress3,
      compReportEmail: row.compReportEmail,
      alertEmail: row.alertEmail,
      poNumber: row.poNumber,
      dataPoNumber: row.dataPoNumber,
      lastYearProductPo: row.lastYearProductPo,
      lastYearDataloadingPo: row.lastYearDataloadingPo,
      subscriptionExpiry: row.subscriptionExpiry,
      statusId: row.statusId,
      finrepId: row.finrepId,
      reportingUnitId: row.reportingUnitId,
      loadId: row.loadId,
      graphingOrder: row.graphingOrder,
      emissionFactorDataSourceId: row.emissionFactorDataSourceId,
      reportingYearEnd: row.reportingYearEnd,
      alertSettings: row.alertSettings,
      logo: row.logo,
      consTarget: numberOrNull(row.consTarget),
      co2eTarget: numberOrNull(row.co2eTarget),
      ownFactors: row.ownFactors,
      timeZone: row.timeZone,
      timeZoneMove: move === undefined ? await timeZones.latestMove(row.id) : move,
      mayEdit,
      mayEnable: a.principal.productAdmin,
    };
  }

  async function load(tx: DbOrTx, id: number) {
    const row = await q.findOrganisation(tx, id);
    if (!row) throw notFound();
    return row;
  }

  /** Names are unique across organisations, closed (disabled) ones included. */
  async function assertNameFree(tx: DbOrTx, name: string, exceptId?: number) {
    const taken = await q.findByName(tx, name, exceptId);
    if (!taken) return;
    const message =
      taken.statusId === ORGANISATION_STATUS.disabled
        ? MSG.organisationClosedNameInUse
        : MSG.organisationNameInUse;
    throw badRequest(message, { name: [message] });
  }

  async function assertSourceVisible(tx: DbOrTx, organisationId: number, sourceId: number | null) {
    if (sourceId === null) return;
    const sources = await q.factorSources(tx, organisationId);
    if (!sources.some((s) => s.id === sourceId)) {
      throw badRequest(MSG.factorSourceUnknown, { emissionFactorDataSourceId: [MSG.factorSourceUnknown] });
    }
  }

  /** One audit row on the organisation itself. */
  function writeAudit(
    tx: DbOrTx,
    a: Caller,
    org: { id: number; name: string },
    action: string,
    changes: ReturnType<typeof diff>,
  ) {
    return audit(tx, a, {
      organisationId: org.id,
      action,
      asset: { type: 'organisation', id: org.id, name: org.name },
      changes,
    });
  }

  return {
    async get(a: Caller, id: number) {
      // The move before the row: one transaction writes a finished move and its zone, so a move read as
      // finished is always shown with the zone it moved to.
      const move = await timeZones.latestMove(id);
      return toOrganisation(a, await load(db, id), move);
    },

    /**
     * Saves every editable field. A new emission factor source marks every meter of the organisation
     * pending and answers at once; the recompute job redoes their facts in batches while the screens
     * re-poll (docs/domain.md, Recompute).
     */
    async update(a: Caller, id: number, body: OrganisationUpdate) {
      const { row, marked } = await db.transaction(async (tx) => {
        const before = await load(tx, id);
        await assertNameFree(tx, body.name, id);
        await assertSourceVisible(tx, id, body.emissionFactorDataSourceId);
        const after = await q.updateOrganisation(tx, id, body);
        await writeAudit(tx, a, before, 'update', diff(before, body as Record<string, unknown>));
        // Written on every save, after the row lock the update took: `before` may be stale under concurrent
        // saves, and the source history must match the column the save leaves. Whether the source changed is
        // read from the history the save replaced (two concurrent saves, own then default, each saw the
        // other's `before` and the second marked nothing, leaving facts of the old source marked fresh).
        // Only what the own sets involved cover is restated: from their first day, their data types' meters
        // (docs/decisions/ledger.md, The factor in force); the default set fills every other day either way.
        const involved = [...(await sourcesChosen(tx, id)), before.emissionFactorDataSourceId];
        const reach = await factorSourceReach(
          tx,
          id,
          involved.filter((s): s is number => typeof s === 'number'),
        );
        const newSource = body.emissionFactorDataSourceId ?? null;
        const historyChanged = await setFactorSource(tx, id, newSource, reach.from ?? EVERY_DAY);
        const sourceChanged =
          historyChanged || before.emissionFactorDataSourceId !== body.emissionFactorDataSourceId;
        const marked = sourceChanged ? await markPending(tx, id, reach.meterIds) : 0;
        return { row: after ?? before, marked };
      });
      // Should the ask fail, the job's one-minute schedule drains the meters anyway.
      if (marked > 0) await jobQueue.send(recomputePendingJob.name).catch(() => {});
      return toOrganisation(a, row);
    },

    /** Whether the organisation's figures are fresh, or how many meters the recompute job still has to do. */
    async ledgerStatus(_a: Caller, id: number): Promise<LedgerStatus> {
      const pendingMeters = await pendingCount(db, id);
      return { pendingMeters, fresh: pendingMeters === 0 };
    },

    /** One alert setting, kept in the spec's JSON text; counts are whole numbers of at least 0, or empty. */
    async saveSetting(a: Caller, id: number, { key, value, moveHalfHours }: SettingRequest) {
      if (key === 'timeZone') {
        await timeZones.change(a, await load(db, id), value, moveHalfHours === true);
        return toOrganisation(a, await load(db, id));
      }
      if (!(ALERT_SETTING_KEYS as readonly string[]).includes(key)) {
        throw badRequest(MSG.settingUnknown, { key: [MSG.settingUnknown] });
      }
      const k = key as AlertSettingKey;
      let next: boolean | number | null;
      if (k.endsWith('Enabled')) {
        if (typeof value !== 'boolean' && value !== 'true' && value !== 'false') {
          throw badRequest(MSG.validation, { [k]: [MSG.validation] });
        }
        next = value === true || value === 'true';
      } else {
        const text = value === null ? '' : String(value).trim();
        if (text !== '' && !/^\d{1,9}$/.test(text)) {
          throw badRequest(MSG.alertCountInteger, { [k]: [MSG.alertCountInteger] });
        }
        next = text === '' ? null : Number(text);
      }
      const row = await db.transaction(async (tx) => {
        const org = await load(tx, id);
        const current = parseAlertSettings(org.alertSettings);
        const alertSettings = JSON.stringify({ ...current, [k]: next });
        await writeAudit(tx, a, org, 'update setting', diff({ [k]: current[k] ?? null }, { [k]: next }));
        return q.updateOrganisation(tx, id, { alertSettings });
      });
      if (!row) throw notFound();
      return toOrganisation(a, row);
    },

    async saveTarget(a: Caller, id: number, body: TargetRequest) {
      const values: q.OrganisationValues = {};
      if (body.co2e !== undefined) values.co2eTarget = body.co2e === null ? null : String(body.co2e);
      if (body.cons !== undefined) values.consTarget = body.cons === null ? null : String(body.cons);
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, id);
        await writeAudit(tx, a, before, 'update target', diff(before, values));
        return q.updateOrganisation(tx, id, values);
      });
      if (!row) throw notFound();
      return toOrganisation(a, row);
    },

    /** Disabling blocks every member; only a product administrator can then enter and enable it again. */
    async setEnabled(a: Caller, id: number, enabled: boolean) {
      if (!enabled) await assertNotTestDriveOrganisation(db, a.principal, id);
      const statusId = enabled ? ORGANISATION_STATUS.enabled : ORGANISATION_STATUS.disabled;
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, id);
        await writeAudit(tx, a, before, enabled ? 'enable' : 'disable', diff(before, { statusId }));
        return q.updateOrganisation(tx, id, { statusId });
      });
      if (!row) throw notFound();
      return {
        success: true as const,
        message: fill(enabled ? MSG.organisationEnabled : MSG.organisationDisabled, { name: row.name }),
      };
    },

    /** Add Organisation (product administrators); the client then switches to it. */
    async create(a: Caller, body: CreateOrganisationRequest) {
      const parsed = createOrganisationRequest.parse(body);
      const values = { ...parsed, timeZone: ianaZoneOf(parsed.timeZone) };
      const row = await db.transaction(async (tx) => {
        await assertNameFree(tx, values.name);
        const made = await q.insertOrganisation(tx, values);
        await writeAudit(tx, a, made, 'create', created(values as Record<string, unknown>));
        return made;
      });
      return {
        success: true as const,
        message: fill(MSG.organisationCreated, { name: row.name }),
        data: await toOrganisation(a, row),
      };
    },

    async factorSources(_a: Caller, id: number) {
      return q.factorSources(db, id);
    },

    async listExpiries(_a: Caller, id: number) {
      return (await q.listExpiries(db, id)).map(toExpiry);
    },

    async addExpiry(a: Caller, id: number, body: ProcurementExpiryRequest) {
      return db.transaction(async (tx) => {
        const org = await load(tx, id);
        const row = await q.insertExpiry(tx, { organisationId: id, ...body });
        await writeAudit(tx, a, org, 'add expiry', created(toExpiry(row)));
        return toExpiry(row);
      });
    },

    async updateExpiry(a: Caller, id: number, expiryId: number, body: ProcurementExpiryRequest) {
      return db.transaction(async (tx) => {
        const org = await load(tx, id);
        const old = (await q.listExpiries(tx, id)).find((e) => e.id === expiryId);
        const row = await q.updateExpiry(tx, id, expiryId, body);
        if (!row || !old) throw notFound();
        await writeAudit(tx, a, org, 'update expiry', diff(toExpiry(old), toExpiry(row)));
        return toExpiry(row);
      });
    },

    async deleteExpiry(a: Caller, id: number, expiryId: number) {
      return db.transaction(async (tx) => {
        const org = await load(tx, id);
        const old = (await q.listExpiries(tx, id)).find((e) => e.id === expiryId);
        if (!old || !(await q.deleteExpiry(tx, id, expiryId))) throw notFound();
        await writeAudit(tx, a, org, 'delete expiry', diff(toExpiry(old), null));
        return { success: true as const };
      });
    },

    ...createOrganisationOverview({ db }),
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
