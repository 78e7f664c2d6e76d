import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createDataType, createFactor, createFactorSource } from '../catalogue-factories';
import { createOrganisation } from '../factories';
import { createInvoice, createTransaction } from '../input-factories';
import { compositeComponents } from '../schema/catalogue';
import { halfHourDays, halfHourRegisters } from '../schema/half-hours';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { recomputeFacts } from './recompute';

let database: TestDatabase;
let electricity: Awaited<ReturnType<typeof createDataType>>;
let defaultSource: { id: number };

beforeAll(async () => {
  database = await createTestDatabase();
  defaultSource = await createFactorSource(database.db, { name: 'Government 2024' });
  electricity = await createDataType(database.db, { name: 'Electricity' });
  await createFactor(database.db, {
    dataTypeId: electricity.id,
    sourceId: defaultSource.id,
    scope: 2,
    rate: 0.1,
    startDate: '2020-01-01',
  });
  await createFactor(database.db, {
    dataTypeId: electricity.id,
    sourceId: defaultSource.id,
    scope: 3,
    rate: 0.01,
    startDate: '2020-01-01',
  });
});
afterAll(() => database.close());

const facts = async (meterId: number) =>
  (
    await database.db.execute<{
      month: string;
      q: number;
      cost: string;
      s1: number;
      s2: number;
      s3: number;
      days: number;
    }>(sql`
      select month, quantity_std as q, cost, co2e_scope1 as s1, co2e_scope2_location as s2, co2e_scope3 as s3, days_covered as days
      from monthly_facts where meter_id = ${meterId} order by month`)
  ).rows;

async function meterIn(orgValues: Parameters<typeof createOrganisation>[1] = {}, meterValues = {}) {
  const org = await createOrganisation(database.db, orgValues);
  const site = await createSite(database.db, org.id);
  return createMeter(database.db, site, {
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
    ...meterValues,
  });
}

