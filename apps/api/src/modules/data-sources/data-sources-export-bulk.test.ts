import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { intArray } from '@verdant/db/sql-arrays';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../testing/test-app';
import { call, ids, names, org, t, useFixture } from './data-sources.fixture';

useFixture();

describe('meter data export', () => {
  const exportCall = (who: string, payload: object, format = 'csv') =>
    call(who, 'POST', `/api/organisations/${org.id}/meter-data-export?format=${format}`, payload);
  const request = () => ({
    assets: [ids.officeSupply, ids.supply],
    data: ['kWh', '$', 'CO2e'],
    ranges: [
      { aggregation: 'monthly', start: '2026-09', end: '2026-10' },
      { aggregation: 'total', start: '2026-09', end: '2026-10' },
    ],
    validationColumns: true,
  });

  it('streams monthly and total rows per data source as CSV, by site and name', async () => {
    const res = await exportCall('watcher', { ...request(), assets: [ids.officeSupply, ids.supply] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="meter-data-export.csv"');
    expect(res.body.trim().split('\n')).toEqual([
      'Data Source,Site,Account,Measuring,Aggregation,Period,Energy (kWh),Cost ($),Emissions (kg CO2e),Days Open,Days With Data,Complete',
      'Depot supply,Depot,ICP-DEPOT,Electricity,Monthly,2026-09,2900,580,290,30,30,Yes',
      'Depot supply,Depot,ICP-DEPOT,Electricity,Monthly,2026-10,3100,620,310,31,31,Yes',
      'Depot supply,Depot,ICP-DEPOT,Electricity,Total,2026-09 to 2026-10,6000,1200,600,61,61,Yes',
      'Office supply,Office,,Electricity,Monthly,2026-09,0,0,0,0,0,No',
      'Office supply,Office,,Electricity,Monthly,2026-10,1000,210,100,31,31,Yes',
      'Office supply,Office,,Electricity,Total,2026-09 to 2026-10,1000,210,100,31,31,Yes',
      // The closing line says which figures the kg CO2e are and names their editions
      // (docs/decisions/factor-editions.md, What names its editions; Every report of kg CO2e restated or as
      // originally reported): this fixture's factors were written without versions, so its facts record none.
      'Restated: emissions as they stand; no restatement has replaced the figures of these months. Factors: none recorded for these figures.,,,,,,,,,,,',
    ]);
  });

  it('writes the quantity in its own unit, and XLSX', async () => {
    const res = await exportCall('watcher', {
      assets: [ids.officeWater],
      data: ['units', 'kWh'],
      ranges: [{ aggregation: 'total', start: '2026-10', end: '2026-10' }],
    });
    expect(res.body.trim().split('\n')).toEqual([
      'Data Source,Site,Account,Measuring,Aggregation,Period,Quantity,Unit,Energy (kWh)',
      'Office water,Office,,Water,Total,2026-10 to 2026-10,50,m3,',
    ]);
    const xlsx = await exportCall('watcher', request(), 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses an empty choice, a range without an end, another organisation’s meter and hidden meters', async () => {
    expect((await exportCall('watcher', { ...request(), data: [] })).json().fields).toBeDefined();
    const noEnd = await exportCall('watcher', {
      ...request(),
      ranges: [{ aggregation: 'monthly', start: '2026-01' }],
    });
    expect(noEnd.statusCode).toBe(400);
    const backwards = {
      ...request(),
      ranges: [{ aggregation: 'monthly', start: '2026-10', end: '2026-01' }],
    };
    expect((await exportCall('watcher', backwards)).statusCode).toBe(400);
    expect(
      (await exportCall('watcher', { ...request(), assets: [ids.supply, ids.theirMeter] })).statusCode,
    ).toBe(404);
    expect((await exportCall('narrowed', { ...request(), assets: [ids.officeSupply] })).statusCode).toBe(404);
    const tooLong = { ...request(), ranges: [{ aggregation: 'monthly', start: '2000-01', end: '2026-10' }] };
    expect((await exportCall('watcher', tooLong)).json().message).toBe(
      'The ranges cover more than 240 months together; export them in parts',
    );
  });
});

describe('bulk actions', () => {
  const bulk = (who: string, payload: object) => call(who, 'PUT', '/api/meters/bulk-action', payload);
  const openDates = async () =>
    (
      await t.db.execute<{ id: number; meter_open: string }>(
        sql`select id, meter_open::text from meters where organisation_id = ${org.id} order by id`,
      )
    ).rows.map((r) => r.meter_open);

  it('refuses observers, bad input, 10,000 ids and selections with another organisation’s meter, changing nothing', async () => {
    const before = await openDates();
    const three = [ids.supply, ids.check, ids.officeSupply];
    const watcher = await bulk('watcher', { action: 'open-date', ids: three, data: '2026-01-01' });
    expect(watcher.statusCode).toBe(403);
    expect(watcher.json().message).toBe(
      'You may not change one or more of the chosen data sources. Nothing was changed.',
    );
    const many = Array.from({ length: 10_000 }, (_, i) => i + 1);
    expect((await bulk('editor', { action: 'open-date', ids: many, data: '2026-01-01' })).statusCode).toBe(
      400,
    );
    expect((await bulk('editor', { action: 'open-date', ids: three, data: '2026-02-30' })).statusCode).toBe(
      400,
    );
    expect((await bulk('editor', { action: 'open-date', ids: three })).statusCode).toBe(400);
    const mixed = await bulk('editor', {
      action: 'open-date',
      ids: [...three, ids.theirMeter],
      data: '2026-01-01',
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().message).toBe(
      'One or more of the chosen data sources could not be found. Nothing was changed.',
    );
    const hidden = await bulk('narrowed', { action: 'delete-and-omit', ids: [ids.supply, ids.officeSupply] });
    expect(hidden.statusCode).toBe(404);
    const late = await bulk('editor', {
      action: 'open-date',
      ids: three,
      data: '2027-07-01',
      moveIfBefore: true,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(
      'The open date cannot be after the close date of Office supply (2027-06-30)',
    );
    const none = await bulk('editor', {
      action: 'open-date',
      ids: three,
      data: '2026-01-01',
      moveIfAfter: false,
    });
    expect(none.json().message).toBe("Choose 'move earlier', 'move later' or both");
    expect(await openDates()).toEqual(before);
  });

  it('sets open dates (move later), recomputes the figures in the same transaction and audits each meter', async () => {
    const three = [ids.supply, ids.check, ids.officeSupply];
    const earlier = await bulk('editor', { action: 'open-date', ids: three, data: '2026-10-16' });
    // 'move earlier' only: none of them opens after 16 October 2026.
    expect(earlier.json()).toEqual({
      success: true,
      message: 'Open dates updated',
      changed: 0,
      pending: false,
    });
    const res = await bulk('editor', {
      action: 'open-date',
      ids: three,
      data: '2026-10-16',
      moveIfBefore: true,
      moveIfAfter: true,
    });
    expect(res.json()).toEqual({ success: true, message: 'Open dates updated', changed: 3, pending: false });
    const dates = await t.db.execute<{ meter_open: string }>(
      sql`select meter_open::text from meters where id = any(${intArray(three.map(Number))})`,
    );
    expect(dates.rows.map((r) => r.meter_open)).toEqual(['2026-10-16', '2026-10-16', '2026-10-16']);
    // Depot supply now opens on 16 October: the recompute counts 16 days open in October; its September
    // inputs are kept but no longer counted, so September has no facts.
    const open = await t.db.execute<{ month: string; days_open: number }>(sql`
      select month::text, days_open from monthly_facts where meter_id = ${ids.supply} order by month`);
    expect(open.rows).toEqual([{ month: '2026-10-01', days_open: 16 }]);
    const audit = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'update' and asset_type = 'meter'
        and changes -> 'meterOpen' ->> 'after' = '2026-10-16'`,
    );
    expect(audit.rows[0]?.n).toBe(3);
  });

  it('hands more than 50 meters to the recompute job: they are pending until it has run', async () => {
    const big = await createOrganisation(t.db, { name: 'Big Org' });
    const site = await createSite(t.db, big.id, { name: 'Yard' });
    const many: number[] = [];
    for (let i = 0; i < 51; i++) {
      many.push((await createMeter(t.db, site, { localName: `Pump ${i}`, meterOpen: '2020-01-01' })).id);
    }
    await createMember(t.db, big.id, { loginId: 'big.editor', accessId: 3 });
    const token = await t.login('big.editor');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/meters/bulk-action',
      headers: bearer(token),
      payload: { action: 'open-date', ids: many, data: '2019-01-01' },
    });
    expect(res.json()).toEqual({ success: true, message: 'Open dates updated', changed: 51, pending: true });
    const pending = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_pending where organisation_id = ${big.id}`,
    );
    expect(pending.rows[0]?.n).toBe(51);
  });

  it("deletes and marks not to load, with the spec's message; the figures leave the lists", async () => {
    const res = await bulk('boss', { action: 'delete-and-omit', ids: [ids.check, ids.officeWater] });
    expect(res.json()).toMatchObject({
      success: true,
      message: '2 meters removed and marked to be ignored in the future',
    });
    expect(await names('boss')).toEqual(['Depot supply', 'Office supply']);
    const rows = await t.db.execute<{ dont_load: boolean; deleted: boolean; facts: number }>(sql`
      select m.dont_load, m.deleted_at is not null as deleted,
        (select count(*)::int from monthly_facts f where f.meter_id = m.id) as facts
      from meters m where m.id in (${ids.check}, ${ids.officeWater})`);
    expect(rows.rows).toEqual([
      { dont_load: true, deleted: true, facts: 0 },
      { dont_load: true, deleted: true, facts: 0 },
    ]);
  });
});
