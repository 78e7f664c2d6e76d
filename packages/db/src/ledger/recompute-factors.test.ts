import { describe, expect, it } from 'vitest';
import { createDataType, createFactor, createFactorSource } from '../catalogue-factories';
import { createInvoice, createTransaction } from '../input-factories';
import { compositeComponents } from '../schema/catalogue';
import { recomputeFacts } from './recompute';
import { database, defaultSource, electricity, facts, meterIn, useFixture } from './recompute.fixture';

/*
 * recomputeFacts and the factors it applies: the organisation's own factor set with the default's fallback, and a
 * composite data type's weighted components. The world is ./recompute.fixture.ts.
 */

useFixture();

describe('recomputeFacts and factor sets', () => {
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
