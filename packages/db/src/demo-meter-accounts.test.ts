import { icpValid } from '@verdant/domain/meter-creation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestDatabase, type DemoTestDatabase } from './testing/demo-database';

let database: DemoTestDatabase;
beforeAll(async () => {
  database = await createDemoTestDatabase();
});
afterAll(() => database.close());

const demoMeters = async () =>
  (
    await database.db.execute<{
      name: string;
      site: string;
      grouping: string;
      type: string;
      level: number;
      situation: string;
      account: string | null;
      meter_number: string | null;
      retailer: string | null;
      unit_id: number | null;
      output_unit_id: number | null;
    }>(sql`
      select m.local_name as name, s.name as site, d.grouping, d.name as type, m.metlvl_id as level,
        m.situation, m.account, m.meter_number, r.name as retailer, m.unit_id, m.output_unit_id
      from meters m join sites s on s.id = m.site_id join organisations o on o.id = m.organisation_id
      join data_types d on d.id = m.energy_id left join retailers r on r.id = m.retailer_id
      where o.name = 'Demo Organisation' order by m.id`)
  ).rows;

describe('demo meter accounts', () => {
  it('gives every electricity and gas supply an ICP that passes the check and a retailer', async () => {
    const supplies = (await demoMeters()).filter(
      (m) => m.level === 1 && (m.grouping === 'Electricity' || m.grouping === 'Natural gas'),
    );
    expect(supplies.length).toBeGreaterThanOrEqual(20);
    for (const m of supplies) {
      expect(icpValid(m.account ?? ''), `${m.name}: ${m.account}`).toBe(true);
      expect(m.retailer, m.name).not.toBeNull();
    }
    expect(new Set(supplies.map((m) => m.account)).size).toBe(supplies.length);
  });

  it('marks check meters, reports in the recorded unit, and pairs water with wastewater on one account', async () => {
    const all = await demoMeters();
    for (const m of all) expect(m.output_unit_id, m.name).toBe(m.unit_id);
    expect(all.filter((m) => m.level === 2).every((m) => m.situation === 'CHECK')).toBe(true);
    const headOffice = all.filter((m) => m.site === 'Head Office' && m.grouping === 'Water');
    expect(headOffice.map((m) => [m.type, m.meter_number])).toEqual([
      ['Water supply', 'HW 30117 (W)'],
      ['Wastewater', 'HW 30117 (WW)'],
    ]);
    expect(headOffice[0]?.account).toBe(headOffice[1]?.account);
    expect(headOffice[0]?.retailer).toBe('City Council Water Services');
  });
});
