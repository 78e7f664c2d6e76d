import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestDatabase, type DemoTestDatabase } from './testing/demo-database';

let database: DemoTestDatabase;
let organisationId: number;
beforeAll(async () => {
  database = await createDemoTestDatabase();
  organisationId = database.demoOrganisationId;
});
afterAll(() => database.close());

describe('demo groupings', () => {
  it('puts every site in one division and every live meter in one region; Depots stays uncontrolled', async () => {
    const groups = await database.db.execute<{ grouping: string | null; name: string; n: number }>(sql`
      select gg.name as grouping, g.name, count(m.asset_id)::int as n from asset_groups g
      left join groupings gg on gg.id = g.grouping_id
      left join asset_group_members m on m.group_id = g.id
      where g.organisation_id = ${organisationId} group by 1, 2 order by 1 nulls last, 2`);
    expect(groups.rows.map((r) => [r.grouping, r.name])).toEqual([
      ['Divisions', 'Community'],
      ['Divisions', 'Corporate'],
      ['Divisions', 'Water Services'],
      ['Regions', 'North'],
      ['Regions', 'South'],
      [null, 'Depots'],
    ]);
    const unassigned = await database.db.execute<{ kind: string; n: number }>(sql`
      select 'site' as kind, count(*)::int as n from sites s where s.organisation_id = ${organisationId}
        and s.deleted_at is null and not exists (select 1 from asset_group_members m
          join asset_groups g on g.id = m.group_id and g.member_type = 'site' and g.grouping_id is not null
          where m.asset_id = s.id)
      union all
      select 'meter', count(*)::int from meters x where x.organisation_id = ${organisationId}
        and x.deleted_at is null and not exists (select 1 from asset_group_members m
          join asset_groups g on g.id = m.group_id and g.member_type = 'meter' and g.grouping_id is not null
          where m.asset_id = x.id)`);
    expect(unassigned.rows).toEqual([
      { kind: 'site', n: 0 },
      { kind: 'meter', n: 0 },
    ]);
  });
});
