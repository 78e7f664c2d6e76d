import {
  type EmissionFactor,
  type EmissionFactorInput,
  emissionFactorInput,
} from '@verdant/contracts/catalogue-admin';
import type { Db, DbOrTx } from '@verdant/db/client';
import { markPending, markPendingByDataTypes } from '@verdant/db/ledger/pending';
import { CAT } from '@verdant/domain/catalogue-messages';
import { fill } from '@verdant/domain/messages';
import type { JobQueue } from '../../jobs/job-definition';
import { recomputePendingJob } from '../../jobs/recompute-pending.job';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as admin from './catalogue-admin.queries';
import * as q from './catalogue-factors.queries';

const num = (v: string | null) => (v === null ? null : Number(v));

export const toFactor = (r: q.FactorRow): EmissionFactor => ({
  emissionFactorId: r.id,
  energyId: r.data_type_id,
  scopeId: r.scope,
  basis: r.scope2_basis,
  rate: Number(r.rate),
  co2: num(r.co2),
  ch4: num(r.ch4),
  n2o: num(r.n2o),
  startDate: r.start_date,
  endDate: r.end_date,
  dataSource: r.source_id,
  edition:
    r.edition_id === null
      ? null
      : { id: r.edition_id, name: r.edition_name ?? '', status: r.edition_status ?? '' },
  emission: r.notes,
  version: r.version,
});

const keyOf = (scope: number, basis: string | null) => `${scope}:${scope === 2 ? (basis ?? 'location') : ''}`;

/**
 * The emission factor editor (data-portal.md 4 "Emission factor: create if no id, update if id"; 5 "Emission
 * factor rate: numeric text only"). Factors entered by hand have no edition; a published edition's factors
 * never change (a correction is a new edition, docs/decisions/catalogue.md). Periods of one scope do not
 * overlap among the factors in force (hand entries and published editions); a change recomputes the meters
 * that use the data type in the background.
 */
export function createCatalogueFactorsService({ db, jobQueue }: { db: Db; jobQueue: JobQueue }) {
  async function context(tx: DbOrTx, dataTypeId: number, sourceId: number) {
    const [type] = await admin.adminTypes(tx, dataTypeId);
    const src = await q.source(tx, sourceId);
    if (!type || !src) throw notFound();
    return { type, src };
  }

  function check(body: ReturnType<typeof emissionFactorInput.parse>) {
    if (body.scopeId !== 2 && body.basis !== null)
      throw badRequest(CAT.factorScopeBasis, { basis: [CAT.factorScopeBasis] });
    if (body.endDate !== null && body.endDate < body.startDate)
      throw badRequest(CAT.factorEndBeforeStart, { endDate: [CAT.factorEndBeforeStart] });
    if (Math.abs(Number(body.rate)) >= 1e10)
      throw badRequest(CAT.factorRateNumber, { rate: [CAT.factorRateNumber] });
  }

  /** The factor in force (by hand, or of a published edition) whose period meets the new one, if any. */
  async function overlapping(
    tx: DbOrTx,
    dataTypeId: number,
    sourceId: number,
    body: ReturnType<typeof emissionFactorInput.parse>,
    exceptId?: number,
  ) {
    const key = keyOf(body.scopeId, body.basis);
    return (await q.factorsOf(tx, dataTypeId, sourceId)).find(
      (f) =>
        f.id !== exceptId &&
        keyOf(f.scope, f.scope2_basis) === key &&
        (f.edition_id === null || f.edition_status === 'published') &&
        f.start_date <= (body.endDate ?? '9999-12-31') &&
        (f.end_date ?? '9999-12-31') >= body.startDate,
    );
  }

  async function afterChange(tx: DbOrTx, src: { organisation_id: number | null }, dataTypeId: number) {
    return src.organisation_id === null
      ? markPendingByDataTypes(tx, [dataTypeId])
      : markPending(tx, src.organisation_id);
  }

  async function save(
    a: Caller,
    dataTypeId: number,
    sourceId: number,
    input: EmissionFactorInput,
    factorId?: number,
  ) {
    const body = emissionFactorInput.parse(input);
    check(body);
    const basis = body.scopeId === 2 ? (body.basis ?? 'location') : null;
    const { marked, row } = await db.transaction(async (tx) => {
      const { type, src } = await context(tx, dataTypeId, sourceId);
      await q.lockFactors(tx, dataTypeId);
      const before = factorId === undefined ? undefined : await q.factor(tx, factorId);
      if (factorId !== undefined) {
        if (!before || before.data_type_id !== dataTypeId || before.source_id !== sourceId) throw notFound();
        if (before.edition_id !== null && before.edition_status !== 'draft') {
          const message = fill(CAT.factorOfEdition, {
            name: before.edition_name ?? '',
            status: before.edition_status ?? '',
          });
          throw badRequest(message, { rate: [message] });
        }
      }
      const clash = await overlapping(tx, dataTypeId, sourceId, { ...body, basis }, factorId);
      if (clash && (before?.edition_id ?? null) === null) {
        const message = fill(CAT.factorOverlap, {
          scope: body.scopeId,
          from: clash.start_date,
          till: clash.end_date ?? 'open',
        });
        throw badRequest(message, { startDate: [message] });
      }
      const values: q.HandFactor = {
        dataTypeId,
        sourceId,
        scope: body.scopeId,
        basis,
        rate: body.rate,
        startDate: body.startDate,
        endDate: body.endDate,
        notes: body.notes,
        reason: body.reason,
      };
      let id = factorId;
      if (id === undefined) id = await q.insertHandFactor(tx, a, values);
      else await q.updateFactor(tx, a, id, values);
      const after = await q.factor(tx, id);
      if (!after) throw notFound();
      await audit(tx, a, {
        organisationId: src.organisation_id,
        action: before ? 'update factor' : 'create factor',
        asset: { type: 'data type', id: dataTypeId, name: type.name },
        changes: before
          ? diff(
              toFactor(before) as unknown as Record<string, unknown>,
              toFactor(after) as unknown as Record<string, unknown>,
            )
          : created(toFactor(after) as unknown as Record<string, unknown>),
      });
      // A draft edition's factors are not in force: nothing to recompute.
      const inForce = after.edition_id === null;
      return { row: after, marked: inForce ? await afterChange(tx, src, dataTypeId) : 0 };
    });
    if (marked > 0) await jobQueue.send(recomputePendingJob.name).catch(() => {});
    return { success: true as const, message: CAT.factorSaved, data: toFactor(row) };
  }

  return {
    async sources() {
      return q.sources(db);
    },

    async list(dataTypeId: number, sourceId: number): Promise<EmissionFactor[]> {
      await context(db, dataTypeId, sourceId);
      return (await q.factorsOf(db, dataTypeId, sourceId)).map(toFactor);
    },

    create: (a: Caller, dataTypeId: number, sourceId: number, input: EmissionFactorInput) =>
      save(a, dataTypeId, sourceId, input),

    update: (a: Caller, dataTypeId: number, sourceId: number, factorId: number, input: EmissionFactorInput) =>
      save(a, dataTypeId, sourceId, input, factorId),
  };
}

export type CatalogueFactorsService = ReturnType<typeof createCatalogueFactorsService>;
