import type { ImportJob } from '@verdant/contracts/imports';
import type { DbOrTx } from '@verdant/db/client';
import { importJobs, importMappings } from '@verdant/db/schema/imports';
import { and, eq, sql } from 'drizzle-orm';

export type ImportJobRow = typeof importJobs.$inferSelect;

const JOB_COLUMNS = sql`j.uuid, j.filename, j.format, j.status, j.size_bytes::float8 as "sizeBytes",
  j.bytes_read::float8 as "bytesRead", j.lines_read as "linesRead", j.readings, j.days, j.meters, j.records,
  j.skipped, j.refused_rows as "refusedRows", j.error, coalesce(j.notes, '{}') as notes, j.refusals,
  j.report_key is not null as "hasReport",
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.surname, '')), '') as "uploadedBy",
  to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
  to_char(j.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "finishedAt"`;

type ListedRow = Omit<ImportJob, 'progress'> & { bytesRead: number };
const toJob = ({ bytesRead, ...r }: ListedRow): ImportJob => ({
  ...r,
  progress:
    r.status === 'finished'
      ? 100
      : r.sizeBytes > 0
        ? Math.min(100, Math.floor((bytesRead / r.sizeBytes) * 100))
        : 0,
});

/** The organisation's load jobs, newest first (the /loading page). */
export async function listJobs(db: DbOrTx, organisationId: number, limit: number): Promise<ImportJob[]> {
  const rows = await db.execute<ListedRow>(sql`
    select ${JOB_COLUMNS} from import_jobs j left join users u on u.id = j.created_by
    where j.organisation_id = ${organisationId} order by j.created_at desc, j.uuid limit ${limit}`);
  return rows.rows.map(toJob);
}

/** One load job of the organisation as the status call shows it, or undefined. */
export async function jobView(
  db: DbOrTx,
  organisationId: number,
  uuid: string,
): Promise<ImportJob | undefined> {
  const rows = await db.execute<ListedRow>(sql`
    select ${JOB_COLUMNS} from import_jobs j left join users u on u.id = j.created_by
    where j.organisation_id = ${organisationId} and j.uuid = ${uuid}`);
  const row = rows.rows[0];
  return row ? toJob(row) : undefined;
}

export async function findJob(db: DbOrTx, uuid: string, organisationId?: number) {
  const [row] = await db
    .select()
    .from(importJobs)
    .where(
      organisationId === undefined
        ? eq(importJobs.uuid, uuid)
        : and(eq(importJobs.uuid, uuid), eq(importJobs.organisationId, organisationId)),
    );
  return row;
}

export async function insertJob(db: DbOrTx, values: typeof importJobs.$inferInsert) {
  const [row] = await db.insert(importJobs).values(values).returning({ uuid: importJobs.uuid });
  if (!row) throw new Error('import job not inserted');
  return row.uuid;
}

export async function updateJob(db: DbOrTx, uuid: string, values: Partial<typeof importJobs.$inferInsert>) {
  await db.update(importJobs).set(values).where(eq(importJobs.uuid, uuid));
}

/** The latest job of the organisation that imported the same bytes whole, with what it produced, if any. */
export async function finishedWithSameBytes(
  db: DbOrTx,
  organisationId: number,
  sha256: string,
  uuid: string,
) {
  const rows = await db.execute<{ uuid: string; finished: string; produced: unknown }>(sql`
    select uuid, to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as finished, produced
    from import_jobs
    where organisation_id = ${organisationId} and sha256 = ${sha256} and status = 'finished'
      and duplicate_of is null and uuid <> ${uuid}
    order by finished_at desc, created_at desc limit 1`);
  return rows.rows[0];
}

export async function rememberMapping(
  db: DbOrTx,
  organisationId: number,
  headerKey: string,
  mapping: object,
) {
  await db
    .insert(importMappings)
    .values({ organisationId, headerKey, mapping })
    .onConflictDoUpdate({
      target: [importMappings.organisationId, importMappings.headerKey],
      set: { mapping, updatedAt: sql`now()` },
    });
}

/** The mapping the organisation used for this header row, if it used one. */
export async function mappingFor(db: DbOrTx, organisationId: number, headerKey: string) {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.organisationId, organisationId), eq(importMappings.headerKey, headerKey)));
  return row?.mapping;
}

/** The organisation's time zone, for the job's clock. */
export async function timeZoneOf(db: DbOrTx, organisationId: number): Promise<string> {
  const rows = await db.execute<{ time_zone: string }>(
    sql`select time_zone from organisations where id = ${organisationId}`,
  );
  return rows.rows[0]?.time_zone ?? 'Pacific/Auckland';
}
