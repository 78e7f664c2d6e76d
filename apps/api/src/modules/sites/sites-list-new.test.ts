import { sites } from '@verdant/db/schema/assets';
import { MSG } from '@verdant/domain/messages';
import { describe, expect, it } from 'vitest';
import { call, get, ids, org, t, useFixture } from './sites.fixture';

useFixture();

describe('sites list', () => {
  it('lists live open sites with ledger consumption, groups, meters and alerts', async () => {
    const res = (await get('watcher', `/api/organisations/${org.id}/sites`)).json();
    expect(res).toMatchObject({ mayEdit: false, total: 2, month: '202610' });
    expect(res.groupOptions.map((g: { name: string }) => g.name)).toEqual(['Depots', 'Regional']);
    expect(res.sites).toEqual([
      {
        id: ids.depot,
        name: 'Depot',
        consumption: 3100,
        groups: ['Depots'],
        meters: 2,
        alerts: 3,
        closed: false,
        siteOpen: '2010-01-01',
        siteClose: null,
      },
      {
        id: ids.office,
        name: 'Office',
        consumption: 0,
        groups: [],
        meters: 0,
        alerts: 0,
        closed: false,
        siteOpen: '2015-06-01',
        siteClose: null,
      },
    ]);
  });

  it('filters by name, include closed, hide open and groups; sorts; pages with a total', async () => {
    const url = `/api/organisations/${org.id}/sites`;
    const names = async (query: string) =>
      (await get('editor', `${url}?${query}`)).json().sites.map((s: { name: string }) => s.name);
    expect(await names('q=MILL')).toEqual([]);
    expect(await names('q=mill&includeClosed=true')).toEqual(['Old Mill']);
    expect(await names('includeClosed=true&hideOpen=true')).toEqual(['Old Mill']);
    expect(await names(`groups=${ids.depots}`)).toEqual(['Depot']);
    expect(await names('sort=name&dir=desc&includeClosed=true')).toEqual(['Old Mill', 'Office', 'Depot']);
    expect(await names('sort=consumption&dir=asc')).toEqual(['Office', 'Depot']);
    expect(await names('sort=meters&dir=desc')).toEqual(['Depot', 'Office']);
    const page = (await get('editor', `${url}?includeClosed=true&offset=1&limit=1`)).json();
    expect(page.total).toBe(3);
    expect(page.sites.map((s: { name: string }) => s.name)).toEqual(['Office']);
    const cost = (await get('editor', `${url}?measure=cost&month=202510`)).json();
    expect(cost.sites[0]).toMatchObject({ name: 'Depot', consumption: 496 });
  });

  it('hides sites an advanced right bars', async () => {
    const res = (await get('narrowed', `/api/organisations/${org.id}/sites`)).json();
    expect(res.sites.map((s: { name: string }) => s.name)).toEqual(['Depot']);
    expect((await get('narrowed', `/api/sites/${ids.office}`)).statusCode).toBe(404);
  });

  it('refuses another organisation without telling it anything', async () => {
    const res = await get('outsider', `/api/organisations/${org.id}/sites`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Depot');
    const one = await get('outsider', `/api/sites/${ids.depot}`);
    expect(one.statusCode).toBe(404);
    expect(one.body).not.toContain('Depot');
    expect((await get('outsider', `/api/organisations/${org.id}/site-name-check/Depot`)).statusCode).toBe(
      403,
    );
  });
});

describe('new site', () => {
  const url = () => `/api/organisations/${org.id}/new-site`;
  const good = { name: 'Harbour Shed', region: 9, openDate: '2024-05-12' };

  it('checks names case-insensitively, ignoring deleted sites', async () => {
    const check = (name: string) =>
      get('editor', `/api/organisations/${org.id}/site-name-check/${encodeURIComponent(name)}`);
    expect((await check('dEPOT')).json()).toEqual({ success: false, message: MSG.siteNameInUse });
    expect((await check('Brand New')).json()).toEqual({ success: true });
    expect((await check(' ')).json()).toEqual({ success: false, message: MSG.siteNameRequired });
  });

  it('refuses each invalid field with its message and creates nothing', async () => {
    const before = (await t.db.select().from(sites)).length;
    const refuse = async (body: object, message: string) => {
      const res = await call('editor', 'POST', url(), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await refuse({ ...good, name: '  ' }, MSG.siteNameRequired);
    await refuse({ ...good, name: 'depot' }, MSG.siteNameInUse);
    await refuse({ name: 'X', openDate: '2024-05-12' }, MSG.siteRegionRequired);
    await refuse({ ...good, openDate: '' }, MSG.siteOpenDateRequired);
    await refuse({ name: 'X', region: 9 }, MSG.siteOpenDateRequired);
    await refuse({ ...good, openDate: '12-05-2024' }, MSG.siteOpenDateFormat);
    await refuse({ ...good, openDate: '123-05-2024' }, MSG.siteOpenDateFormat);
    expect((await t.db.select().from(sites)).length).toBe(before);
  });

  it('refuses an observer and creates the site for an editor', async () => {
    expect((await call('watcher', 'POST', url(), good)).statusCode).toBe(403);
    const res = await call('editor', 'POST', url(), good);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Harbour Shed',
      regionId: 9,
      siteOpen: '2024-05-12',
      closed: false,
      mayEdit: true,
    });
    expect(res.json().id).toBeGreaterThan(0);
  });
});
