import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { INDICATORS, LOOKUP_LISTS } from './reference-data';
import { appMeta } from './schema/core';
import { indicators, lookupItems } from './schema/organisation';

const VERSION_KEY = 'reference_version';
const LOCK_KEY = 74203;

/** Loads the reference lists and indicators once per installation, like the catalogue. */
export async function seedReferenceData(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const done = await tx.select().from(appMeta).where(eq(appMeta.key, VERSION_KEY));
    if (done.length > 0) return { seeded: false };
    await tx.insert(lookupItems).values(
      Object.entries(LOOKUP_LISTS).flatMap(([list, items]) =>
        items.map(([id, descr, detail], i) => ({
          list,
          id,
          descr,
          sortOrder: i + 1,
          detail: detail ?? null,
        })),
      ),
    );
    await tx.insert(indicators).values(
      INDICATORS.map(([id, description, unit, variable, appliesTo]) => ({
        id,
        description,
        unit,
        variable,
        appliesTo,
      })),
    );
    await tx.execute(sql`select setval('indicators_id_seq', (select max(id) from indicators))`);
    await tx.insert(appMeta).values({ key: VERSION_KEY, value: '1' });
    return { seeded: true };
  });
}