describe('recomputeFacts', () => {
  it('writes the facts of a meter and replaces them when its inputs change', async () => {
    const meter = await meterIn();
    const invoice = await createInvoice(database.db, meter, {
      from: '2024-03-17',
      till: '2024-04-30',
      consumption: 4500,
      cost: 900.01,
    });
    await recomputeFacts(database.db, [meter.id]);
    expect(await facts(meter.id)).toEqual([
      { month: '2024-03-01', q: 1500, cost: '300.01', s1: 0, s2: 150, s3: 15, days: 15 },
      { month: '2024-04-01', q: 3000, cost: '600.00', s1: 0, s2: 300, s3: 30, days: 30 },
    ]);
    // A reversal over its period that charges nothing: the invoice stops counting, the days are uncovered.
    await createInvoice(database.db, meter, {
      kind: 'reversal',
      from: '2024-03-17',
      till: '2024-04-30',
      consumption: 0,
      cost: 0,
      reverses: [invoice.id],
    });
    await recomputeFacts(database.db, [meter.id]);
    expect(await facts(meter.id)).toEqual([
      { month: '2024-03-01', q: 0, cost: '0.00', s1: 0, s2: 0, s3: 0, days: 0 },
      { month: '2024-04-01', q: 0, cost: '0.00', s1: 0, s2: 0, s3: 0, days: 0 },
    ]);
  });

  it('marks a month estimated when a half-hour day has estimated readings (half_hour_days.estimated_readings)', async () => {
    // February 2024, two days of 48 half hours at 0.5 kWh (24 kWh a day): 48 kWh. Once the second day's last 8
    // half hours are flagged E (estimated_readings 8), the month is an estimate with the same 48 kWh.
    const meter = await meterIn({}, { meterType: 5 });
    await database.db.insert(halfHourRegisters).values({
      organisationId: meter.organisationId,
      meterId: meter.id,
      register: 0,
      direction: 'import',
      quantity: 'kWh',
    });
    await database.db.insert(halfHourDays).values(
      ['2024-02-01', '2024-02-02'].map((readDate) => ({
        meterId: meter.id,
        organisationId: meter.organisationId,
        register: 0,
        readDate,
        kwh: Array.from({ length: 48 }, () => 0.5),
        dayKwh: 24,
        readings: 48,
      })),
    );
    const estimated = async () =>
      (
        await database.db.execute<{ q: number; estimated: boolean }>(
          sql`select quantity_std as q, estimated from monthly_facts where meter_id = ${meter.id}`,
        )
      ).rows;
    await recomputeFacts(database.db, [meter.id]);
    expect(await estimated()).toEqual([{ q: 48, estimated: false }]);
    await database.db.execute(sql`update half_hour_days set quality = ${`${'A'.repeat(40)}${'E'.repeat(8)}`},
      estimated_readings = 8 where meter_id = ${meter.id} and read_date = '2024-02-02'`);
    await recomputeFacts(database.db, [meter.id]);
    expect(await estimated()).toEqual([{ q: 48, estimated: true }]);
  });

  it("counts only the days of the meter's open period, and follows a change of its open date", async () => {
    // Open 11 March 2024: of a 1-31 March invoice of 3100 kWh and $310.00 (100 kWh, $10.00 a day) March counts
    // 21 days -> 2100 kWh, $210.00, 210 kg scope 2, 21 kg scope 3. The invoice is kept as it was.
    const meter = await meterIn({}, { meterOpen: '2024-03-11' });
    await createInvoice(database.db, meter, {
      from: '2024-03-01',
      till: '2024-03-31',
      consumption: 3100,
      cost: 310,
    });
    await recomputeFacts(database.db, [meter.id]);
    expect(await facts(meter.id)).toEqual([
      { month: '2024-03-01', q: 2100, cost: '210.00', s1: 0, s2: 210, s3: 21, days: 21 },
    ]);
    // Opened on the 1st instead: the whole invoice counts.
    await database.db.execute(sql`update meters set meter_open = '2024-03-01' where id = ${meter.id}`);
    await recomputeFacts(database.db, [meter.id]);
    expect(await facts(meter.id)).toEqual([
      { month: '2024-03-01', q: 3100, cost: '310.00', s1: 0, s2: 310, s3: 31, days: 31 },
    ]);
  });

  it('commits or rolls back with the write that caused it', async () => {
    const meter = await meterIn();
    await createInvoice(database.db, meter, {
      from: '2024-01-01',
      till: '2024-01-31',
      consumption: 310,
      cost: 62,
    });
    await recomputeFacts(database.db, [meter.id]);
    await expect(
      database.db.transaction(async (tx) => {
        await createInvoice(tx, meter, {
          from: '2024-02-01',
          till: '2024-02-29',
          consumption: 290,
          cost: 58,
        });
        await recomputeFacts(tx, [meter.id]);
        throw new Error('the write fails after the recompute');
      }),
    ).rejects.toThrow();
    expect((await facts(meter.id)).map((f) => f.month)).toEqual(['2024-01-01']);
  });

  it("uses the organisation's own factor set, falling back to the default for what it lacks", async () => {
    const own = await createFactorSource(database.db, { name: 'Own set', isDefault: false });
    await createFactor(database.db, {
      dataTypeId: electricity.id,
      sourceId: own.id,
      scope: 2,
      rate: 0.05,
      startDate: '2020-01-01',
    });
    const meter = await meterIn({ emissionFactorDataSourceId: own.id });
    await createInvoice(database.db, meter, {
      from: '2024-05-01',
      till: '2024-05-31',
      consumption: 1000,
      cost: 200,
    });
    await recomputeFacts(database.db, [meter.id]);
    // Scope 2 from its own set (0.05), scope 3 from the default set (0.01).
    expect(await facts(meter.id)).toMatchObject([{ s2: 50, s3: 10 }]);
  });

  it("weights a composite data type's component factors", async () => {
    const fossil = await createDataType(database.db, {
      name: 'Diesel',
      stdUnit: 'L',
      standardisedUnit: 'volume',
    });
    const bio = await createDataType(database.db, {
      name: 'Biodiesel',
      stdUnit: 'L',
      standardisedUnit: 'volume',
    });
    await createFactor(database.db, {
      dataTypeId: fossil.id,
      sourceId: defaultSource.id,
      scope: 1,
      rate: 2.7,
      startDate: '2020-01-01',
    });
    await createFactor(database.db, {
      dataTypeId: bio.id,
      sourceId: defaultSource.id,
      scope: 3,
      rate: 0.4,
      startDate: '2020-01-01',
    });
    const blend = await createDataType(database.db, {
      id: 100001,
      name: 'Diesel B20',
      stdUnit: 'L',
      standardisedUnit: 'volume',
      composite: true,
    });
    await database.db.insert(compositeComponents).values([
      { compositeId: blend.id, componentId: fossil.id, percentage: '80' },
      { compositeId: blend.id, componentId: bio.id, percentage: '20' },
    ]);
    const meter = await meterIn(
      {},
      { energyId: blend.id, unitId: blend.stdUnitId, meterType: 7, meterOpen: '2024-01-01' },
    );
    await createTransaction(database.db, meter, { date: '2024-06-10', quantity: 100 });
    await recomputeFacts(database.db, [meter.id], '2024-06-30');
    // 100 L: scope 1 = 100 x 0.8 x 2.7 = 216; scope 3 = 100 x 0.2 x 0.4 = 8.
    const [june] = await facts(meter.id);
    expect(june?.s1).toBeCloseTo(216, 9);
    expect(june?.s3).toBeCloseTo(8, 9);
    expect(june?.days).toBe(30);
  });
});

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
