import type { DbOrTx } from '@verdant/db/client';
import { consumptionRecords } from '@verdant/db/schema/inputs';
import { and, eq, sql } from 'drizzle-orm';

export type RecordRow = {
  id: number;
  dateFrom: string;
  dateTill: string;
  units: string;
  unit: string;
  attachmentId: number | null;
  attachmentFilename: string | null;
};

/** A meter's consumption records in date order, each with its unit and its attachment's name. */
export async function listRecords(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  recordId?: number,
): Promise<RecordRow[]> {
  const rows = await db.execute<RecordRow>(sql`
    select r.id, r.date_from::text as "dateFrom", r.date_till::text as "dateTill", r.units::text as units,
      u.name as unit, f.id as "attachmentId", f.filename as "attachmentFilename"
    from consumption_records r join units u on u.id = r.unit_id
    left join files f on f.organisation_id = r.organisation_id and f.id = r.attachment_id
      and f.owner_type = 'meter' and f.owner_id = r.meter_id
    where r.organisation_id = ${organisationId} and r.meter_id = ${meterId}
      ${recordId === undefined ? sql`` : sql`and r.id = ${recordId}`}
    order by r.date_from, r.id`);
  return rows.rows;
}

/** Whether a file is one of the meter's own files. */
export async function isMeterFile(db: DbOrTx, organisationId: number, meterId: number, fileId: number) {
  const rows = await db.execute(sql`select 1 from files where organisation_id = ${organisationId}
    and id = ${fileId} and owner_type = 'meter' and owner_id = ${meterId}`);
  return rows.rows.length > 0;
}

export async function insertRecords(db: DbOrTx, rows: (typeof consumptionRecords.$inferInsert)[]) {
  const inserted = await db.insert(consumptionRecords).values(rows).returning({ id: consumptionRecords.id });
  return inserted.map((r) => r.id);
}

export async function updateRecord(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  recordId: number,
  values: Partial<typeof consumptionRecords.$inferInsert>,
) {
  await db
    .update(consumptionRecords)
    .set(values)
    .where(
      and(
        eq(consumptionRecords.organisationId, organisationId),
        eq(consumptionRecords.meterId, meterId),
        eq(consumptionRecords.id, recordId),
      ),
    );
}

export async function deleteRecord(db: DbOrTx, organisationId: number, meterId: number, recordId: number) {
  await db
    .delete(consumptionRecords)
    .where(
      and(
        eq(consumptionRecords.organisationId, organisationId),
        eq(consumptionRecords.meterId, meterId),
        eq(consumptionRecords.id, recordId),
      ),
    );
}
