import type { DbOrTx } from '@verdant/db/client';
import { meters } from '@verdant/db/schema/assets';
import { nhhRates, ppdContracts, ppdRates, touContracts, touRates } from '@verdant/db/schema/rates';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

export async function listTouContracts(db: DbOrTx, organisationId: number) {
  return db
    .select({
      id: touContracts.id,
      name: touContracts.name,
      // The outer row named in full: unqualified names in a subquery bind to its own tables first.
      months: sql<number>`(select count(distinct r.month)::int from tou_rates r
        where r.organisation_id = tou_contracts.organisation_id and r.contract_id = tou_contracts.id)`,
      meters: sql<number>`(select count(*)::int from meters m where m.organisation_id = tou_contracts.organisation_id
        and m.tou_contract_id = tou_contracts.id and m.deleted_at is null)`,
    })
    .from(touContracts)
    .where(eq(touContracts.organisationId, organisationId))
    .orderBy(sql`lower(${touContracts.name})`);
}

/** A contract of the kind with that name, any case. */
export async function contractNamed(db: DbOrTx, kind: 'tou' | 'ppd', organisationId: number, name: string) {
  const table = kind === 'tou' ? touContracts : ppdContracts;
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.organisationId, organisationId), sql`lower(${table.name}) = lower(${name})`));
  return row;
}

export async function findContract(db: DbOrTx, kind: 'tou' | 'ppd', organisationId: number, id: number) {
  const table = kind === 'tou' ? touContracts : ppdContracts;
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.organisationId, organisationId), eq(table.id, id)));
  return row;
}

export async function insertContract(db: DbOrTx, kind: 'tou' | 'ppd', organisationId: number, name: string) {
  const table = kind === 'tou' ? touContracts : ppdContracts;
  const [row] = await db
    .insert(table)
    .values({ organisationId, name })
    .returning({ id: table.id, name: table.name });
  if (!row) throw new Error('contract not inserted');
  return row;
}

export async function listTouRates(db: DbOrTx, organisationId: number, contractId: number) {
  return db
    .select()
    .from(touRates)
    .where(and(eq(touRates.organisationId, organisationId), eq(touRates.contractId, contractId)))
    .orderBy(asc(touRates.month), asc(touRates.periodId), asc(touRates.daytypeId));
}

/** The months ('yyyy-MM-01') of the contracts already holding rates. */
export async function storedMonths(db: DbOrTx, organisationId: number, contractIds: number[]) {
  if (contractIds.length === 0) return [];
  return db
    .selectDistinct({ contractId: touRates.contractId, month: touRates.month })
    .from(touRates)
    .where(and(eq(touRates.organisationId, organisationId), inArray(touRates.contractId, contractIds)));
}

export async function insertTouRates(db: DbOrTx, rows: (typeof touRates.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(touRates).values(rows);
}

/** Takes the organisation's rate-writing lock: checks for overlaps and stored months then hold until commit. */
export async function lockRates(db: DbOrTx, organisationId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('rates'), ${organisationId})`);
}

export async function listNhhRates(db: DbOrTx, organisationId: number) {
  return db
    .select()
    .from(nhhRates)
    .where(eq(nhhRates.organisationId, organisationId))
    .orderBy(asc(nhhRates.startDate));
}

export async function nhhOverlapping(db: DbOrTx, organisationId: number, from: string, till: string) {
  const [row] = await db
    .select({ id: nhhRates.id })
    .from(nhhRates)
    .where(
      and(
        eq(nhhRates.organisationId, organisationId),
        sql`${nhhRates.startDate} <= ${till} and ${from} <= ${nhhRates.endDate}`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertNhhRate(db: DbOrTx, values: typeof nhhRates.$inferInsert) {
  const [row] = await db.insert(nhhRates).values(values).returning();
  if (!row) throw new Error('rate not inserted');
  return row;
}

export async function listPpdContracts(db: DbOrTx, organisationId: number) {
  const contracts = await db
    .select({ id: ppdContracts.id, name: ppdContracts.name })
    .from(ppdContracts)
    .where(eq(ppdContracts.organisationId, organisationId))
    .orderBy(sql`lower(${ppdContracts.name})`);
  const rates = await db
    .select()
    .from(ppdRates)
    .where(eq(ppdRates.organisationId, organisationId))
    .orderBy(asc(ppdRates.fromDate));
  return { contracts, rates };
}

export async function ppdOverlapping(
  db: DbOrTx,
  organisationId: number,
  contractId: number,
  from: string,
  till: string,
) {
  const [row] = await db
    .select({ id: ppdRates.id })
    .from(ppdRates)
    .where(
      and(
        eq(ppdRates.organisationId, organisationId),
        eq(ppdRates.contractId, contractId),
        sql`${ppdRates.fromDate} <= ${till} and ${from} <= ${ppdRates.toDate}`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertPpdRate(db: DbOrTx, values: typeof ppdRates.$inferInsert) {
  const [row] = await db.insert(ppdRates).values(values).returning();
  if (!row) throw new Error('rate not inserted');
  return row;
}

/** The live meter's name and TOU contract. */
export async function meterContract(db: DbOrTx, organisationId: number, meterId: number) {
  const [row] = await db
    .select({ name: meters.localName, touContractId: meters.touContractId })
    .from(meters)
    .where(and(eq(meters.organisationId, organisationId), eq(meters.id, meterId), isNull(meters.deletedAt)));
  return row;
}

/** The live meters linked to a TOU contract, by name. */
export async function touMeters(db: DbOrTx, organisationId: number) {
  return db
    .select({ id: meters.id, name: meters.localName, touContractId: sql<number>`${meters.touContractId}` })
    .from(meters)
    .where(
      and(
        eq(meters.organisationId, organisationId),
        isNull(meters.deletedAt),
        sql`${meters.touContractId} is not null`,
      ),
    )
    .orderBy(sql`lower(${meters.localName})`);
}
