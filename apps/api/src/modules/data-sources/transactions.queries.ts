import type { DbOrTx } from '@verdant/db/client';
import { transactions } from '@verdant/db/schema/inputs';
import { and, eq, sql } from 'drizzle-orm';

export type TransactionRow = {
  id: number;
  invoiceId: number | null;
  date: string;
  time: string | null;
  quantity: string;
  cost: string | null;
  note: string | null;
};

/** A meter's transactions, newest first (one of them when `itemId` is given). */
export async function listTransactions(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  itemId?: number,
): Promise<TransactionRow[]> {
  const rows = await db.execute<TransactionRow>(sql`
    select id, invoice_id as "invoiceId", tx_date::text as date, tx_time as time, quantity::text as quantity,
      cost::text as cost, note
    from transactions
    where organisation_id = ${organisationId} and meter_id = ${meterId}
      ${itemId === undefined ? sql`` : sql`and id = ${itemId}`}
    order by tx_date desc, tx_time desc nulls last, id desc`);
  return rows.rows;
}

export async function insertTransaction(db: DbOrTx, values: typeof transactions.$inferInsert) {
  const [row] = await db.insert(transactions).values(values).returning({ id: transactions.id });
  if (!row) throw new Error('transaction not inserted');
  return row.id;
}

const byId = (organisationId: number, meterId: number, itemId: number) =>
  and(
    eq(transactions.organisationId, organisationId),
    eq(transactions.meterId, meterId),
    eq(transactions.id, itemId),
  );

export async function updateTransaction(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  itemId: number,
  values: Partial<typeof transactions.$inferInsert>,
) {
  await db
    .update(transactions)
    .set(values)
    .where(byId(organisationId, meterId, itemId));
}

export async function deleteTransaction(db: DbOrTx, organisationId: number, meterId: number, itemId: number) {
  await db.delete(transactions).where(byId(organisationId, meterId, itemId));
}
