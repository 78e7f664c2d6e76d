import type { Db } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import type { JobDefinition } from './job-definition';
import { crashJobRecord, createJobRecord, finishJobRecord, startJobRecord } from './job-records';

/**
 * The jobs centre's rows of runs that do not keep their own (docs/decisions/job-runner.md, Job kinds in the jobs
 * centre): the runner opens one per pg-boss run from the job's `record`, keyed by pg-boss's id so a retry of
 * the same run carries on the same row, and closes it from the handler's answer.
 */

/** Opens (or, on a retry, takes up again) the run's row; null when the run was cancelled from the jobs centre. */
export async function openRun(db: Db, job: JobDefinition, bossId: string, data: object) {
  if (!job.record) return null;
  const found = await db.execute<{ id: number }>(
    sql`select id from background_jobs where boss_id = ${bossId}::uuid`,
  );
  let id = found.rows[0]?.id;
  if (id === undefined) {
    const run = await job.record.describe(data, db);
    id = await createJobRecord(db, {
      queue: job.name,
      kind: run.kind,
      title: run.title,
      ownerId: run.ownerId,
      organisationId: run.organisationId,
      parameters: run.parameters ?? {},
    });
    await db.execute(sql`update background_jobs set boss_id = ${bossId}::uuid where id = ${id}`);
  }
  const started = await startJobRecord(db, id);
  return started ? id : null;
}

/** Closes the run's row from the handler's answer. */
export async function closeRun(db: Db, job: JobDefinition, id: number, data: object, output: unknown) {
  if (job.record?.keep && !job.record.keep(output)) {
    await db.execute(sql`delete from background_jobs where id = ${id}`);
    return;
  }
  const outcome = job.record?.outcome ? await job.record.outcome(output, data, db) : { result: output };
  // The file's name goes with the result, which the page shows; its key stays in result_file.
  const result =
    outcome.file && typeof outcome.result === 'object' && outcome.result !== null
      ? { ...outcome.result, downloadName: outcome.file.filename }
      : outcome.file
        ? { downloadName: outcome.file.filename }
        : (outcome.result ?? null);
  await db.execute(sql`update background_jobs set result_file = ${outcome.file?.key ?? null},
    refused = ${outcome.refused ? JSON.stringify(outcome.refused) : null}::jsonb,
    result = ${JSON.stringify(result)}::jsonb where id = ${id}`);
  if (outcome.error) {
    await crashJobRecord(db, id, outcome.error, false);
    return;
  }
  await finishJobRecord(db, id, result, outcome.message);
}

/** A handler that threw: the run is Crashed and pg-boss tries it again (its row carries on). */
export async function crashRun(db: Db, id: number, error: unknown) {
  await crashJobRecord(db, id, error instanceof Error ? error.message : String(error), true);
}
