import type { DbOrTx } from '@verdant/db/client';
import { userSettings } from '@verdant/db/schema/core';
import { and, count, eq, inArray, sql } from 'drizzle-orm';

export async function listSettings(db: DbOrTx, userId: number) {
  return db
    .select({ key: userSettings.key, value: userSettings.value })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .orderBy(userSettings.key);
}

export async function getSetting(db: DbOrTx, userId: number, key: string) {
  const [row] = await db
    .select({ value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), eq(userSettings.key, key)));
  return row?.value ?? null;
}

export async function upsertSettings(db: DbOrTx, userId: number, entries: { key: string; value: string }[]) {
  if (entries.length === 0) return;
  await db
    .insert(userSettings)
    .values(entries.map((e) => ({ userId, ...e })))
    .onConflictDoUpdate({
      target: [userSettings.userId, userSettings.key],
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}

export async function deleteSettings(db: DbOrTx, userId: number, keys: string[]) {
  if (keys.length === 0) return;
  await db.delete(userSettings).where(and(eq(userSettings.userId, userId), inArray(userSettings.key, keys)));
}

/** Serialises the writes of one person's settings until the transaction ends. */
export async function lockSettingsOf(db: DbOrTx, userId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('user_settings'), ${userId})`);
}

export async function countSettings(db: DbOrTx, userId: number) {
  const [row] = await db.select({ n: count() }).from(userSettings).where(eq(userSettings.userId, userId));
  return row?.n ?? 0;
}
