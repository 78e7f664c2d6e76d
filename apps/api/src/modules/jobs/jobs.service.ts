import type { Job, JobsList, newJob } from '@verdant/contracts/jobs';
import type { Db } from '@verdant/db/client';
import { MSG } from '@verdant/domain/messages';
import type { z } from 'zod';
import { audit, created } from '../../lib/audit';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './jobs.queries';

/** Jobs of an organisation: dated tasks; contracted permanent ones cannot be deleted. */
export function createJobsService({ db }: { db: Db }) {
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
      const { id } = await db.transaction(async (tx) => {
        const row = await q.insertJob(tx, { organisationId, ...body, createdBy: a.user.id });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'job', id: row.id },
          changes: created(body as Record<string, unknown>),
        });
        return row;
      });
      return find(organisationId, id);
    },

    async remove(a: Caller, organisationId: number, jobId: number): Promise<{ success: true }> {
      await db.transaction(async (tx) => {
        const job = await q.findJob(tx, organisationId, jobId);
        if (!job) throw notFound();
        if (job.permanent) throw new AppError('CONFLICT', MSG.jobPermanent, 409);
        await q.deleteJob(tx, organisationId, job.id);
        await audit(tx, a, { organisationId, action: 'delete', asset: { type: 'job', id: job.id } });
      });
      return { success: true };
    },

    async activeMeterJobs(a: Caller, organisationId: number): Promise<JobsList> {
      const { mayEdit } = a.checked;
      const visible = await visibleMetersOf(db, a, organisationId);
      return { jobs: await q.activeMeterJobs(db, organisationId, orgOf(a).today, visible), mayEdit };
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
