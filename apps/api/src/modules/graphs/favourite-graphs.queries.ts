import type { DbOrTx } from '@verdant/db/client';
import { favouriteGraphs } from '@verdant/db/schema/graphs';
import { and, asc, eq, sql } from 'drizzle-orm';

const mine = (organisationId: number, userId: number) =>
  and(eq(favouriteGraphs.organisationId, organisationId), eq(favouriteGraphs.userId, userId));

export async function listFavourites(db: DbOrTx, organisationId: number, userId: number) {
  return db
    .select({ id: favouriteGraphs.id, name: favouriteGraphs.name, graph: favouriteGraphs.graph })
    .from(favouriteGraphs)
    .where(mine(organisationId, userId))
    .orderBy(asc(sql`lower(${favouriteGraphs.name})`), asc(favouriteGraphs.id));
}

export async function findFavourite(db: DbOrTx, organisationId: number, userId: number, name: string) {
  const [row] = await db
    .select({ id: favouriteGraphs.id, name: favouriteGraphs.name, graph: favouriteGraphs.graph })
    .from(favouriteGraphs)
    .where(and(mine(organisationId, userId), eq(favouriteGraphs.name, name)));
  return row;
}

/** Saves under the name, replacing the graph of a favourite already called so (one statement: no race). */
export async function upsertFavourite(
  db: DbOrTx,
  organisationId: number,
  userId: number,
  name: string,
  graph: string,
) {
  const [row] = await db
    .insert(favouriteGraphs)
    .values({ organisationId, userId, name, graph })
    .onConflictDoUpdate({
      target: [favouriteGraphs.organisationId, favouriteGraphs.userId, favouriteGraphs.name],
      set: { graph, updatedAt: sql`now()` },
    })
    .returning({ id: favouriteGraphs.id, name: favouriteGraphs.name, graph: favouriteGraphs.graph });
  return row;
}

export async function renameFavourite(db: DbOrTx, organisationId: number, id: number, newName: string) {
  await db
    .update(favouriteGraphs)
    .set({ name: newName, updatedAt: sql`now()` })
    .where(and(eq(favouriteGraphs.organisationId, organisationId), eq(favouriteGraphs.id, id)));
}

export async function deleteFavourite(db: DbOrTx, organisationId: number, id: number) {
  await db
    .delete(favouriteGraphs)
    .where(and(eq(favouriteGraphs.organisationId, organisationId), eq(favouriteGraphs.id, id)));
}
