import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumFacts } from './ledger/read-model';
import { createDemoTestDatabase, type DemoTestDatabase } from './testing/demo-database';

let database: DemoTestDatabase;
let organisationId: number;
beforeAll(async () => {
  database = await createDemoTestDatabase();
  organisationId = database.demoOrganisationId;
});
afterAll(() => database.close());

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

describe('demo notes and distributions', () => {
  it('has notes of every kind, one marking a non-invoicing period', async () => {
    const notes = await rows<{ kind: string; gap: boolean; n: number }>(sql`
      select case when invoice_id is not null then 'INVOICE' when date_till is null then 'NO_END' else 'HAS_END' end
        as kind, invoice_gap_filler as gap, count(*)::int as n
      from jobs where organisation_id = ${organisationId} and meter_id is not null group by 1, 2 order by 1, 2`);
    expect(notes.map((r) => r.kind)).toEqual(expect.arrayContaining(['NO_END', 'HAS_END', 'INVOICE']));
    expect(notes.some((r) => r.gap)).toBe(true);
    // An invoice note covers its invoice's period exactly.
    const bound = await rows<{ same: boolean }>(sql`
      select j.date_from = i.date_from and j.date_till = i.date_till as same
      from jobs j join invoices i on i.id = j.invoice_id where j.organisation_id = ${organisationId}`);
    expect(bound.length).toBeGreaterThanOrEqual(2);
    expect(bound.every((r) => r.same)).toBe(true);
  });

  it('distributes meters to entities at most 100 % each, with one change of shares', async () => {
    const sums = await rows<{ total: number }>(sql`
      select sum(percentage)::float8 as total from meter_entity_shares
      where organisation_id = ${organisationId} group by meter_id, valid_from`);
    expect(sums.length).toBeGreaterThanOrEqual(9);
    expect(sums.every((r) => r.total > 0 && r.total <= 100)).toBe(true);
    const dates = await rows<{ valid_from: string }>(sql`
      select distinct valid_from::text from meter_entity_shares where organisation_id = ${organisationId}
      order by 1`);
    expect(dates.map((r) => r.valid_from)).toEqual(['1900-01-01', '2025-11-01']);
  });

  it("reads an entity's figures as its meters' facts times the shares in force", async () => {
    // The Server Room: 15 % of Head Office Main supply and all of Head Office Data room, in October 2026.
    const facts = await rows<{ name: string; kwh: number }>(sql`
      select m.local_name as name, f.quantity_std::float8 as kwh from monthly_facts f
      join meters m on m.id = f.meter_id
      where f.organisation_id = ${organisationId} and f.month = '2026-10-01'
        and m.local_name in ('Head Office Main supply', 'Head Office Data room')`);
    const kwh = (name: string) => facts.find((f) => f.name === name)?.kwh ?? Number.NaN;
    const expected = kwh('Head Office Main supply') * 0.15 + kwh('Head Office Data room');
    const entity = await rows<{ id: number }>(sql`
      select id from entities where organisation_id = ${organisationId} and name = 'Server Room'`);
    const [sums] = await sumFacts(database.db, {
      organisationId,
      by: ['entity'],
      from: '2026-10-01',
      till: '2026-10-01',
      visible: null,
      entityIds: [entity[0]?.id ?? 0],
    });
    expect(expected).toBeGreaterThan(0);
    expect(sums?.cons).toBeCloseTo(expected, 6);
    // The Community Hall's share of the library supply was 30 % before November 2025, 40 % since.
    const hall = await rows<{ id: number }>(sql`
      select id from entities where organisation_id = ${organisationId} and name = 'Community Hall'`);
    const months = await rows<{ month: string; kwh: number }>(sql`
      select f.month::text, f.quantity_std::float8 as kwh from monthly_facts f join meters m on m.id = f.meter_id
      where f.organisation_id = ${organisationId} and m.local_name = 'Civic Library Main supply'
        and f.month in ('2025-10-01', '2025-11-01')`);
    const byMonth = await sumFacts(database.db, {
      organisationId,
      by: ['entity', 'month'],
      from: '2025-10-01',
      till: '2025-11-01',
      visible: null,
      entityIds: [hall[0]?.id ?? 0],
    });
    const libraryKwh = (m: string) => months.find((r) => r.month === m)?.kwh ?? Number.NaN;
    const gasShare = (m: string) =>
      (byMonth.find((r) => r.month === m)?.cons ?? 0) - libraryKwh(m) * (m < '2025-11-01' ? 0.3 : 0.4);
    // What is left is the hall's 40 % of the library's gas, the same rule either side of the change.
    const gas = await rows<{ month: string; kwh: number }>(sql`
      select f.month::text, f.quantity_std::float8 as kwh from monthly_facts f join meters m on m.id = f.meter_id
      where f.organisation_id = ${organisationId} and m.local_name = 'Civic Library Gas'
        and f.month in ('2025-10-01', '2025-11-01')`);
    for (const m of ['2025-10-01', '2025-11-01']) {
      expect(gasShare(m)).toBeCloseTo((gas.find((r) => r.month === m)?.kwh ?? 0) * 0.4, 6);
    }
  });
});
