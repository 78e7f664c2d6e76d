import type { DbOrTx } from '@verdant/db/client';
import { meters } from '@verdant/db/schema/assets';
import { jobs } from '@verdant/db/schema/organisation';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';

const columns = {
  id: jobs.id,
  dateFrom: jobs.dateFrom,
  dateTill: jobs.dateTill,
  text: jobs.text,
  permanent: jobs.permanent,
  meterId: jobs.meterId,
  meterName: meters.localName,
};

/** The organisation's own jobs (not data source notes), latest first. */
export async function listJobs(db: DbOrTx, organisationId: number) {
  return db
    .select(columns)
    .from(jobs)
    .leftJoin(meters, and(eq(meters.organisationId, jobs.organisationId), eq(meters.id, jobs.meterId)))
    .where(and(eq(jobs.organisationId, organisationId), isNull(jobs.meterId)))
    .orderBy(desc(jobs.dateFrom), desc(jobs.id));
}

/** Data source notes whose period covers the day, on live meters, optionally only the visible ones. */
export async function activeMeterJobs(
  db: DbOrTx,
  organisationId: number,
  day: string,
  visible: number[] | null,
) {
  return db
    .select(columns)
    .from(jobs)
    .innerJoin(meters, and(eq(meters.organisationId, jobs.organisationId), eq(meters.id, jobs.meterId)))
    .where(
      and(
        eq(jobs.organisationId, organisationId),
        isNotNull(jobs.meterId),
        isNull(meters.deletedAt),
        lte(jobs.dateFrom, day),
        or(isNull(jobs.dateTill), gte(jobs.dateTill, day)),
        visible === null ? undefined : inArray(jobs.meterId, visible.length ? visible : [-1]),
      ),
    )
    .orderBy(desc(jobs.dateFrom), desc(jobs.id));
}

export async function findJob(db: DbOrTx, organisationId: number, jobId: number) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.organisationId, organisationId), eq(jobs.id, jobId)));
  return row;
}

export async function insertJob(db: DbOrTx, values: typeof jobs.$inferInsert) {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  if (!row) throw new Error('job not inserted');
  return row;
}

export async function deleteJob(db: DbOrTx, organisationId: number, jobId: number) {
  await db.delete(jobs).where(and(eq(jobs.organisationId, organisationId), eq(jobs.id, jobId)));
}
