import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createOrganisation } from '../factories';
import { createInvoice } from '../input-factories';
import { recomputeFacts } from './recompute';
import { database, electricity, facts, useFixture } from './recompute.fixture';

/*
 * The organisation rollup (organisation_month_facts) against the facts it sums. The world is
 * ./recompute.fixture.ts.
 */

useFixture();

describe('the organisation rollup', () => {
  it('always equals the sum of the facts, however they change', async () => {
    const org = await createOrganisation(database.db);
    const site = await createSite(database.db, org.id);
    const a = await createMeter(database.db, site, {
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
    });
    const b = await createMeter(database.db, site, {
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
    });
    const rollup = async () =>
      (
        await database.db.execute(sql`select month, energy_id, round(quantity_std::numeric, 6) as q, cost,
          round(co2e::numeric, 6) as co2e, meters, incomplete_meters, incomplete_cost, incomplete_co2e
          from organisation_month_facts
          where organisation_id = ${org.id} order by month, energy_id`)
      ).rows;
    const fromFacts = async () =>
      (
        await database.db.execute(sql`select month, energy_id, round(sum(quantity_std)::numeric, 6) as q, sum(cost) as cost,
          round(sum(co2e_scope1 + co2e_scope2_location + co2e_scope3)::numeric, 6) as co2e, count(*)::int as meters,
          (count(*) filter (where days_covered < days_open))::int as incomplete_meters,
          (count(*) filter (where days_costed < days_open))::int as incomplete_cost,
          (count(*) filter (where days_factored < days_open))::int as incomplete_co2e
          from monthly_facts where organisation_id = ${org.id} and counts_in_totals
          group by month, energy_id order by month, energy_id`)
      ).rows;

    const i1 = await createInvoice(database.db, a, {
      from: '2024-01-01',
      till: '2024-02-15',
      consumption: 4600,
      cost: 920.01,
    });
    await createInvoice(database.db, b, {
      from: '2024-01-10',
      till: '2024-01-31',
      consumption: 2200,
      cost: 440,
    });
    await recomputeFacts(database.db, [a.id, b.id]);
    expect(await rollup()).toEqual(await fromFacts());
    expect((await rollup()).map((r) => r.meters)).toEqual([2, 1]);

    await database.db.execute(sql`update invoices set cost_excl_tax = 800.99 where id = ${i1.id}`);
    await database.db.execute(sql`update invoice_meters set consumption = 4000 where invoice_id = ${i1.id}`);
    await recomputeFacts(database.db, [a.id]);
    expect(await rollup()).toEqual(await fromFacts());

    await createInvoice(database.db, a, {
      kind: 'reversal',
      from: '2024-01-01',
      till: '2024-02-15',
      consumption: 0,
      cost: 0,
      reverses: [i1.id],
    });
    await recomputeFacts(database.db, [a.id]);
    expect(await rollup()).toEqual(await fromFacts());
    expect((await rollup()).map((r) => r.q)).toEqual(['2200.000000', '0.000000']);

    // A check meter measures part of a supply meter: its facts exist but stay out of the totals.
    const check = await createMeter(database.db, site, {
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
      metlvlId: 2,
    });
    await createInvoice(database.db, check, {
      from: '2024-01-01',
      till: '2024-01-31',
      consumption: 500,
      cost: 0,
    });
    await recomputeFacts(database.db, [check.id]);
    expect(await facts(check.id)).toHaveLength(1);
    expect(await rollup()).toEqual(await fromFacts());
    expect((await rollup())[0]).toMatchObject({ meters: 2, q: '2200.000000' });
  });
});
