import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { type Db, schema } from '../client';
import { inTransaction, lockRollup } from './lock';
import { recomputeFacts } from './recompute';
import { rollupColumns, rollupSelect, versionsDelta } from './rollup';

/**
 * Vacuums and analyzes the facts and the rollup, after a change that rewrote many of them (a rebuild, a
 * drain of the recompute job): dead rows are gone and the planner's statistics fresh before the figure calls
 * read them, instead of whenever autovacuum comes round. Outside any transaction (VACUUM cannot run in one).
 * The meters are analyzed too: the figure calls join them, and a change this large usually follows many new
 * meters (an import, a new organisation). With the meters table's statistics still saying "3 rows" after
 * 2,200 were added, gainers and losers joined them in a nested loop (4.4 million comparisons, 180-210 ms a call
 * in the bench) instead of a hash join. The data types are analyzed with them: a fresh catalogue has no statistics,
 * and the dashboard's kWh filter on them was then expected to keep 9 rows of 4,200 (docs/performance.md, The
 * slower machine's first calls and the dashboard).
 */
export async function vacuumFacts(db: Db) {
  await db.execute(
    sql`vacuum (analyze) monthly_facts, organisation_month_facts, organisation_month_factor_versions`,
  );
  await db.execute(sql`analyze meters, sites, data_types`);
}

export type FactDifference = {
  meterId: number;
  month: string;
  /** The stored row and the rebuilt one (null where there is none). */
  stored: Record<string, unknown> | null;
  rebuilt: Record<string, unknown> | null;
};

export type RollupDifference = {
  organisationId: number;
  month: string;
  energyId: number;
  stored: Record<string, unknown> | null;
  rebuilt: Record<string, unknown> | null;
};

export type RebuildReport = {
  meters: number;
  facts: number;
  rollupRows: number;
  factDifferences: FactDifference[];
  rollupDifferences: RollupDifference[];
  /** How many differences there were in all (the lists stop at `limit`). */
  factDifferenceCount: number;
  rollupDifferenceCount: number;
};

/**
 * Recomputes every fact (of one organisation, or of all) and the organisation rollup from the facts, and
 * reports every difference from what was stored. Runs on one connection of the pool so the stored rows can
 * be kept in temporary tables; each batch of meters is its own transaction, like the recompute job's.
 * Writes made while it runs show as differences: run it when the portal is quiet.
 *
 * Facts are compared exactly (the same inputs give the same numbers); the rollup's money and counts
 * exactly, its floating quantities to a millionth (they are kept by adding and subtracting differences).
 */
