import { createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { meterAlerts } from '@verdant/db/schema/alerts';
import { sites } from '@verdant/db/schema/assets';
import { MSG } from '@verdant/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Today is 21 November 2026 (last complete month October 2026). Depot has a supply meter (3100 kWh, $620
 * in October 2026; 2480 kWh, $496 in October 2025) and a check meter (700 kWh) that never counts in totals.
 * Office has no meters. Old Mill closed in 2024.
 */
let t: TestApp;
let org: { id: number };
let other: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  await seedReferenceData(db);
  org = await createOrganisation(db, { name: 'Sites Org' });
  other = await createOrganisation(db, { name: 'Other Org' });
  const source = await createFactorSource(db);
  const electricity = await createDataType(db, { name: 'Electricity' });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.1,
    startDate: '2020-01-01',
  });
  const depot = await createSite(db, org.id, { name: 'Depot', regionId: 9, siteOpen: '2010-01-01' });
  const office = await createSite(db, org.id, { name: 'Office', siteOpen: '2015-06-01' });
  const mill = await createSite(db, org.id, {
    name: 'Old Mill',
    siteOpen: '2001-01-01',
    siteClose: '2024-03-31',
  });
  const theirs = await createSite(db, other.id, { name: 'Their Site' });
  Object.assign(ids, { depot: depot.id, office: office.id, mill: mill.id, theirs: theirs.id });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const supply = await createMeter(db, depot, { localName: 'Depot supply', ...kwh });
  const check = await createMeter(db, depot, { localName: 'Depot check', metlvlId: 2, meterType: 8, ...kwh });
  await createInvoice(db, supply, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
  await createInvoice(db, supply, { from: '2025-10-01', till: '2025-10-31', consumption: 2480, cost: 496 });
  await createInvoice(db, check, { from: '2026-10-01', till: '2026-10-31', consumption: 700, cost: 0 });
  await recomputeFacts(db, [supply.id, check.id], '2026-11-21');
  // Depot's pending alerts: 3 (two on the supply, one on the check meter); a scheduled one does not count.
  const alert = (m: { id: number }, status = 'pending') => ({
    organisationId: org.id,
    meterId: m.id,
    message: 'Consumption up 40%',
    alertDate: '2026-10-31',
    status,
  });
  await db
    .insert(meterAlerts)
    .values([alert(supply), alert(supply), alert(check), alert(supply, 'scheduled')]);
  const depots = await createGroup(db, org.id, 'site', 'Depots', [depot.id]);
  const regional = await createGroup(db, org.id, 'site', 'Regional');
  const sourceGroup = await createGroup(db, org.id, 'meter', 'Sources');
  const foreignGroup = await createGroup(db, other.id, 'site', 'Foreign');
  Object.assign(ids, {
    depots: depots.id,
    regional: regional.id,
    sourceGroup: sourceGroup.id,
    foreignGroup: foreignGroup.id,
  });

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
  await grantRight(db, {
    userId: narrowed.id,
    organisationId: org.id,
    assetType: 'site',
    assetId: depot.id,
    rightId: 4,
  });
  await createMember(db, other.id, { loginId: 'outsider', accessId: 2, admin: true });
  for (const k of ['editor', 'watcher', 'narrowed', 'outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });
const get = (who: string, url: string) => call(who, 'GET', url);

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

describe('one site', () => {
  it('answers the whole site with groups, indicators and figures', async () => {
    const res = (await get('watcher', `/api/sites/${ids.depot}`)).json();
    expect(res).toMatchObject({
      name: 'Depot',
      regionId: 9,
      consumption: 3100,
      meters: 2,
      alerts: 3,
      groups: ['Depots'],
      joinedGroups: [{ id: ids.depots, name: 'Depots' }],
      mayEdit: false,
      calculableIndicators: [],
    });
    expect(res.availableGroups.map((g: { name: string }) => g.name)).toEqual(['Depots', 'Regional']);
    expect(res.indicators.map((i: { description: string }) => i.description)).toContain('Gross floor area');
    expect(res.indicators.map((i: { description: string }) => i.description)).not.toContain(
      'Pool water volume',
    );
  });

  it('updates fields, clears the close date, and refuses bad values', async () => {
    const url = `/api/sites/${ids.office}`;
    expect((await call('watcher', 'PUT', url, { description: 'x' })).statusCode).toBe(403);
    const ok = await call('editor', 'PUT', url, {
      description: 'Main office',
      siteAddress1: '1 Quay St',
      siteClose: '2026-01-31',
    });
    expect(ok.json()).toMatchObject({ description: 'Main office', siteAddress1: '1 Quay St', closed: true });
    expect((await call('editor', 'PUT', url, { siteClose: null })).json()).toMatchObject({
      siteClose: null,
      closed: false,
    });
    const dup = await call('editor', 'PUT', url, { name: 'DEPOT' });
    expect(dup.json().message).toBe(MSG.siteNameInUse);
    expect((await call('editor', 'PUT', url, { name: '' })).json().message).toBe(MSG.siteNameRequired);
    expect((await call('editor', 'PUT', url, { siteOpen: '1-1-2020' })).json().message).toBe(
      MSG.siteOpenDateFormat,
    );
    expect((await call('editor', 'PUT', url, { siteClose: '2010-01-01' })).json().message).toBe(
      MSG.siteCloseBeforeOpen,
    );
    expect((await get('editor', url)).json()).toMatchObject({ name: 'Office', siteClose: null });
    expect((await call('narrowed', 'PUT', `/api/sites/${ids.depot}`, { description: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('outsider', 'PUT', `/api/sites/${ids.depot}`, { description: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('saves indicator values, empty as null, and refuses non-numbers', async () => {
    const url = `/api/sites/${ids.office}/indicator-defaults/1`;
    const value = (res: { json(): { indicators: { indicatorId: number; value: number | null }[] } }) =>
      res.json().indicators.find((i) => i.indicatorId === 1)?.value;
    expect(value(await call('editor', 'PUT', url, { value: '1250.5' }))).toBe(1250.5);
    expect((await get('editor', `/api/sites/${ids.office}`)).json().calculableIndicators).toEqual([1]);
    const bad = await call('editor', 'PUT', url, { value: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.indicatorNotNumeric);
    expect(value(await call('editor', 'PUT', url, { value: '' }))).toBeNull();
    expect((await call('watcher', 'PUT', url, { value: 3 })).statusCode).toBe(403);
    expect(
      (await call('editor', 'PUT', `/api/sites/${ids.office}/indicator-defaults/5`, { value: 3 })).statusCode,
    ).toBe(404);
  });

  it('joins and leaves site groups of its own organisation only', async () => {
    const url = (g: number | undefined) => `/api/site-groups/${g}/site/${ids.office}`;
    expect((await call('watcher', 'POST', url(ids.regional))).statusCode).toBe(403);
    expect((await call('editor', 'POST', url(ids.regional))).json().groups).toEqual(['Regional']);
    expect((await call('editor', 'DELETE', url(ids.regional))).json().groups).toEqual([]);
    expect((await call('editor', 'POST', url(ids.foreignGroup))).statusCode).toBe(404);
    expect((await call('editor', 'POST', url(ids.sourceGroup))).json().message).toBe(
      MSG.siteGroupNotSiteGroup,
    );
  });

  it('compares a year of months with the year before, for the chosen year end', async () => {
    const res = (
      await get('watcher', `/api/sites/${ids.depot}/asset-graph-data/cons/2026/year-end/12`)
    ).json();
    expect(res.months[0]).toBe('2026-01');
    expect(res.data[0][9]).toBe(3100);
    expect(res.data[1][9]).toBe(2480);
    expect(res.seriesLabels).toEqual(['Jan 2026 - Dec 2026', 'Jan 2025 - Dec 2025']);
    // December 2026 is not yet lived on 21 November: blank, not 0; November is today's month, 0 so far.
    expect(res.currentMonth).toBe('2026-11');
    expect(res.data[0].slice(10)).toEqual([0, null]);
    expect(res.data[1][11]).toBe(0);
    const june = (
      await get('watcher', `/api/sites/${ids.depot}/asset-graph-data/cost/2027/year-end/6`)
    ).json();
    expect(june.months[0]).toBe('2026-07');
    expect(june.data[0][3]).toBe(620);
    expect(june.unit).toBe('$');
    expect(
      (await get('outsider', `/api/sites/${ids.depot}/asset-graph-data/cons/2026/year-end/12`)).statusCode,
    ).toBe(404);
  });

  it('lists its data sources and entities', async () => {
    const meters = (await get('watcher', `/api/sites/${ids.depot}/data-sources`)).json();
    expect(meters.map((m: { name: string }) => m.name)).toEqual(['Depot check', 'Depot supply']);
    expect((await get('watcher', `/api/sites/${ids.depot}/entities`)).json()).toEqual([]);
  });
});

describe('deleting a site', () => {
  it('refuses an observer and a site that still has data sources', async () => {
    expect((await call('watcher', 'DELETE', `/api/sites/${ids.office}`)).statusCode).toBe(403);
    const res = await call('editor', 'DELETE', `/api/sites/${ids.depot}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.siteHasDataSources);
    expect((await get('editor', `/api/sites/${ids.depot}`)).statusCode).toBe(200);
  });

  it('archives the site: "{name} deleted", then hidden and 404, and its name is free again', async () => {
    const res = await call('editor', 'DELETE', `/api/sites/${ids.mill}`);
    expect(res.json()).toEqual({ success: true, message: 'Old Mill deleted' });
    const [row] = await t.db
      .select()
      .from(sites)
      .where(eq(sites.id, ids.mill ?? 0));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.deletedBy).not.toBeNull();
    expect((await get('editor', `/api/sites/${ids.mill}`)).statusCode).toBe(404);
    const list = (await get('editor', `/api/organisations/${org.id}/sites?includeClosed=true`)).json();
    expect(list.sites.map((s: { name: string }) => s.name)).not.toContain('Old Mill');
    expect((await get('editor', `/api/organisations/${org.id}/site-name-check/old%20mill`)).json()).toEqual({
      success: true,
    });
  });
});

describe('site data export', () => {
  const url = () => `/api/organisations/${org.id}/site-data-export`;
  const range = { aggregation: 'monthly', start: '2026-09', end: '2026-10' };

  it('refuses an export without a quantity or with a range missing an end', async () => {
    const none = await call('watcher', 'POST', url(), { assets: [ids.depot], data: [], ranges: [range] });
    expect(none.json().message).toBe(MSG.exportNeedsQuantity);
    const open = await call('watcher', 'POST', url(), {
      assets: [ids.depot],
      data: ['cons'],
      ranges: [{ ...range, end: '' }],
    });
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe(MSG.exportRangeIncomplete);
  });

  it('answers monthly and total rows per site as CSV', async () => {
    const res = await call('watcher', 'POST', url(), {
      assets: [ids.office, ids.depot],
      data: ['cons', 'cost', 'units'],
      ranges: [range, { aggregation: 'total', start: '2025-10', end: '2026-10' }],
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.trim().split('\n')).toEqual([
      'Site,Aggregation,Period,Consumption (kWh),Cost ($)',
      'Depot,Monthly,2026-09,0,0',
      'Depot,Monthly,2026-10,3100,620',
      'Office,Monthly,2026-09,0,0',
      'Office,Monthly,2026-10,0,0',
      'Depot,Total,2025-10 to 2026-10,5580,1116',
      'Office,Total,2025-10 to 2026-10,0,0',
    ]);
  });

  it('refuses sites of another organisation', async () => {
    const body = { assets: [ids.theirs], data: ['cons'], ranges: [range] };
    expect((await call('watcher', 'POST', url(), body)).statusCode).toBe(404);
    expect((await call('outsider', 'POST', url(), { ...body, assets: [ids.depot] })).statusCode).toBe(403);
  });
});
