import type { DbOrTx } from '@verdant/db/client';
import { meterIdentifierLabels, meterIdentifiers } from '@verdant/db/schema/meter-settings';
import { and, eq, sql } from 'drizzle-orm';

/** A meter's identifiers (ICP, account numbers and the organisation's own labels) and the labels themselves. */

/** The organisation's identifier labels with this meter's value of each (null where none). */
export async function identifiers(db: DbOrTx, organisationId: number, meterId: number) {
  return db
    .select({
      identifierId: meterIdentifierLabels.id,
      identifierLabel: meterIdentifierLabels.name,
      value: meterIdentifiers.value,
    })
    .from(meterIdentifierLabels)
    .leftJoin(
      meterIdentifiers,
      and(
        eq(meterIdentifiers.organisationId, meterIdentifierLabels.organisationId),
        eq(meterIdentifiers.labelId, meterIdentifierLabels.id),
        eq(meterIdentifiers.meterId, meterId),
      ),
    )
    .where(eq(meterIdentifierLabels.organisationId, organisationId))
    .orderBy(sql`lower(${meterIdentifierLabels.name})`);
}

export async function identifierLabels(db: DbOrTx, organisationId: number) {
  return db
    .select({ identifierId: meterIdentifierLabels.id, identifierLabel: meterIdentifierLabels.name })
    .from(meterIdentifierLabels)
    .where(eq(meterIdentifierLabels.organisationId, organisationId))
    .orderBy(sql`lower(${meterIdentifierLabels.name})`);
}

export async function findIdentifierLabel(db: DbOrTx, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(meterIdentifierLabels)
    .where(and(eq(meterIdentifierLabels.organisationId, organisationId), eq(meterIdentifierLabels.id, id)));
  return row;
}

export async function labelNameTaken(db: DbOrTx, organisationId: number, name: string) {
  const [row] = await db
    .select({ id: meterIdentifierLabels.id })
    .from(meterIdentifierLabels)
    .where(
      and(
        eq(meterIdentifierLabels.organisationId, organisationId),
        sql`lower(${meterIdentifierLabels.name}) = lower(${name})`,
      ),
    );
  return row !== undefined;
}

export async function insertIdentifierLabel(db: DbOrTx, organisationId: number, name: string) {
  const [row] = await db.insert(meterIdentifierLabels).values({ organisationId, name }).returning();
  if (!row) throw new Error('identifier label not inserted');
  return row;
}

/** Sets (or, with null, clears) a meter's value of one identifier. */
export async function setIdentifier(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  labelId: number,
  value: string | null,
) {
  if (value === null) {
    await db
      .delete(meterIdentifiers)
      .where(
        and(
          eq(meterIdentifiers.organisationId, organisationId),
          eq(meterIdentifiers.meterId, meterId),
          eq(meterIdentifiers.labelId, labelId),
        ),
      );
    return;
  }
  await db
    .insert(meterIdentifiers)
    .values({ organisationId, meterId, labelId, value })
    .onConflictDoUpdate({
      target: [meterIdentifiers.meterId, meterIdentifiers.labelId],
      set: { value, updatedAt: sql`now()` },
    });
}

/** Copies every identifier value of one meter onto another (values already set are overwritten). */
export async function copyIdentifiers(db: DbOrTx, organisationId: number, fromId: number, toId: number) {
  await db.execute(sql`
    insert into meter_identifiers (organisation_id, meter_id, label_id, value)
    select organisation_id, ${toId}, label_id, value from meter_identifiers
    where organisation_id = ${organisationId} and meter_id = ${fromId}
    on conflict (meter_id, label_id) do update set value = excluded.value, updated_at = now()`);
}
