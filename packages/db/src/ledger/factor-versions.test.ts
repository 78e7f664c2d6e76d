import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createDataType, createFactor, createFactorSource } from '../catalogue-factories';
import { createOrganisation } from '../factories';
import { createInvoice } from '../input-factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { factEditions } from './read-model-editions';
import { recomputeFacts } from './recompute';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the factor versions of each organisation month', () => {
  it('always equal the versions of the counted facts, and answer the editions as the facts do', async () => {
    const source = await createFactorSource(database.db, { name: 'Versions set' });
    const power = await createDataType(database.db, { name: 'Power for versions' });
    await createFactor(database.db, {
      dataTypeId: power.id,
      sourceId: source.id,
      scope: 2,
      rate: 0.1,
      startDate: '2020-01-01',
    });
    const org = await createOrganisation(database.db, { emissionFactorDataSourceId: source.id });
    const site = await createSite(database.db, org.id);
    const meter = (values = {}) =>
      createMeter(database.db, site, { energyId: power.id, unitId: power.stdUnitId, ...values });
    const a = await meter();
    const b = await meter();
    const check = await meter({ metlvlId: 2 });
    const stored = async () =>
      (
        await database.db.execute(sql`select month::text, energy_id, factor_version_id, facts
          from organisation_month_factor_versions where organisation_id = ${org.id} order by 1, 2, 3`)
      ).rows;
    const fromFacts = async () =>
      (
        await database.db.execute(sql`select f.month::text, coalesce(f.energy_id, 0) as energy_id,
            v.id as factor_version_id, count(*)::int as facts
          from monthly_facts f cross join lateral unnest(f.factor_versions) v(id)
          where f.organisation_id = ${org.id} and f.counts_in_totals and f.counts_emissions
          group by 1, 2, 3 order by 1, 2, 3`)
      ).rows;
    // From the table (restated) and from the facts (as originally reported: no restatement here, the same facts),
    // for the whole organisation and for a caller who does not see meter b: pairs that must be equal.
    const editions = async (months?: string[]) => {
      const query = { organisationId: org.id, from: '2024-01-01', till: '2024-12-01', months };
      const pairs = [];
      for (const visible of [null, [a.id, check.id]])
        pairs.push([
          await factEditions(database.db, { ...query, visible }),
          await factEditions(database.db, { ...query, visible, basis: 'original' }),
        ]);
      return pairs;
    };
    // Each factor's version 1, as the catalogue keeps them (catalogue-editions.ts), so the facts name it.
    const versioned = () =>
      database.db.execute(sql`
        insert into emission_factor_versions (factor_id, version, rate, co2, ch4, n2o, start_date, end_date, reason)
        select f.id, f.version, f.rate, f.co2, f.ch4, f.n2o, f.start_date, f.end_date, 'As seeded'
        from emission_factors f
        where f.data_type_id = ${power.id}
          and not exists (select 1 from emission_factor_versions v where v.factor_id = f.id and v.version = f.version)`);
    await versioned();
    const i1 = await createInvoice(database.db, a, {
      from: '2024-01-01',
      till: '2024-02-15',
      consumption: 4600,
      cost: 920,
    });
    await createInvoice(database.db, b, {
      from: '2024-01-10',
      till: '2024-01-31',
      consumption: 2200,
      cost: 440,
    });
    await createInvoice(database.db, check, {
      from: '2024-01-01',
      till: '2024-01-31',
      consumption: 500,
      cost: 0,
    });
    await recomputeFacts(database.db, [a.id, b.id, check.id]);
    expect(await stored()).toEqual(await fromFacts());
    expect((await stored()).map((r) => r.facts)).toEqual([2, 1]);
    for (const [table, facts] of await editions()) {
      expect(table).toEqual(facts);
      expect(table).toEqual([{ id: null, name: 'Versions set (entered by hand)' }]);
    }

    // A new rate from February: February's facts name the new version and no longer the old one.
    await createFactor(database.db, {
      dataTypeId: power.id,
      sourceId: source.id,
      scope: 2,
      rate: 0.2,
      startDate: '2024-02-01',
    });
    await database.db.execute(sql`update emission_factors set end_date = '2024-01-31'
      where data_type_id = ${power.id} and rate = 0.1`);
    await versioned();
    await recomputeFacts(database.db, [a.id, b.id, check.id]);
    expect(await stored()).toEqual(await fromFacts());
    expect(new Set((await stored()).map((r) => r.factor_version_id)).size).toBe(2);

    // Reversed, the invoice leaves no fact and no row at 0.
    await createInvoice(database.db, a, {
      kind: 'reversal',
      from: '2024-01-01',
      till: '2024-02-15',
      consumption: 0,
      cost: 0,
      reverses: [i1.id],
    });
    await recomputeFacts(database.db, [a.id]);
    expect(await stored()).toEqual(await fromFacts());
    expect((await stored()).every((r) => Number(r.facts) > 0)).toBe(true);
    // January: only b's fact names a version; the caller who does not see b is named none.
    const [whole, narrowed] = await editions(['2024-01-01']);
    expect(whole?.[0]).toEqual(whole?.[1]);
    expect(whole?.[0]).toHaveLength(1);
    expect(narrowed?.[0]).toEqual(narrowed?.[1]);
    expect(narrowed?.[0]).toEqual([]);
  });
});
