import type { Restatement, RestatementPreview } from '@verdant/contracts/catalogue-restatements';
import type { Db, Tx } from '@verdant/db/client';
import { loadLedger } from '@verdant/db/ledger/queries';
import { factRows, recomputeFacts, recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { EDITION_MSG } from '@verdant/domain/editions/edition-messages';
import {
  type Deltas,
  deltasOf,
  type FactEmissions,
  mergeDeltas,
  type OrganisationInfo,
  previewOf,
} from '@verdant/domain/editions/restatement-preview';
import { fill } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../lib/errors';
import * as d from './restatement-deltas.queries';
import { monthRates } from './restatement-rates';
import * as q from './restatements.queries';

/**
 * Running a restatement (docs/decisions/catalogue.md, Restatements): its preview applies the change in a
 * transaction that is rolled back and sums what the new rates would move; confirming applies it for good in one
 * transaction with every fact it moves, the facts it replaced kept.
 */

/** A change a restatement makes: what it writes, and the meters whose figures it can move. */
export interface Change {
  apply: (tx: Tx) => Promise<void>;
  meters: (tx: Tx) => Promise<number[]>;
  /** The one organisation an organisation's own change moves (its statements pinned to it); none for the catalogue's. */
  organisationId?: number;
}

const ROLLBACK = Symbol('preview rolled back');
/** One organisation's restatements take turns (an advisory lock per organisation, held by the transaction). */
const RESTATE_LOCK = 74233;
/** Meters recomputed between two progress reports. */
const RECOMPUTE_BATCH = 500;

/** The facts of some meters as the ledger computes them now, those that count in emissions. */
async function ledgerFacts(
  tx: Tx,
  meters: number[],
  now: Date,
  organisationId: number | undefined,
): Promise<FactEmissions[]> {
  if (meters.length === 0) return [];
  return factRows(await loadLedger(tx, meters, organisationId), now)
    .filter((f) => f.countsEmissions)
    .map((f) => ({
      organisationId: f.organisationId,
      meterId: f.meterId,
      month: f.month,
      s1: Number(f.co2eScope1 ?? 0),
      s2Location: Number(f.co2eScope2Location ?? 0),
      s2Market: Number(f.co2eScope2Market ?? 0),
      s3: Number(f.co2eScope3 ?? 0),
    }));
}

/** The organisations of some meters, as a preview names them. */
async function organisationsOf(tx: Tx, meters: readonly number[], organisationId: number | undefined) {
  if (organisationId !== undefined) return q.organisationInfos(tx, [organisationId]);
  const rows = await tx.execute<{ id: number }>(sql`
    select distinct organisation_id as id from meters where id = any(${sql.param([...meters])}::int[])`);
  return q.organisationInfos(
    tx,
    rows.rows.map((r) => r.id),
  );
}

/** A preview of some moves: each moved organisation's years before, and the moves added to them. */
async function previewFrom(tx: Tx, deltas: Deltas, infos: OrganisationInfo[]) {
  const moved = [...new Set(deltas.years.map((y) => y.organisationId))];
  return previewOf(deltas, infos, await q.yearTotals(tx, moved));
}

/**
 * What the change would move, computed and rolled back (docs/decisions/catalogue.md, Restatement speed): the
 * change is applied in a transaction, the new rates found month by month, and the facts moved in SQL by their
 * quantities times the rates moved; the few meters whose months change rate part-way are recomputed by the
 * ledger without being stored.
 */
export async function simulate(db: Db, change: Change, now: Date): Promise<RestatementPreview> {
  let preview: RestatementPreview | undefined;
  try {
    await db.transaction(async (tx) => {
      const meters = await change.meters(tx);
      const o = change.organisationId;
      const infos = await organisationsOf(tx, meters, o);
      await change.apply(tx);
      const plan = await monthRates(tx, meters, o);
      const uniform = await d.rateDeltas(tx, plan.uniform, plan.rates, o);
      const exact = deltasOf(
        await q.factsOf(tx, plan.exact, o),
        await ledgerFacts(tx, plan.exact, now, o),
        infos,
      );
      preview = await previewFrom(tx, mergeDeltas(uniform, exact), infos);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  if (!preview) throw new Error('preview not computed');
  return preview;
}

/**
 * Applies a change with every figure it moves, in the caller's transaction: the affected organisations are
 * locked (another restatement of one of them is refused, not queued), the facts replaced are kept, the meters
 * recomputed, and what moved returned (the kept facts against the new ones, summed in SQL).
 */
export async function applyChange(
  tx: Tx,
  restatementId: number,
  change: Change,
  now: Date,
  progress: (done: number, total: number) => Promise<void> = async () => {},
) {
  const meters = await change.meters(tx);
  const infos = await organisationsOf(tx, meters, change.organisationId);
  for (const o of [...infos].sort((a, b) => a.id - b.id)) {
    const got = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${RESTATE_LOCK}, ${o.id}) as ok`,
    );
    if (!got.rows[0]?.ok)
      throw badRequest(fill(EDITION_MSG.restatementBusy, { organisation: o.name, years: 'its figures' }));
  }
  await q.keepFacts(tx, restatementId, meters);
  await change.apply(tx);
  // In batches, so the jobs centre shows honest progress (the batches share the one transaction).
  await progress(0, meters.length);
  for (let i = 0; i < meters.length; i += RECOMPUTE_BATCH) {
    const batch = meters.slice(i, i + RECOMPUTE_BATCH);
    if (change.organisationId === undefined) await recomputeFacts(tx, batch, now);
    else await recomputeOrganisationFacts(tx, change.organisationId, batch, now);
    await progress(Math.min(i + RECOMPUTE_BATCH, meters.length), meters.length);
  }
  // The years before are the kept facts' years: the totals now less what moved.
  const deltas = await d.keptDeltas(tx, restatementId, meters);
  const after = await q.yearTotals(tx, [...new Set(deltas.years.map((y) => y.organisationId))]);
  const before = after.map((t) => {
    const moved = deltas.years.find((y) => y.organisationId === t.organisationId && y.year === t.year);
    return moved
      ? {
          ...t,
          s1: t.s1 - moved.s1,
          s2Location: t.s2Location - moved.s2Location,
          s2Market: t.s2Market - moved.s2Market,
          s3: t.s3 - moved.s3,
        }
      : t;
  });
  return previewOf(deltas, infos, before);
}

export const toRestatement = (r: q.RestatementRow): Restatement => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  reason: r.reason,
  organisationId: r.organisation_id,
  edition: r.edition_id === null ? null : { id: r.edition_id, name: r.edition_name ?? '' },
  previousEdition:
    r.previous_edition_id === null
      ? null
      : { id: r.previous_edition_id, name: r.previous_edition_name ?? '' },
  proposedBy: r.proposed_by,
  proposedAt: r.proposed_at,
  jobId: r.job_id,
  confirmedBy: r.confirmed_by,
  confirmedAt: r.confirmed_at,
  preview: r.preview,
});
