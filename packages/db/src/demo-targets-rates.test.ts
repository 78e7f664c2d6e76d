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

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

describe('demo targets and rates', () => {
  it('has the 30% CO2e by 2030 target from last year, baseline and profile derived from the ledger', async () => {
    const [target] = await rows<{ name: string; spec: Record<string, unknown> }>(
      sql`select name, spec from targets where organisation_id = ${organisationId}`,
    );
    expect(target?.name).toBe('30% CO2e by 2030');
    expect(target?.spec).toMatchObject({ baselineYear: 2025, profileFrom: 'DERIVE', consFrom: 'DERIVE' });
    const [group] = await rows<{ co2e: number }>(sql`
      select gt.co2e_target::float8 as co2e from group_targets gt join asset_groups g on g.id = gt.group_id
      where g.organisation_id = ${organisationId} and g.name = 'Depots'`);
    expect(group?.co2e).toBeGreaterThan(0);
  });

  it('has a TOU contract with rates from the half-hour data on for its smart meters, NHH rates and a PPD contract', async () => {
    const [tou] = await rows<{ months: number; rates: number; meters: number }>(sql`
      select count(distinct r.month)::int as months, count(*)::int as rates,
        (select count(*)::int from meters m where m.tou_contract_id = c.id) as meters
      from tou_contracts c join tou_rates r on r.contract_id = c.id
      where c.organisation_id = ${organisationId} group by c.id`);
    expect(tou).toEqual({ months: 13, rates: 13 * 4 * 2, meters: 3 });
    const [nhh] = await rows<{ n: number }>(
      sql`select count(*)::int as n from nhh_rates where organisation_id = ${organisationId}`,
    );
    expect(nhh?.n).toBe(2);
    const [ppd] = await rows<{ meters: number }>(sql`
      select (select count(*)::int from meters m where m.ppd_contract_id = c.id) as meters
      from ppd_contracts c where c.organisation_id = ${organisationId}`);
    expect(ppd?.meters).toBe(2);
  });

  it('bills its non-TOU electricity at the NHH rates and its smart meter at the TOU contract', async () => {
    const nhh = await rows<{ year: string; rate: string; n: number }>(sql`
      select to_char(i.date_from, 'YYYY') as year, l.rate::float8::text as rate, count(*)::int as n
      from invoice_line_items l join invoices i on i.id = l.invoice_id
      join invoice_meters im on im.invoice_id = i.id join meters m on m.id = im.meter_id
      join data_types d on d.id = m.energy_id
      where l.organisation_id = ${organisationId} and m.meter_type = 2 and d.grouping = 'Electricity'
        and l.charge_type in ('energy', 'network')
        and i.date_from >= '2025-01-01'
      group by 1, 2, l.charge_type order by 1, 2`);
    expect(nhh.map((r) => [r.year, r.rate])).toEqual([
      ['2025', '12.4'],
      ['2025', '6.2'],
      ['2026', '12.9'],
      ['2026', '6.4'],
    ]);
    const smart = await rows<{
      invoices: number;
      first: string;
      last: string;
      lines: number;
      items: string;
      cost: string;
    }>(sql`
      select count(distinct i.id)::int as invoices, min(i.date_from)::text as first, max(i.date_till)::text as last,
        count(*)::int as lines, sum(l.total)::text as items, (select sum(cost_excl_tax) from invoices x
          where x.invoice_number like 'SMT-%' and x.organisation_id = ${organisationId})::text as cost
      from invoices i join invoice_line_items l on l.invoice_id = i.id
      where i.organisation_id = ${organisationId} and i.invoice_number like 'SMT-%'`);
    // October 2025 to September 2026, each of 8 energy lines and 3 others; items make the cost. October 2026,
    // last month, has the half-hour gap of demo-half-hour.ts, so it is not billed.
    expect(smart[0]).toMatchObject({ invoices: 12, first: '2025-10-01', last: '2026-09-30', lines: 12 * 11 });
    expect(smart[0]?.items).toBe(smart[0]?.cost);
  });
});
