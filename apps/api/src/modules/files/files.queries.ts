import type { FileOwnerType } from '@verdant/contracts/files';
import type { DbOrTx } from '@verdant/db/client';
import { entities, meters, sites } from '@verdant/db/schema/assets';
import { organisations } from '@verdant/db/schema/core';
import { files } from '@verdant/db/schema/organisation';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { directoryOrganisation } from '../../lib/asset-rights';

export type FileRow = typeof files.$inferSelect;

/** The organisation an owner asset belongs to, or undefined when it does not exist or is deleted. */
export async function ownerOrganisation(
  db: DbOrTx,
  type: FileOwnerType,
  id: number,
): Promise<number | undefined> {
  if (type === 'organisation') {
    const [row] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, id));
    return row?.id;
  }
  const table = type === 'site' ? sites : type === 'entity' ? entities : meters;
  const [row] = await db
    .select({ organisationId: table.organisationId })
    .from(table)
    .where(and(eq(table.id, id), isNull(table.deletedAt)));
  return row?.organisationId;
}

const ownedBy = (organisationId: number, type: FileOwnerType, id: number) =>
  and(eq(files.organisationId, organisationId), eq(files.ownerType, type), eq(files.ownerId, id));

export async function listFiles(db: DbOrTx, organisationId: number, type: FileOwnerType, id: number) {
  return db
    .select()
    .from(files)
    .where(ownedBy(organisationId, type, id))
    .orderBy(desc(files.defaultImage), asc(files.createdAt), asc(files.id));
}

export async function findFile(
  db: DbOrTx,
  organisationId: number,
  type: FileOwnerType,
  id: number,
  fileId: number,
) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(ownedBy(organisationId, type, id), eq(files.id, fileId)));
  return row;
}

/**
 * For a signed direct link only (its signature names this one file): the organisation comes from the directory of
 * assets, so the file is read in it alone (docs/decisions/tenancy.md, The directory of assets).
 */
export async function findFileById(db: DbOrTx, fileId: number) {
  const organisationId = await directoryOrganisation(db, [{ type: 'file', id: fileId }]);
  if (organisationId === null) return undefined;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.organisationId, organisationId), eq(files.id, fileId)));
  return row;
}

export async function findDefault(db: DbOrTx, organisationId: number, type: FileOwnerType, id: number) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(ownedBy(organisationId, type, id), eq(files.defaultImage, true)));
  return row;
}

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert) {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('file not inserted');
  return row;
}

export async function setDefaultFlag(db: DbOrTx, organisationId: number, fileId: number, value: boolean) {
  await db
    .update(files)
    .set({ defaultImage: value })
    .where(and(eq(files.organisationId, organisationId), eq(files.id, fileId)));
}

export async function deleteFile(db: DbOrTx, organisationId: number, fileId: number) {
  await db.delete(files).where(and(eq(files.organisationId, organisationId), eq(files.id, fileId)));
}

export async function organisationLogo(db: DbOrTx, organisationId: number) {
  const [row] = await db
    .select({ logo: organisations.logo })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row;
}

export async function setOrganisationLogo(db: DbOrTx, organisationId: number, logo: string | null) {
  await db.update(organisations).set({ logo }).where(eq(organisations.id, organisationId));
}
