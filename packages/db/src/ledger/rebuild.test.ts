import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestDatabase, type DemoTestDatabase } from '../testing/demo-database';
import { rebuildLedger } from './rebuild';

const TODAY = '2026-11-21';
let database: DemoTestDatabase;
beforeAll(async () => {
  database = await createDemoTestDatabase();
}, 120_000);
afterAll(() => database.close());

describe('rebuildLedger', () => {
  it('finds nothing to change in the demo', async () => {
    const report = await rebuildLedger(database.pool, { today: TODAY });
    expect(report.factDifferences).toEqual([]);
    expect(report.rollupDifferences).toEqual([]);
    expect(report.facts).toBeGreaterThan(1000);
    expect(report.rollupRows).toBeGreaterThan(0);
  });

  it('reports a stored fact or rollup row that the inputs do not support, and puts it right', async () => {
    const [fact] = (
      await database.db.execute<{ meter_id: number; month: string; organisation_id: number }>(
        sql`select meter_id, month, organisation_id from monthly_facts where counts_in_totals order by meter_id, month limit 1`,
      )
    ).rows;
    if (!fact) throw new Error('the demo has no facts');
    await database.db.execute(
      sql`update monthly_facts set cost = cost + 1 where meter_id = ${fact.meter_id} and month = ${fact.month}`,
    );
    await database.db.execute(
      sql`update organisation_month_facts set cost = cost + 0.01 where organisation_id = ${fact.organisation_id} and month = ${fact.month}`,
    );
    const report = await rebuildLedger(database.pool, { today: TODAY, organisationId: fact.organisation_id });
    expect(report.factDifferences).toMatchObject([{ meterId: fact.meter_id, month: fact.month }]);
    expect(report.rollupDifferenceCount).toBeGreaterThan(0);
    expect(report.rollupDifferences[0]).toMatchObject({
      organisationId: fact.organisation_id,
      month: fact.month,
    });
    const again = await rebuildLedger(database.pool, { today: TODAY });
    expect(again.factDifferenceCount + again.rollupDifferenceCount).toBe(0);
  });
});
