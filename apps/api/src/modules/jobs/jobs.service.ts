import type { Job, JobsList, newJob } from '@verdant/contracts/jobs';
import type { Db } from '@verdant/db/client';
import { MSG } from '@verdant/domain/messages';
import type { z } from 'zod';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { visibleMeters } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './jobs.queries';

/** Jobs of an organisation: dated tasks; contracted permanent ones cannot be deleted. */
export function createJobsService({ db, clock }: { db: Db; clock: () => Date }) {
  async function find(organisationId: number, jobId: number): Promise<Job> {
    const row = (await q.listJobs(db, organisationId)).find((j) => j.id === jobId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(a: Caller, organisationId: number): Promise<JobsList> {
      const { mayEdit } = a.checked;
      return { jobs: await q.listJobs(db, organisationId), mayEdit };
    },

    async create(a: Caller, organisationId: number, body: z.output<typeof newJob>): Promise<Job> {
      const { mayAdminister } = a.checked;
      // A permanent job is contracted and nobody can delete it, so only administrators may add one.
      if (body.permanent && !mayAdminister) throw forbidden();
      const { id } = await q.insertJob(db, { organisationId, ...body, createdBy: a.user.id });
      return find(organisationId, id);
    },

    async remove(_a: Caller, organisationId: number, jobId: number): Promise<{ success: true }> {
      await db.transaction(async (tx) => {
        const job = await q.findJob(tx, organisationId, jobId);
        if (!job) throw notFound();
        if (job.permanent) throw new AppError('CONFLICT', MSG.jobPermanent, 409);
        await q.deleteJob(tx, organisationId, job.id);
      });
      return { success: true };
    },

    async activeMeterJobs(a: Caller, organisationId: number): Promise<JobsList> {
      const { mayEdit } = a.checked;
      const visible = await visibleMeters(db, a.principal, organisationId);
      const today = clock().toISOString().slice(0, 10);
      return { jobs: await q.activeMeterJobs(db, organisationId, today, visible), mayEdit };
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
