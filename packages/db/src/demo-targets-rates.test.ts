import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOnce } from './seed';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let database: TestDatabase;
let organisationId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoOnce(database.db, { adminPassword: 'Admin-pass-123', today: '2026-11-21' });
  const rows = await database.db.execute<{ id: number }>(
    sql`select id from organisations where name = 'Demo Organisation'`,
  );
  organisationId = rows.rows[0]?.id ?? 0;
});
afterAll(() => database.close());

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

describe('demo targets and rates', () => {
  it('has the 30% CO2e by 2030 target from an entered 2019 baseline with a derived profile', async () => {
    const [target] = await rows<{ name: string; spec: Record<string, unknown> }>(
      sql`select name, spec from targets where organisation_id = ${organisationId}`,
    );
    expect(target?.name).toBe('30% CO2e by 2030');
    expect(target?.spec).toMatchObject({ baselineYear: 2019, profileFrom: 'DERIVE', consFrom: 'ENTER' });
    expect(Number(target?.spec.baselineCons)).toBeGreaterThan(0);
    const [group] = await rows<{ co2e: number }>(sql`
      select gt.co2e_target::float8 as co2e from group_targets gt join asset_groups g on g.id = gt.group_id
      where g.organisation_id = ${organisationId} and g.name = 'Depots'`);
    expect(group?.co2e).toBeGreaterThan(0);
  });

  it('has a TOU contract with a year of rates for its smart meters, NHH rates and a PPD contract', async () => {
    const [tou] = await rows<{ months: number; rates: number; meters: number }>(sql`
      select count(distinct r.month)::int as months, count(*)::int as rates,
        (select count(*)::int from meters m where m.tou_contract_id = c.id) as meters
      from tou_contracts c join tou_rates r on r.contract_id = c.id
      where c.organisation_id = ${organisationId} group by c.id`);
    expect(tou).toEqual({ months: 12, rates: 12 * 4 * 2, meters: 3 });
    const [nhh] = await rows<{ n: number }>(
      sql`select count(*)::int as n from nhh_rates where organisation_id = ${organisationId}`,
    );
    expect(nhh?.n).toBe(2);
    const [ppd] = await rows<{ meters: number }>(sql`
      select (select count(*)::int from meters m where m.ppd_contract_id = c.id) as meters
      from ppd_contracts c where c.organisation_id = ${organisationId}`);
    expect(ppd?.meters).toBe(2);
  });
});
