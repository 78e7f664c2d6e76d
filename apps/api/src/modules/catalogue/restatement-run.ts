import type { Restatement, RestatementPreview } from '@verdant/contracts/catalogue-restatements';
import type { Db, Tx } from '@verdant/db/client';
import { loadLedger } from '@verdant/db/ledger/queries';
import { factRows, recomputeFacts } from '@verdant/db/ledger/recompute';
import { EDITION_MSG } from '@verdant/domain/editions/edition-messages';
import { comparePreview, type FactEmissions } from '@verdant/domain/editions/restatement-preview';
import { fill } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../lib/errors';
import * as q from './restatements.queries';

/**
 * Running a restatement (docs/decisions/catalogue.md, Restatements): its preview applies the change in a
 * transaction that is rolled back, recomputing the affected meters' facts without storing them; confirming
 * applies it for good in one transaction with every fact it moves, the facts it replaced kept.
 */

/** A change a restatement makes: what it writes, and the meters whose figures it can move. */
export interface Change {
  apply: (tx: Tx) => Promise<void>;
  meters: (tx: Tx) => Promise<number[]>;
}

const ROLLBACK = Symbol('preview rolled back');
/** One organisation's restatements take turns (an advisory lock per organisation, held by the transaction). */
const RESTATE_LOCK = 74233;
/** Meters recomputed between two progress reports. */
const RECOMPUTE_BATCH = 200;

/** What the change would move, computed and rolled back. */
export async function simulate(db: Db, change: Change, now: Date): Promise<RestatementPreview> {
  let preview: RestatementPreview | undefined;
  try {
    await db.transaction(async (tx) => {
      const meters = await change.meters(tx);
      const before = await q.factsOf(tx, meters);
      const totals = await previewTotals(tx, before);
      await change.apply(tx);
      const after: FactEmissions[] = factRows(await loadLedger(tx, meters), now)
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
      preview = comparePreview(before, after, totals.infos, totals.years);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  if (!preview) throw new Error('preview not computed');
  return preview;
}

async function previewTotals(tx: Tx, facts: FactEmissions[]) {
  const orgIds = [...new Set(facts.map((f) => f.organisationId))];
  const [infos, years] = await Promise.all([q.organisationInfos(tx, orgIds), q.yearTotals(tx, orgIds)]);
  return { infos, years };
}

/**
 * Applies a change with every figure it moves, in the caller's transaction: the affected organisations are
 * locked (another restatement of one of them is refused, not queued), the facts replaced are kept, the meters
 * recomputed, and what moved returned.
 */
export async function applyChange(
  tx: Tx,
  restatementId: number,
  change: Change,
  now: Date,
  progress: (done: number, total: number) => Promise<void> = async () => {},
) {
  const meters = await change.meters(tx);
  const before = await q.factsOf(tx, meters);
  const orgs = await tx.execute<{ id: number; name: string }>(sql`
    select distinct o.id, o.name from meters m join organisations o on o.id = m.organisation_id
    where m.id = any(${sql.param(meters)}::int[]) order by o.id`);
  for (const o of orgs.rows) {
    const got = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${RESTATE_LOCK}, ${o.id}) as ok`,
    );
    if (!got.rows[0]?.ok)
      throw badRequest(fill(EDITION_MSG.restatementBusy, { organisation: o.name, years: 'its figures' }));
  }
  const totals = await previewTotals(tx, before);
  await q.keepFacts(tx, restatementId, meters);
  await change.apply(tx);
  // In batches, so the jobs centre shows honest progress (the batches share the one transaction).
  await progress(0, meters.length);
  for (let i = 0; i < meters.length; i += RECOMPUTE_BATCH) {
    await recomputeFacts(tx, meters.slice(i, i + RECOMPUTE_BATCH), now);
    await progress(Math.min(i + RECOMPUTE_BATCH, meters.length), meters.length);
  }
  const after = await q.factsOf(tx, meters);
  return comparePreview(before, after, totals.infos, totals.years);
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
