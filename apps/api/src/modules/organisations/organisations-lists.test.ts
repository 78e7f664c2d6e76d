import { MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, ids, org, other, t, useFixture } from './organisations.fixture';

useFixture();

describe('procurement expiries', () => {
  const url = () => `/api/organisations/${org.id}/procurement-expiry`;

  it('adds, lists (soonest first), changes and deletes', async () => {
    const gas = await call('boss', 'POST', url(), { description: 'Gas supply', expiryDate: '2027-09-30' });
    expect(gas.json()).toMatchObject({ description: 'Gas supply', expiryDate: '2027-09-30', orgId: org.id });
    const power = await call('boss', 'POST', url(), { description: 'Electricity', expiryDate: '2027-03-31' });
    const list = (await call('watcher', 'GET', url())).json();
    expect(list.map((e: { description: string }) => e.description)).toEqual(['Electricity', 'Gas supply']);
    const id = power.json().expiryId;
    const changed = await call('boss', 'PUT', `${url()}/${id}`, {
      description: 'Electricity supply',
      expiryDate: '2028-03-31',
    });
    expect(changed.json()).toMatchObject({ expiryId: id, description: 'Electricity supply' });
    expect((await call('boss', 'DELETE', `${url()}/${id}`)).json()).toEqual({ success: true });
    expect((await call('boss', 'GET', url())).json()).toHaveLength(1);
    expect((await call('boss', 'DELETE', `${url()}/${id}`)).statusCode).toBe(404);
  });

  it('checks the description and the date', async () => {
    const empty = await call('boss', 'POST', url(), { description: ' ', expiryDate: '2027-01-01' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(MSG.procurementDescriptionRequired);
    const long = await call('boss', 'POST', url(), { description: 'x'.repeat(76), expiryDate: '2027-01-01' });
    expect(JSON.stringify(long.json())).toContain(MSG.procurementDescriptionTooLong);
    const date = await call('boss', 'POST', url(), { description: 'Gas', expiryDate: '31/01/2027' });
    expect(JSON.stringify(date.json())).toContain(MSG.procurementDateRequired);
    expect((await call('boss', 'GET', url())).json()).toHaveLength(1);
  });

  it('keeps another organisation away from an expiry', async () => {
    const [first] = (await call('boss', 'GET', url())).json();
    const theirs = `/api/organisations/${other.id}/procurement-expiry/${first.expiryId}`;
    expect((await call('outsider', 'DELETE', theirs)).statusCode).toBe(404);
    expect((await call('boss', 'GET', url())).json()).toHaveLength(1);
  });
});

describe('overview lists', () => {
  const list = async (path: string) =>
    (await call('watcher', 'GET', `/api/organisations/${org.id}/${path}`)).json();
  const pairs = (r: { sites: { siteName: string; value: number }[] }) =>
    r.sites.map((s) => [s.siteName, s.value]);

  it('ranks sites by consumption (kWh only, no check meters), cost and emissions', async () => {
    const cons = await list('site-cons-list/202610');
    expect(cons.unit).toBe('kWh');
    expect(pairs(cons)).toEqual([
      ['Depot', 3000],
      ['Office', 3000],
    ]);
    expect(pairs(await list('site-cost-list/202610'))).toEqual([
      ['Office', 1050],
      ['Depot', 600],
    ]);
    expect(pairs(await list('site-co2e-list/202610'))).toEqual([
      ['Office', 510],
      ['Depot', 330],
    ]);
    expect((await list('site-cons-list/202609')).sites).toEqual([]);
  });

  it('splits the highest emitters by scope', async () => {
    expect((await list('emissions-list/202610')).sites).toEqual([
      { siteId: ids.office, siteName: 'Office', scope1: 400, scope2: 100, scope3: 10, total: 510 },
      { siteId: ids.depot, siteName: 'Depot', scope1: 0, scope2: 300, scope3: 30, total: 330 },
    ]);
  });

  it('ranks sites by their pending alerts, most first', async () => {
    expect(await list('site-alerts-list')).toEqual([
      { siteId: ids.office, siteName: 'Office', alerts: 2 },
      { siteId: ids.depot, siteName: 'Depot', alerts: 1 },
    ]);
  });

  it('refuses a malformed month or measure', async () => {
    const res = await call('watcher', 'GET', `/api/organisations/${org.id}/site-cons-list/2026-10`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Month must be yyyyMM');
    expect(
      (await call('watcher', 'GET', `/api/organisations/${org.id}/site-watts-list/202610`)).statusCode,
    ).toBe(400);
  });
});

describe('adding, disabling and enabling organisations', () => {
  it('lets a product administrator add an organisation with financial reporting 2 by default', async () => {
    const res = await call('root', 'POST', '/api/organisations', { name: 'Lakeside Schools', orgtypeId: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Organisation Lakeside Schools created',
      data: { name: 'Lakeside Schools', orgtypeId: 4, finrepId: 2, statusId: 1, reportingYearEnd: 12 },
    });
    // New Zealand's clock unless another zone is chosen.
    expect(res.json().data.timeZone).toBe('Pacific/Auckland');
    const id = res.json().data.id;
    expect((await call('root', 'PUT', `/api/current-user/organisation/${id}`)).statusCode).toBe(200);
  });

  it('adds one on its own clock, and refuses a zone that is not of the IANA list, adding nothing', async () => {
    const perth = await call('root', 'POST', '/api/organisations', {
      name: 'Perth Mint',
      timeZone: 'Australia/Perth',
    });
    expect(perth.json().data.timeZone).toBe('Australia/Perth');
    for (const timeZone of ['AWST', 'Mars/Olympus', '']) {
      const res = await call('root', 'POST', '/api/organisations', { name: 'Nowhere Ltd', timeZone });
      expect(res.statusCode, timeZone).toBe(400);
      expect(res.json().fields.timeZone).toEqual([
        'Choose a time zone of the IANA list, such as Australia/Sydney or Pacific/Auckland.',
      ]);
    }
    const nowhere = await t.db.execute(sql`select 1 from organisations where name = 'Nowhere Ltd'`);
    expect(nowhere.rows).toHaveLength(0);
  });

  it('refuses the names already used, open or closed, and anyone but a product administrator', async () => {
    const open = await call('root', 'POST', '/api/organisations', {
      name: 'RIVERSIDE COUNCIL',
      orgtypeId: null,
    });
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe('An organisation with that name already exists.');
    const closed = await call('root', 'POST', '/api/organisations', {
      name: 'old mill ltd',
      orgtypeId: null,
    });
    expect(closed.json().message).toBe('A closed organisation with that name already exists.');
    const boss = await call('boss', 'POST', '/api/organisations', { name: 'Boss Org', orgtypeId: null });
    expect(boss.statusCode).toBe(403);
  });

  it('disabling blocks every member; only a product administrator enables it again', async () => {
    const res = await call('boss', 'POST', `/api/organisations/${org.id}/disable`);
    expect(res.json()).toEqual({ success: true, message: 'Riverside Council disabled' });
    expect((await call('boss', 'GET', `/api/organisations/${org.id}`)).statusCode).toBe(403);
    expect((await call('watcher', 'GET', `/api/organisations/${org.id}/site-alerts-list`)).statusCode).toBe(
      403,
    );
    expect((await call('boss', 'POST', `/api/organisations/${org.id}/enable`)).statusCode).toBe(403);
    const admin = await call('root', 'GET', `/api/organisations/${org.id}`);
    expect(admin.json()).toMatchObject({ statusId: 3, mayEnable: true });
    const enabled = await call('root', 'POST', `/api/organisations/${org.id}/enable`);
    expect(enabled.json()).toEqual({ success: true, message: 'Riverside Council enabled' });
    expect((await call('watcher', 'GET', `/api/organisations/${org.id}`)).statusCode).toBe(200);
  });
});
