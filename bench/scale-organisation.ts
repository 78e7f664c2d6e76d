import { performance } from 'node:perf_hooks';
import { connect } from '@verdant/db/client';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { runMigrations } from '@verdant/db/migrate';
import { generateScaleOrganisation } from '@verdant/db/scale-generator';
import type { BenchContext } from './context';

/**
 * A fresh, migrated database holding the bench organisation (`meters` invoiced meters x `months` months, no
 * half-hour meters) with its monthly facts computed, 250 meters a transaction: the set-up of the benches that
 * read figures. `seconds` is the time it took to generate and compute, migrations left out.
 */
export async function computedScaleOrganisation(
  ctx: BenchContext,
  name: string,
  size: { meters: number; months: number },
) {
  const database = connect(await ctx.freshDatabase(name), 10);
  await runMigrations(database.pool);
  const today = new Date().toISOString().slice(0, 10);
  const t0 = performance.now();
  const org = await generateScaleOrganisation(database.db, { ...size, hhMeters: 0, today });
  for (let i = 0; i < org.meterIds.length; i += 250)
    await recomputeFacts(database.db, org.meterIds.slice(i, i + 250), today);
  return { database, today, org, seconds: () => (performance.now() - t0) / 1000 };
}
