import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createInvoice } from '../input-factories';
import { halfHourDays, halfHourRegisters } from '../schema/half-hours';
import { recomputeFacts } from './recompute';
import { database, facts, meterIn, useFixture } from './recompute.fixture';

/*
 * recomputeFacts writes a meter's facts from its inputs: replaced when they change, estimated months, the open
 * period, and the transaction of the write. The world is ./recompute.fixture.ts.
 */

useFixture();

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
});
