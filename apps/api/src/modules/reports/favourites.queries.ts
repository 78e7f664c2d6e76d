import type { DbOrTx } from '@verdant/db/client';
import { favouriteReports } from '@verdant/db/schema/reports';
import { and, asc, eq, sql } from 'drizzle-orm';

/** SQL of a person's favourite reports in an organisation. */

export type FavouriteRow = typeof favouriteReports.$inferSelect;
export type FavouriteValues = Omit<
  typeof favouriteReports.$inferInsert,
  'id' | 'organisationId' | 'userId' | 'name' | 'createdAt' | 'updatedAt'
>;

const mine = (organisationId: number, userId: number) =>
  and(eq(favouriteReports.organisationId, organisationId), eq(favouriteReports.userId, userId));

export function listFavourites(db: DbOrTx, organisationId: number, userId: number) {
  return db
    .select()
    .from(favouriteReports)
    .where(mine(organisationId, userId))
    .orderBy(asc(sql`lower(${favouriteReports.name})`), asc(favouriteReports.id));
}

export async function findFavourite(db: DbOrTx, organisationId: number, userId: number, name: string) {
  const [row] = await db
    .select()
    .from(favouriteReports)
    .where(and(mine(organisationId, userId), eq(favouriteReports.name, name)));
  return row;
}

/** Saves under the name, replacing a favourite already called so (one statement: no race). */
export async function upsertFavourite(
  db: DbOrTx,
  organisationId: number,
  userId: number,
  name: string,
  values: FavouriteValues,
) {
  const [row] = await db
    .insert(favouriteReports)
    .values({ organisationId, userId, name, ...values })
    .onConflictDoUpdate({
      target: [favouriteReports.organisationId, favouriteReports.userId, favouriteReports.name],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}

export async function renameFavourite(db: DbOrTx, organisationId: number, id: number, newName: string) {
  await db
    .update(favouriteReports)
    .set({ name: newName, updatedAt: sql`now()` })
    .where(and(eq(favouriteReports.organisationId, organisationId), eq(favouriteReports.id, id)));
}

export async function deleteFavourite(db: DbOrTx, organisationId: number, id: number) {
  await db
    .delete(favouriteReports)
    .where(and(eq(favouriteReports.organisationId, organisationId), eq(favouriteReports.id, id)));
}

/** For a signed favourite link only: the link's signature names this one favourite, the directory its organisation. */
export async function favouriteById(db: DbOrTx, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(favouriteReports)
    .where(and(eq(favouriteReports.organisationId, organisationId), eq(favouriteReports.id, id)));
  return row;
}
