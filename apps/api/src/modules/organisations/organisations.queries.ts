import type { DbOrTx } from '@verdant/db/client';
import { factSums } from '@verdant/db/ledger/read-model';
import { emissionFactorSources } from '@verdant/db/schema/catalogue';
import { organisations } from '@verdant/db/schema/core';
import { procurementExpiries } from '@verdant/db/schema/organisation';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';

export type OrganisationRow = typeof organisations.$inferSelect;
export type OrganisationValues = Partial<typeof organisations.$inferInsert>;

export async function findOrganisation(db: DbOrTx, id: number) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}

/** An organisation of that name (any case), other than `exceptId`. */
export async function findByName(db: DbOrTx, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: organisations.id, statusId: organisations.statusId })
    .from(organisations)
    .where(
      and(
        sql`lower(${organisations.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(organisations.id, exceptId),
      ),
    );
  return row;
}

export async function insertOrganisation(db: DbOrTx, values: typeof organisations.$inferInsert) {
  const [row] = await db.insert(organisations).values(values).returning();
  if (!row) throw new Error('organisation not created');
  return row;
}

export async function updateOrganisation(db: DbOrTx, id: number, values: OrganisationValues) {
  const [row] = await db
    .update(organisations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organisations.id, id))
    .returning();
  return row;
}

/** Factor sources the organisation may report with: the global ones and its own. */
export async function factorSources(db: DbOrTx, organisationId: number) {
  return db
    .select({
      id: emissionFactorSources.id,
      name: emissionFactorSources.name,
      isDefault: emissionFactorSources.isDefault,
    })
    .from(emissionFactorSources)
    .where(
      or(
        isNull(emissionFactorSources.organisationId),
        eq(emissionFactorSources.organisationId, organisationId),
      ),
    )
    .orderBy(asc(emissionFactorSources.name), asc(emissionFactorSources.id));
}

export async function listExpiries(db: DbOrTx, organisationId: number) {
  return db
    .select()
    .from(procurementExpiries)
    .where(eq(procurementExpiries.organisationId, organisationId))
    .orderBy(asc(procurementExpiries.expiryDate), asc(procurementExpiries.id));
}

export async function insertExpiry(db: DbOrTx, values: typeof procurementExpiries.$inferInsert) {
  const [row] = await db.insert(procurementExpiries).values(values).returning();
  if (!row) throw new Error('expiry not created');
  return row;
}

export async function updateExpiry(
  db: DbOrTx,
  organisationId: number,
  id: number,
  values: { description: string; expiryDate: string },
) {
  const [row] = await db
    .update(procurementExpiries)
    .set(values)
    .where(and(eq(procurementExpiries.id, id), eq(procurementExpiries.organisationId, organisationId)))
    .returning();
  return row;
}

export async function deleteExpiry(db: DbOrTx, organisationId: number, id: number) {
  const rows = await db
    .delete(procurementExpiries)
    .where(and(eq(procurementExpiries.id, id), eq(procurementExpiries.organisationId, organisationId)))
    .returning({ id: procurementExpiries.id });
  return rows.length > 0;
}

/**
 * Per site, one measure of one month from the facts that count in totals (check meters stay out);
 * consumption adds up energy (kWh) data types only. Highest first, sites without a figure left out.
 */
export async function siteFigures(
  db: DbOrTx,
  organisationId: number,
  measure: 'cons' | 'cost' | 'co2e',
  month: string,
  visible: number[] | null,
  limit: number,
) {
  const sums = factSums({ organisationId, by: ['site'], from: month, till: month, visible });
  const value = sql.raw(`fs.${measure}`);
  const rows = await db.execute<{ site_id: number; site_name: string; total: number }>(sql`
    select s.id as site_id, s.name as site_name, ${value} as total
    from (${sums}) fs join sites s on s.organisation_id = ${organisationId} and s.id = fs.site_id and s.deleted_at is null
    where ${value} <> 0
    order by total desc, s.name
    limit ${limit}`);
  return rows.rows;
}

/** Per site, the scope 1, 2 and 3 emissions of one month; highest total first. */
export async function siteEmissions(
  db: DbOrTx,
  organisationId: number,
  month: string,
  visible: number[] | null,
  limit: number,
) {
  const sums = factSums({ organisationId, by: ['site'], from: month, till: month, visible });
  const rows = await db.execute<{
    site_id: number;
    site_name: string;
    scope1: number;
    scope2: number;
    scope3: number;
  }>(sql`
    select s.id as site_id, s.name as site_name, fs.scope1, fs.scope2, fs.scope3
    from (${sums}) fs join sites s on s.organisation_id = ${organisationId} and s.id = fs.site_id and s.deleted_at is null
    where fs.co2e <> 0
    order by fs.co2e desc, s.name
    limit ${limit}`);
  return rows.rows;
}

/** The organisation's sites that are not deleted, by name. */
export async function activeSites(db: DbOrTx, organisationId: number, limit: number) {
  const rows = await db.execute<{ id: number; name: string }>(sql`
    select id, name from sites where organisation_id = ${organisationId} and deleted_at is null
    order by name, id limit ${limit}`);
  return rows.rows;
}
