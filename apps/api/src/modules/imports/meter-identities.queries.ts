import type { DbOrTx } from '@verdant/db/client';
import { IMPORT_IDENTIFIER_LABELS } from '@verdant/domain/imports/portfolio-manager';
import { sql } from 'drizzle-orm';

/**
 * The names data files give the organisation's data sources beyond their own fields: identifiers under the
 * import labels (a Portfolio Manager Meter ID, a name a file uses that a user mapped to a data source).
 */
export async function importIdentifiers(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ meterId: number; label: string; value: string }>(sql`
    select i.meter_id as "meterId", l.name as label, i.value from meter_identifiers i
    join meter_identifier_labels l on l.organisation_id = i.organisation_id and l.id = i.label_id
    join meters m on m.organisation_id = i.organisation_id and m.id = i.meter_id and m.deleted_at is null
    where i.organisation_id = ${organisationId}
      and lower(l.name) in (${sql.join(
        IMPORT_IDENTIFIER_LABELS.map((l) => sql`${l.toLowerCase()}`),
        sql`, `,
      )})`);
  return rows.rows;
}

/**
 * Remembers a name a file gives a data source as its identifier under an import label (the label made for the
 * organisation the first time), unless the data source already holds one under that label. Answers what it
 * stored, or null when it stored nothing.
 */
export async function rememberIdentifier(
  tx: DbOrTx,
  organisationId: number,
  meterId: number,
  label: string,
  value: string,
): Promise<{ before: string | null; after: string } | null> {
  await tx.execute(sql`insert into meter_identifier_labels (organisation_id, name) values (${organisationId}, ${label})
    on conflict (organisation_id, lower(name)) do nothing`);
  const stored = await tx.execute<{ value: string }>(sql`
    insert into meter_identifiers (organisation_id, meter_id, label_id, value)
    select ${organisationId}, ${meterId}, l.id, ${value} from meter_identifier_labels l
    where l.organisation_id = ${organisationId} and lower(l.name) = lower(${label})
    on conflict (meter_id, label_id) do nothing
    returning value`);
  return stored.rows.length > 0 ? { before: null, after: value } : null;
}