export async function rebuildLedger(
  pool: pg.Pool,
  options: { organisationId?: number; today?: string | Date; batch?: number; limit?: number } = {},
): Promise<RebuildReport> {
  const client = await pool.connect();
  try {
    const db = drizzle(client, { schema }) as unknown as Db;
    const org = (alias: string) =>
      options.organisationId === undefined
        ? sql`true`
        : sql`${sql.raw(alias)}.organisation_id = ${options.organisationId}`;
    await db.execute(sql`drop table if exists pg_temp.stored_facts, pg_temp.stored_rollup`);
    await db.execute(sql`create temp table stored_facts as select * from monthly_facts f where ${org('f')}`);
    await db.execute(
      sql`create temp table stored_rollup as select * from organisation_month_facts r where ${org('r')}`,
    );
    const meters = (
      await db.execute<{ id: number }>(sql`select id from meters m where ${org('m')} order by id`)
    ).rows.map((r) => r.id);
    const batch = options.batch ?? 250;
    for (let i = 0; i < meters.length; i += batch) {
      await recomputeFacts(db, meters.slice(i, i + batch), options.today);
    }
    const organisations = (
      await db.execute<{ id: number }>(
        options.organisationId === undefined
          ? sql`select id from organisations order by id`
          : sql`select id from organisations where id = ${options.organisationId}`,
      )
    ).rows.map((r) => r.id);
    await inTransaction(db, async (tx) => {
      await lockRollup(tx, organisations);
      const ids = sql.param(organisations);
      await tx.execute(sql`delete from organisation_month_facts where organisation_id = any(${ids}::int[])`);
      await tx.execute(sql`
        insert into organisation_month_facts ${rollupColumns}
        ${rollupSelect(sql`(select * from monthly_facts where organisation_id = any(${ids}::int[]))`, '')}`);
      await tx.execute(
        sql`delete from organisation_month_factor_versions where organisation_id = any(${ids}::int[])`,
      );
      await tx.execute(
        versionsDelta(sql`(select * from monthly_facts where organisation_id = any(${ids}::int[]))`, ''),
      );
    });

    const limit = options.limit ?? 50;
    const factDiffs = await db.execute<{
      meter_id: number;
      month: string;
      stored: Record<string, unknown> | null;
      rebuilt: Record<string, unknown> | null;
      n: number;
    }>(sql`
      with d as (
        select coalesce(a.meter_id, b.meter_id) as meter_id, coalesce(a.month, b.month)::text as month,
          to_jsonb(a) as stored, to_jsonb(b) as rebuilt
        from stored_facts a
        full join (select * from monthly_facts f where ${org('f')}) b on a.meter_id = b.meter_id and a.month = b.month
        where a is distinct from b
      )
      select *, count(*) over ()::int as n from d order by meter_id, month limit ${limit}`);
    const rollupDiffs = await db.execute<{
      organisation_id: number;
      month: string;
      energy_id: number;
      stored: Record<string, unknown> | null;
      rebuilt: Record<string, unknown> | null;
      n: number;
    }>(sql`
      with d as (
        select coalesce(a.organisation_id, b.organisation_id) as organisation_id,
          coalesce(a.month, b.month)::text as month, coalesce(a.energy_id, b.energy_id) as energy_id,
          to_jsonb(a) as stored, to_jsonb(b) as rebuilt
        from stored_rollup a
        full join (select * from organisation_month_facts r where ${org('r')}) b
          on a.organisation_id = b.organisation_id and a.month = b.month and a.energy_id = b.energy_id
        where a.organisation_id is null or b.organisation_id is null
          or a.cost <> b.cost or a.meters <> b.meters or a.incomplete_meters <> b.incomplete_meters
          or a.incomplete_cost <> b.incomplete_cost or a.incomplete_co2e <> b.incomplete_co2e
          or abs(a.quantity_std - b.quantity_std) > 1e-6 * greatest(1, abs(b.quantity_std))
          or abs(a.co2e - b.co2e) > 1e-6 * greatest(1, abs(b.co2e))
      )
      select *, count(*) over ()::int as n from d order by organisation_id, month, energy_id limit ${limit}`);
    const counts = await db.execute<{ facts: number; rollup: number }>(sql`
      select (select count(*) from monthly_facts f where ${org('f')})::int as facts,
        (select count(*) from organisation_month_facts r where ${org('r')})::int as rollup`);
    await db.execute(sql`drop table pg_temp.stored_facts, pg_temp.stored_rollup`);
    await vacuumFacts(db);
    return {
      meters: meters.length,
      facts: counts.rows[0]?.facts ?? 0,
      rollupRows: counts.rows[0]?.rollup ?? 0,
      factDifferences: factDiffs.rows.map((r) => ({
        meterId: r.meter_id,
        month: r.month,
        stored: r.stored,
        rebuilt: r.rebuilt,
      })),
      factDifferenceCount: factDiffs.rows[0]?.n ?? 0,
      rollupDifferences: rollupDiffs.rows.map((r) => ({
        organisationId: r.organisation_id,
        month: r.month,
        energyId: r.energy_id,
        stored: r.stored,
        rebuilt: r.rebuilt,
      })),
      rollupDifferenceCount: rollupDiffs.rows[0]?.n ?? 0,
    };
  } finally {
    client.release();
  }
}
