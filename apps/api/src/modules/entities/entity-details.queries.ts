import type { UsageField } from '@verdant/contracts/entities/details';
import type { DbOrTx } from '@verdant/db/client';
import {
  entityIndicatorValues,
  entityPumps,
  entityUsages,
  entityWastewaterPlants,
  indicators,
} from '@verdant/db/schema/organisation';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Every read and write below names the organisation as well as the entity (the composite key). */
const ofEntity = (
  table: { organisationId: AnyPgColumn; entityId: AnyPgColumn },
  organisationId: number,
  entityId: number,
) => and(eq(table.organisationId, organisationId), eq(table.entityId, entityId));

export async function findPump(db: DbOrTx, organisationId: number, entityId: number) {
  const [row] = await db
    .select()
    .from(entityPumps)
    .where(ofEntity(entityPumps, organisationId, entityId));
  return row;
}

export async function upsertPump(db: DbOrTx, values: typeof entityPumps.$inferInsert) {
  const { entityId: _entityId, organisationId: _organisationId, ...rest } = values;
  await db
    .insert(entityPumps)
    .values(values)
    .onConflictDoUpdate({
      target: entityPumps.entityId,
      set: rest,
      where: eq(entityPumps.organisationId, values.organisationId),
    });
}

export async function findUsage(db: DbOrTx, organisationId: number, entityId: number) {
  const [row] = await db
    .select()
    .from(entityUsages)
    .where(ofEntity(entityUsages, organisationId, entityId));
  return row;
}

export async function setUsage(
  db: DbOrTx,
  organisationId: number,
  entityId: number,
  field: UsageField,
  value: number | null,
) {
  await db
    .insert(entityUsages)
    .values({ organisationId, entityId, [field]: value })
    .onConflictDoUpdate({
      target: entityUsages.entityId,
      set: { [field]: value },
      where: eq(entityUsages.organisationId, organisationId),
    });
}

/** Indicators that apply to entities, with the entity's value where it has one. */
export async function entityIndicators(db: DbOrTx, organisationId: number, entityId: number) {
  return db
    .select({
      indicatorId: indicators.id,
      label: indicators.description,
      unit: indicators.unit,
      value: entityIndicatorValues.value,
    })
    .from(indicators)
    .leftJoin(
      entityIndicatorValues,
      and(
        eq(entityIndicatorValues.indicatorId, indicators.id),
        ofEntity(entityIndicatorValues, organisationId, entityId),
      ),
    )
    .where(inArray(indicators.appliesTo, ['entity', 'both']))
    .orderBy(asc(indicators.id));
}

export async function indicatorAppliesToEntities(db: DbOrTx, indicatorId: number) {
  const [row] = await db
    .select({ id: indicators.id })
    .from(indicators)
    .where(and(eq(indicators.id, indicatorId), inArray(indicators.appliesTo, ['entity', 'both'])));
  return row !== undefined;
}

export async function setIndicator(
  db: DbOrTx,
  organisationId: number,
  entityId: number,
  indicatorId: number,
  value: number | null,
) {
  const stored = value === null ? null : String(value);
  await db
    .insert(entityIndicatorValues)
    .values({ organisationId, entityId, indicatorId, value: stored })
    .onConflictDoUpdate({
      target: [entityIndicatorValues.entityId, entityIndicatorValues.indicatorId],
      set: { value: stored },
      where: eq(entityIndicatorValues.organisationId, organisationId),
    });
}

export async function findWwtp(db: DbOrTx, organisationId: number, entityId: number) {
  const [row] = await db
    .select()
    .from(entityWastewaterPlants)
    .where(ofEntity(entityWastewaterPlants, organisationId, entityId));
  return row;
}

export async function upsertWwtp(
  db: DbOrTx,
  organisationId: number,
  entityId: number,
  values: Omit<Partial<typeof entityWastewaterPlants.$inferInsert>, 'organisationId' | 'entityId'>,
) {
  const insert = db.insert(entityWastewaterPlants).values({ organisationId, entityId, ...values });
  // A new plant has no details yet: nothing to update when its row exists.
  if (Object.keys(values).length === 0) {
    await insert.onConflictDoNothing({ target: entityWastewaterPlants.entityId });
    return;
  }
  await insert.onConflictDoUpdate({
    target: entityWastewaterPlants.entityId,
    set: values,
    where: eq(entityWastewaterPlants.organisationId, organisationId),
  });
}
