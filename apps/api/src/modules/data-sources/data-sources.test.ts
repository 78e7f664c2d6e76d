import { createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { meterAlerts } from '@verdant/db/schema/alerts';
import { groupings } from '@verdant/db/schema/groups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../lib/mail';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Today is 21 November 2026 (last complete month October 2026). Depot has Depot supply (3100 kWh, $620 in
 * October 2026, account ICP-DEPOT) and Depot check (700 kWh); Office has Office supply (1000 kWh, $210) and a
 * water meter (50 m3, $120). Their Site (another organisation) has Their meter.
 */
let t: TestApp;
let org: { id: number };
let other: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
const sent: MailMessage[] = [];

beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date('2026-11-21T10:00:00Z'),
    mailer: { send: async (m) => void sent.push(m) },
  });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Sources Org' });
  other = await createOrganisation(db, { name: 'Other Org' });
  const source = await createFactorSource(db);
  const electricity = await createDataType(db, { name: 'Electricity' });
  const water = await createDataType(db, { name: 'Water', typeId: 2, stdUnit: 'm3', grouping: 'Water' });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.1,
    startDate: '2020-01-01',
  });
  const depot = await createSite(db, org.id, { name: 'Depot' });
  const office = await createSite(db, org.id, { name: 'Office' });
  const theirs = await createSite(db, other.id, { name: 'Their Site' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2020-01-01' };
  const supply = await createMeter(db, depot, {
    localName: 'Depot supply',
    account: 'ICP-DEPOT',
    meterType: 1,
    ...kwh,
  });
  const check = await createMeter(db, depot, { localName: 'Depot check', metlvlId: 2, meterType: 8, ...kwh });
  const officeSupply = await createMeter(db, office, {
    localName: 'Office supply',
    ...kwh,
    meterClose: '2027-06-30',
  });
  const officeWater = await createMeter(db, office, {
    localName: 'Office water',
    energyId: water.id,
    unitId: water.stdUnitId,
    meterOpen: '2020-01-01',
  });
  const theirMeter = await createMeter(db, theirs, { localName: 'Their meter', ...kwh });
  Object.assign(ids, {
    depot: depot.id,
    office: office.id,
    supply: supply.id,
    check: check.id,
    officeSupply: officeSupply.id,
    officeWater: officeWater.id,
    theirMeter: theirMeter.id,
  });
  const oct = { from: '2026-10-01', till: '2026-10-31' };
  await createInvoice(db, supply, { ...oct, consumption: 3100, cost: 620 });
  await createInvoice(db, supply, { from: '2026-09-01', till: '2026-09-30', consumption: 2900, cost: 580 });
  await createInvoice(db, check, { ...oct, consumption: 700, cost: 0 });
  await createInvoice(db, officeSupply, { ...oct, consumption: 1000, cost: 210 });
  await createInvoice(db, officeWater, { ...oct, consumption: 50, cost: 120 });
  await recomputeFacts(db, [supply.id, check.id, officeSupply.id, officeWater.id], '2026-11-21');

  const [grouping] = await db
    .insert(groupings)
    .values({ organisationId: org.id, memberType: 'meter', name: 'Cost centre' })
    .returning();
  ids.grouping = grouping?.id ?? 0;
  await db.execute(sql`insert into asset_groups (organisation_id, member_type, name, grouping_id)
    values (${org.id}, 'meter', 'Operations', ${ids.grouping})`);
  const ops = await db.execute<{ id: number }>(sql`select id from asset_groups where name = 'Operations'`);
  ids.operations = ops.rows[0]?.id ?? 0;
  await db.execute(sql`insert into asset_group_members (organisation_id, group_id, asset_id)
    values (${org.id}, ${ids.operations}, ${supply.id})`);
  await createGroup(db, org.id, 'meter', 'Loose');

  const alerts = await db
    .insert(meterAlerts)
    .values([
      {
        organisationId: org.id,
        meterId: supply.id,
        message: 'Consumption 25% above last year',
        alertDate: '2026-10-31',
      },
      { organisationId: org.id, meterId: supply.id, message: 'Invoice missing', alertDate: '2026-09-30' },
      {
        organisationId: org.id,
        meterId: officeSupply.id,
        message: 'Tariff rate changed',
        alertDate: '2026-10-31',
      },
      { organisationId: other.id, meterId: theirMeter.id, message: 'Theirs', alertDate: '2026-10-31' },
    ])
    .returning();
  Object.assign(ids, {
    alertA: alerts[0]?.id,
    alertB: alerts[1]?.id,
    alertC: alerts[2]?.id,
    alertTheirs: alerts[3]?.id,
  });

  await createMember(db, org.id, { loginId: 'boss', accessId: 2, admin: true, email: 'boss@sources.test' });
  await createMember(db, org.id, { loginId: 'editor', accessId: 3 });
  await createMember(db, org.id, { loginId: 'watcher', accessId: 4 });
  const narrowed = await createMember(db, org.id, { loginId: 'narrowed', accessId: 3 });
  await grantRight(db, {
    userId: narrowed.id,
    organisationId: org.id,
    assetType: 'site',
    assetId: office.id,
    rightId: -1,
  });
  await createMember(db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
  await createUser(db, { loginId: 'root', productAdmin: true });
  for (const k of ['boss', 'editor', 'watcher', 'narrowed', 'outsider', 'root']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });
const list = (who: string, query = '') =>
  call(who, 'GET', `/api/organisations/${org.id}/data-sources?${query}`);
const names = async (who: string, query = '') =>
  (await list(who, query)).json().rows.map((r: { name: string }) => r.name);

describe('data sources list', () => {
  it("lists every live data source with its type, measuring, site, alerts and the month's figure", async () => {
    const res = (await list('watcher')).json();
    expect(res).toMatchObject({ total: 4, month: '202610', mayEdit: false, productAdmin: false });
    expect(res.rows.map((r: { name: string }) => r.name)).toEqual([
      'Depot check',
      'Depot supply',
      'Office supply',
      'Office water',
    ]);
    expect(res.rows[1]).toMatchObject({
      id: ids.supply,
      kind: 'meter',
      type: 'Time of use',
      measuring: 'Electricity',
      unit: 'kWh',
      account: 'ICP-DEPOT',
      site: 'Depot',
      memberOf: 'Depot',
      alerts: 2,
      closed: false,
      figure: 3100,
      lastEntry: '2026-10-31',
    });
    expect(res.rows[3]).toMatchObject({ name: 'Office water', unit: 'm3', figure: 50, alerts: 0 });
    expect(res.options.members.map((m: { name: string }) => m.name)).toEqual(['Depot', 'Office']);
    expect(res.options.groupings).toEqual([{ id: ids.grouping, name: 'Cost centre' }]);
    expect(res.options.types.map((x: { name: string }) => x.name)).toEqual([
      'Time of use',
      'Non time of use',
      'Unmetered consumption only',
    ]);
  });

  it('sorts by signed column number and filters by name or account, type, measuring and membership', async () => {
    expect(await names('editor', 'sort=-4')).toEqual([
      'Depot supply',
      'Office supply',
      'Depot check',
      'Office water',
    ]);
    expect(await names('editor', 'sort=-6')).toEqual([
      'Depot supply',
      'Office supply',
      'Depot check',
      'Office water',
    ]);
    expect(await names('editor', 'sort=4&measure=cost')).toEqual([
      'Depot check',
      'Office water',
      'Office supply',
      'Depot supply',
    ]);
    expect(await names('editor', 'q=icp-dep')).toEqual(['Depot supply']);
    expect(await names('editor', 'type=8')).toEqual(['Depot check']);
    const water = (await list('editor'))
      .json()
      .options.measuring.find((m: { name: string }) => m.name === 'Water');
    expect(await names('editor', `measuring=${water.id}`)).toEqual(['Office water']);
    expect(await names('editor', `member=${ids.office}`)).toEqual(['Office supply', 'Office water']);
    const byGroup = (await list('editor', `memberOf=${ids.grouping}&member=${ids.operations}`)).json();
    expect(byGroup.rows).toEqual([expect.objectContaining({ name: 'Depot supply', memberOf: 'Operations' })]);
    expect(byGroup.options.members).toEqual([{ id: ids.operations, name: 'Operations' }]);
    const cost = (await list('editor', 'measure=cost&month=202609&sort=-4')).json();
    expect(cost.rows[0]).toMatchObject({ name: 'Depot supply', figure: 580 });
    const page = (await list('editor', 'offset=1&limit=2')).json();
    expect(page).toMatchObject({ total: 4, mayEdit: true });
    expect(page.rows.map((r: { name: string }) => r.name)).toEqual(['Depot supply', 'Office supply']);
  });

  it('shows and filters by retailer, and orders the audit view by retailer and last entry', async () => {
    const [retailer] = (
      await t.db.execute<{ id: number; name: string }>(
        sql`select id, name from retailers order by id limit 1`,
      )
    ).rows;
    await t.db.execute(sql`update meters set retailer_id = ${retailer?.id} where id = ${ids.supply}`);
    const res = (await list('editor', `retailer=${retailer?.id}`)).json();
    expect(res.rows).toEqual([expect.objectContaining({ name: 'Depot supply', retailer: retailer?.name })]);
    expect(res.options.retailers).toEqual([{ id: retailer?.id, name: retailer?.name }]);
    expect((await names('editor', 'sort=-7'))[0]).toBe('Depot supply');
    const byEntry = (await list('editor', 'sort=-8')).json().rows;
    expect(byEntry.map((r: { lastEntry: string }) => r.lastEntry)).toEqual(Array(4).fill('2026-10-31'));
    await t.db.execute(sql`update meters set retailer_id = null where id = ${ids.supply}`);
  });

  it('refuses a bad sort or filter with 400', async () => {
    expect((await list('editor', 'sort=0')).statusCode).toBe(400);
    expect((await list('editor', 'sort=9')).statusCode).toBe(400);
    expect((await list('editor', 'type=x')).statusCode).toBe(400);
    expect((await list('editor', 'month=202613')).statusCode).toBe(400);
  });

  it('narrows to what advanced rights let the caller see; another organisation learns nothing', async () => {
    expect(await names('narrowed')).toEqual(['Depot check', 'Depot supply']);
    expect((await list('outsider')).statusCode).toBe(403);
    expect((await list('outsider')).json().rows).toBeUndefined();
  });
});

describe('alerts', () => {
  it("lists a data source's pending alerts, newest first", async () => {
    const res = await call('watcher', 'GET', `/api/meters/${ids.supply}/alerts`);
    expect(res.json()).toEqual([
      { id: ids.alertA, message: 'Consumption 25% above last year', link: null, date: '2026-10-31' },
      { id: ids.alertB, message: 'Invoice missing', link: null, date: '2026-09-30' },
    ]);
    expect((await call('outsider', 'GET', `/api/meters/${ids.supply}/alerts`)).statusCode).toBe(404);
    expect((await call('narrowed', 'GET', `/api/meters/${ids.officeSupply}/alerts`)).statusCode).toBe(404);
  });

  it('schedules with a comment and deletes with a reason, with the spec messages and audit rows', async () => {
    const base = `/api/meters/${ids.supply}/alerts`;
    expect((await call('watcher', 'POST', `${base}/${ids.alertA}/schedule`, {})).statusCode).toBe(403);
    const scheduled = await call('editor', 'POST', `${base}/${ids.alertA}/schedule`, {
      comment: 'Check pumps',
    });
    expect(scheduled.json()).toEqual({ success: true, message: 'Alert scheduled for sending' });
    const again = await call('editor', 'POST', `${base}/${ids.alertA}/schedule`, {});
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Alert couldn't be scheduled for sending.");
    const removed = await call('editor', 'DELETE', `${base}/${ids.alertB}`, { comment: 'Invoice arrived' });
    expect(removed.json()).toEqual({ success: true, message: "Alert won't be sent!" });
    const gone = await call('editor', 'DELETE', `${base}/${ids.alertB}`, { comment: 'again' });
    expect(gone.json().message).toBe("Alert couldn't be deleted.");
    // Another organisation's alert through this meter's path: not found, nothing changed.
    const theirs = await call('editor', 'DELETE', `${base}/${ids.alertTheirs}`, {});
    expect(theirs.json().message).toBe("Alert couldn't be deleted.");
    expect((await call('editor', 'GET', base)).json()).toEqual([]);
    expect((await list('editor')).json().rows[1].alerts).toBe(0);
    const audit = await t.db.execute<{ action: string; changes: Record<string, unknown> }>(
      sql`select action, changes from audit_events where asset_type = 'meter' and asset_id = ${ids.supply} order by id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['schedule alert', 'delete alert']);
    expect(audit.rows[0]?.changes).toMatchObject({ comment: { before: null, after: 'Check pumps' } });
    const status = await t.db.execute<{ status: string }>(
      sql`select status from meter_alerts where id = ${ids.alertTheirs}`,
    );
    expect(status.rows[0]?.status).toBe('pending');
  });

  it('sends scheduled alerts now for a product administrator, with a dry run first', async () => {
    expect((await call('boss', 'GET', '/api/admin/alerts-report?dryRun=true')).statusCode).toBe(403);
    const dry = (await call('root', 'GET', '/api/admin/alerts-report?dryRun=true')).json();
    expect(dry).toMatchObject({
      dryRun: true,
      alerts: 1,
      emails: [{ organisation: 'Sources Org', recipients: ['boss@sources.test'], alerts: 1, meters: 1 }],
      message: 'Dry run: 1 alerts would be sent in 1 emails',
    });
    expect(sent).toHaveLength(0);
    const real = (await call('root', 'GET', '/api/admin/alerts-report?dryRun=false')).json();
    expect(real).toMatchObject({ dryRun: false, alerts: 1, message: '1 alerts sent in 1 emails' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('boss@sources.test');
    expect(sent[0]?.text).toContain('Consumption 25% above last year (Check pumps)');
    expect((await call('root', 'GET', '/api/admin/alerts-report?dryRun=false')).json().alerts).toBe(0);
  });
});

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
      sql`select meter_open::text from meters where id = any(${`{${three.join(',')}}`}::int[])`,
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
