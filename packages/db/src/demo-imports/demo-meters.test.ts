import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestDatabase, type DemoTestDatabase } from '../testing/demo-database';
import { DEMO_SMART_METERS } from './samples';

let database: DemoTestDatabase;
beforeAll(async () => {
  database = await createDemoTestDatabase();
});
afterAll(() => database.close());

describe('the sample import files', () => {
  it("name the demo's smart meters by their ICPs", async () => {
    const { rows } = await database.db.execute<{ name: string; account: string; meter_type: number }>(sql`
      select m.local_name as name, m.account, m.meter_type from meters m
      join organisations o on o.id = m.organisation_id
      where o.name = 'Demo Organisation' and m.deleted_at is null and m.meter_type = 5 order by m.id`);
    expect(rows.map((r) => ({ name: r.name, icp: r.account }))).toEqual(
      Object.values(DEMO_SMART_METERS).map(({ name, icp }) => ({ name, icp })),
    );
  });
});
