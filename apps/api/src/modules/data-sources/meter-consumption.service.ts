import type {
  ConsumptionList,
  ConsumptionRecord,
  ConsumptionRow,
  ConsumptionUpdate,
} from '@verdant/contracts/data-sources/consumption';
import type { Db, Tx } from '@verdant/db/client';
import { lockMeters } from '@verdant/db/ledger/lock';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { editErrors, neighboursOf, newRowErrors, overlaps } from '@verdant/domain/consumption-records';
import { showsDataSourceTab } from '@verdant/domain/data-source-tabs';
import { fill, MSG } from '@verdant/domain/messages';
import { type AuditActor, audit, created, diff } from '../../lib/audit';
import type { ConsumptionEntry, ConsumptionWriter } from '../../lib/consumption-entry';
import { badRequest, notFound } from '../../lib/errors';
import { type InputMeter, inputMeter } from '../../lib/meter-inputs.queries';
import type { Caller } from '../../plugins/auth';
import * as q from './meter-consumption.queries';

/** Why a meter's records cannot be changed here, or null when they can. */
const readOnlyReason = (m: InputMeter) => (m.vehicleId === null ? null : MSG.consumptionFromVehicle);

/**
 * Consumption records (the Consumption tab): every member who sees the meter reads them; editors add, change
 * and delete them. Each write is one transaction that locks the meter, checks the rows against the stored
 * ones (the same rules as the dialog), writes its audit row and recomputes the meter's facts.
 */
