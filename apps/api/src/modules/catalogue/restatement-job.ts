import type { Db } from '@verdant/db/client';
import { EDITION_MSG } from '@verdant/domain/editions/edition-messages';
import { fill } from '@verdant/domain/messages';
import {
  cancelJobRecord,
  cancelWasRequested,
  crashJobRecord,
  finishJobRecord,
  jobLog,
  jobProgress,
  startJobRecord,
} from '../../jobs/job-records';
import { AppError } from '../../lib/errors';
import { choiceChange, choiceStamp, type Policy } from './edition-policy.service';
import { applyChange } from './restatement-run';
import * as q from './restatements.queries';
import { catalogueStamp, editionChangeOf } from './restatements.service';

const plural = (n: number, word: string) => `${n.toLocaleString('en-NZ')} ${word}${n === 1 ? '' : 's'}`;

class Cancelled extends Error {}
class Refused extends Error {
  constructor(
    message: string,
    readonly status: 'failed' | 'stale',
  ) {
    super(message);
  }
}

/**
 * The Emission Factor Update (docs/decisions/catalogue.md, Restatements applied as a job): applies one confirmed
 * restatement in one transaction, its progress and log on the jobs centre's row. A worker that dies midway leaves
 * every fact as it was (the transaction dies with it) and the runner runs it again; a restatement whose preview no
 * longer holds, or that someone cancelled, ends without changing anything.
 */
export async function runRestatementJob(db: Db, jobId: number, now: Date) {
  const job = await startJobRecord(db, jobId);
  if (!job) return { skipped: true };
  const restatementId = Number(job.parameters.restatementId);
  try {
    const preview = await db.transaction(async (tx) => {
      const r = await q.restatement(tx, restatementId, true);
      if (r?.status !== 'running')
        throw new Refused(
          fill(EDITION_MSG.restatementNotProposed, { status: r?.status ?? 'gone' }),
          'failed',
        );
      const userId = r.confirmed_by_id ?? job.owner_id ?? 0;
      const organisationId = r.organisation_id ?? 0;
      const change =
        r.kind === 'publish'
          ? await editionChangeOf(tx, r, userId)
          : choiceChange(organisationId, r.change.policy as Policy, userId);
      const stamp = r.kind === 'publish' ? await catalogueStamp(tx) : await choiceStamp(tx, organisationId);
      if (stamp !== r.change.stamp) throw new Refused(EDITION_MSG.restatementStale, 'stale');
      const moved = await applyChange(tx, restatementId, change, now, async (done, total) => {
        if (done === 0) await jobLog(db, jobId, `Recomputing ${plural(total, 'data source')}`);
        await jobProgress(db, jobId, done, total);
      });
      if (await cancelWasRequested(db, jobId)) throw new Cancelled();
      await q.finish(tx, restatementId, userId, moved);
      return moved;
    });
    const result = {
      restatementId,
      organisations: preview.organisations,
      meters: preview.meters,
      kgCo2eMoved: preview.kgCo2eMoved,
    };
    await finishJobRecord(
      db,
      jobId,
      result,
      `Finished: the figures of ${plural(preview.meters, 'data source')} in ${plural(preview.organisations, 'organisation')} moved`,
    );
    return result;
  } catch (error) {
    if (error instanceof Cancelled) {
      await q.endRestatement(db, restatementId, 'cancelled');
      await cancelJobRecord(db, jobId, 'Cancelled: no figure was changed');
      return { cancelled: true };
    }
    if (error instanceof Refused || (error instanceof AppError && error.status < 500)) {
      await q.endRestatement(db, restatementId, error instanceof Refused ? error.status : 'failed');
      await crashJobRecord(db, jobId, `${error.message} (no figure was changed)`, false);
      return { refused: error.message };
    }
    await crashJobRecord(db, jobId, error instanceof Error ? error.message : String(error), true);
    throw error;
  }
}
