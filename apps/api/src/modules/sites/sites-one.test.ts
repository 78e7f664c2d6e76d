import { sites } from '@verdant/db/schema/assets';
import { MSG } from '@verdant/domain/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, get, ids, org, setNow, t, useFixture } from './sites.fixture';

useFixture();

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

  it("marks the organisation's month as to date, not UTC's", async () => {
    // 12:00 UTC on 30 November is 1 am on 1 December in Auckland, the organisation's zone.
    setNow(new Date('2026-11-30T12:00:00Z'));
    try {
      const res = (
        await get('watcher', `/api/sites/${ids.depot}/asset-graph-data/cons/2026/year-end/12`)
      ).json();
      expect(res.currentMonth).toBe('2026-12');
      expect(res.data[0][11]).toBe(0);
    } finally {
      setNow();
    }
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