export function createMeterConsumptionService({
  db,
  fileLink,
}: {
  db: Db;
  /** A short-lived direct link to one of the organisation's files. */
  fileLink: (fileId: number) => string;
}) {
  async function scope(tx: Db | Tx, a: Caller, meterId: number) {
    const organisationId = a.checked.organisationId;
    const meter = organisationId === null ? undefined : await inputMeter(tx, organisationId, meterId);
    if (organisationId === null || !meter) throw notFound();
    return { organisationId, meter };
  }

  /** The meter, locked, when its records may be changed here (else the tab's refusal). */
  async function lockedMeter(tx: Tx, organisationId: number, meterId: number) {
    const meter = await inputMeter(tx, organisationId, meterId);
    if (!meter) throw notFound();
    const reason = readOnlyReason(meter);
    if (reason) throw badRequest(reason);
    if (!showsDataSourceTab('consumption', meter, false)) throw badRequest(MSG.consumptionNotTaken);
    if (meter.unitId === null) throw badRequest(MSG.inputMeterNoUnit);
    await lockMeters(tx, [meterId], organisationId);
    return { organisationId, meter, unitId: meter.unitId };
  }

  /** The meter, locked; that the caller may edit it is the operations' declared rule. */
  async function writable(tx: Tx, a: Caller, meterId: number) {
    const { organisationId } = await scope(tx, a, meterId);
    return lockedMeter(tx, organisationId, meterId);
  }

  /** Adds rows to a locked meter with the tab's rules; answers their ids. */
  async function addRows(
    tx: Tx,
    actor: AuditActor | Caller,
    target: Awaited<ReturnType<typeof lockedMeter>>,
    rows: (ConsumptionRow & { attachmentId?: number | null })[],
  ) {
    const { organisationId, meter, unitId } = target;
    const existing = await q.listRecords(tx, organisationId, meter.id);
    const errors = newRowErrors(rows, existing, meter);
    const first = errors.find((e) => e !== null);
    if (first) {
      const fields = Object.fromEntries(
        errors.flatMap((e, i) => (e === null ? [] : [[String(i), [e]]])),
      ) as Record<string, string[]>;
      throw badRequest(first, fields);
    }
    for (const r of rows)
      if (r.attachmentId && !(await q.isMeterFile(tx, organisationId, meter.id, r.attachmentId)))
        throw badRequest(MSG.consumptionAttachmentUnknown, {
          attachmentId: [MSG.consumptionAttachmentUnknown],
        });
    const ids = await q.insertRecords(
      tx,
      rows.map((r) => ({
        organisationId,
        meterId: meter.id,
        unitId,
        dateFrom: r.dateFrom,
        dateTill: r.dateTill,
        units: String(r.units),
        attachmentId: r.attachmentId ?? null,
      })),
    );
    await audit(tx, actor, {
      organisationId,
      action: 'create',
      asset: { type: 'meter', id: meter.id, name: meter.name },
      changes: created({ consumptionRecords: rows.map((r, i) => ({ id: ids[i], ...r })) }),
    });
    await recomputeOrganisationFacts(tx, organisationId, [meter.id]);
    return ids;
  }

  /** Changes one record of a locked meter with the tab's rules. */
  async function changeRow(
    tx: Tx,
    actor: AuditActor | Caller,
    target: Awaited<ReturnType<typeof lockedMeter>>,
    recordId: number,
    body: ConsumptionUpdate,
  ) {
    const { organisationId, meter } = target;
    const meterId = meter.id;
    const records = await q.listRecords(tx, organisationId, meterId);
    const before = records.find((r) => r.id === recordId);
    if (!before) throw notFound();
    const errors = editErrors(body, neighboursOf(records, recordId), meter);
    const period = { dateFrom: body.dateFrom, dateTill: body.dateTill };
    if (Object.keys(errors).length === 0 && records.some((r) => r.id !== recordId && overlaps(r, period)))
      errors.dateFrom = MSG.consumptionOverlapsRecord;
    const [field, message] = Object.entries(errors)[0] ?? [];
    if (field && message) {
      const fields = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]));
      throw badRequest(message, fields);
    }
    if (
      body.attachmentId !== undefined &&
      body.attachmentId !== null &&
      !(await q.isMeterFile(tx, organisationId, meterId, body.attachmentId))
    )
      throw badRequest(MSG.consumptionAttachmentUnknown, {
        attachmentId: [MSG.consumptionAttachmentUnknown],
      });
    const after = {
      dateFrom: body.dateFrom,
      dateTill: body.dateTill,
      units: body.units,
      attachmentId: body.attachmentId === undefined ? before.attachmentId : body.attachmentId,
    };
    await q.updateRecord(tx, organisationId, meterId, recordId, { ...after, units: String(body.units) });
    await audit(tx, actor, {
      organisationId,
      action: 'update',
      asset: { type: 'meter', id: meterId, name: meter.name },
      changes: {
        consumptionRecord: { before: recordId, after: recordId },
        ...diff(
          {
            dateFrom: before.dateFrom,
            dateTill: before.dateTill,
            units: Number(before.units),
            attachmentId: before.attachmentId,
          },
          after,
        ),
      },
    });
    await recomputeOrganisationFacts(tx, organisationId, [meterId]);
  }

  /** The same write path for writers that are not a signed-in editor (lib/consumption-entry.ts). */
  const writer: ConsumptionWriter = {
    async add(tx, actor, organisationId, meterId, entry: ConsumptionEntry) {
      const [id] = await addRows(tx, actor, await lockedMeter(tx, organisationId, meterId), [entry]);
      if (id === undefined) throw notFound();
      return id;
    },
    async change(tx, actor, organisationId, meterId, recordId, entry) {
      await changeRow(tx, actor, await lockedMeter(tx, organisationId, meterId), recordId, entry);
    },
  };

  const toRecord = (r: q.RecordRow): ConsumptionRecord => ({
    id: r.id,
    dateFrom: r.dateFrom,
    dateTill: r.dateTill,
    units: Number(r.units),
    unit: r.unit,
    attachmentId: r.attachmentId,
    attachmentFilename: r.attachmentFilename,
    attachmentUrl: r.attachmentId === null ? null : fileLink(r.attachmentId),
  });

  async function one(tx: Tx, organisationId: number, meterId: number, recordId: number) {
    const [row] = await q.listRecords(tx, organisationId, meterId, recordId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(a: Caller, meterId: number): Promise<ConsumptionList> {
      const { organisationId, meter } = await scope(db, a, meterId);
      const rows = await q.listRecords(db, organisationId, meterId);
      const reason = readOnlyReason(meter);
      return {
        records: rows.map(toRecord),
        unit: meter.unit,
        meterOpen: meter.meterOpen,
        meterClose: meter.meterClose,
        mayEdit: a.checked.mayEdit && reason === null,
        readOnlyReason: reason,
      };
    },

    writer,

    async create(a: Caller, meterId: number, rows: ConsumptionRow[]) {
      return db.transaction(async (tx) => {
        const target = await writable(tx, a, meterId);
        const ids = await addRows(tx, a, target, rows);
        const saved = await q.listRecords(tx, target.organisationId, meterId);
        return {
          success: true as const,
          message:
            rows.length === 1
              ? MSG.consumptionOneCreated
              : fill(MSG.consumptionCreated, { count: rows.length }),
          data: { consumption: saved.filter((r) => ids.includes(r.id)).map(toRecord) },
        };
      });
    },

    async update(a: Caller, meterId: number, recordId: number, body: ConsumptionUpdate) {
      return db.transaction(async (tx) => {
        const target = await writable(tx, a, meterId);
        await changeRow(tx, a, target, recordId, body);
        return {
          success: true as const,
          message: MSG.consumptionUpdated,
          data: toRecord(await one(tx, target.organisationId, meterId, recordId)),
        };
      });
    },

    async remove(a: Caller, meterId: number, recordId: number) {
      return db.transaction(async (tx) => {
        const { organisationId, meter } = await writable(tx, a, meterId);
        const before = await one(tx, organisationId, meterId, recordId);
        await q.deleteRecord(tx, organisationId, meterId, recordId);
        await audit(tx, a, {
          organisationId,
          action: 'delete',
          asset: { type: 'meter', id: meterId, name: meter.name },
          changes: {
            consumptionRecord: {
              before: {
                id: recordId,
                dateFrom: before.dateFrom,
                dateTill: before.dateTill,
                units: Number(before.units),
              },
              after: null,
            },
          },
        });
        await recomputeOrganisationFacts(tx, organisationId, [meterId]);
        return { success: true as const, message: MSG.consumptionDeleted };
      });
    },
  };
}

export type MeterConsumptionService = ReturnType<typeof createMeterConsumptionService>;
