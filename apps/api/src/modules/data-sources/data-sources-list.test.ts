import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, ids, list, names, sent, t, useFixture } from './data-sources.fixture';

useFixture();

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
