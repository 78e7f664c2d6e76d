import type { DbOrTx } from '@verdant/db/client';
import { indicators, lookupItems } from '@verdant/db/schema/organisation';
import { asc, eq } from 'drizzle-orm';

export function listItems(db: DbOrTx, list: string) {
  return db
    .select({
      Id: lookupItems.id,
      Descr: lookupItems.descr,
      Order: lookupItems.sortOrder,
      Detail: lookupItems.detail,
    })
    .from(lookupItems)
    .where(eq(lookupItems.list, list))
    .orderBy(asc(lookupItems.sortOrder));
}

export function listIndicators(db: DbOrTx) {
  return db.select().from(indicators).orderBy(asc(indicators.id));
}
