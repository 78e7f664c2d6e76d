import { describe, expect, it } from 'vitest';
import { org, q, series, useFixture, w } from './graphs-requests.fixture';

useFixture();

describe('splits and quantities', () => {
  const split = (kind: string, body: object, who = 'admin') =>
    w.call(who, 'POST', `/organisations/${w.org.id}/graph-data/${kind}-for-split`, { series: body });

  it('splits the organisation into its sites, hiding the ones the caller may not see', async () => {
    const all = (await split('assets', series(org()))).json();
    expect(all.parts.map((p: { name: string }) => p.name)).toEqual(['Depot', 'Kiosk', 'Office', 'Shed']);
    expect(all.parts[0].series).toMatchObject({
      asset: { type: 'site', id: w.sites.depot.id, text: 'Depot' },
      quantity: { type: 'cons', split: 'asset' },
    });
    const narrowed = (await split('assets', series(org()), 'narrowed')).json();
    expect(narrowed.parts.map((p: { name: string }) => p.name)).toEqual(['Depot', 'Kiosk', 'Shed']);
    expect(narrowed.hidden).toBe(1);
  });

  it('splits a site into data sources, a source into its data types, the organisation into groups', async () => {
    const meters = (await split('assets', series({ type: 'site', id: w.sites.depot.id }))).json();
    expect(meters.parts.map((p: { name: string }) => p.name)).toEqual([
      'Depot check',
      'Depot supply',
      'Depot water',
    ]);
    const types = (await split('data-types', series(org(), q('cost')))).json();
    expect(types.parts.map((p: { name: string }) => p.name)).toEqual(['Electricity', 'Water']);
    expect(types.parts[1].series.quantity).toMatchObject({ id: w.types.water.id, label: 'cost: Water' });
    const energy = (await split('data-types', series(org(), q('cons')))).json();
    expect(energy.parts.map((p: { name: string }) => p.name)).toEqual(['Electricity']);
    const groups = (await split('groups', series(org()))).json();
    expect(groups.parts.map((p: { series: { asset: { type: string } } }) => p.series.asset.type)).toEqual([
      'site-group',
      'meter-group',
    ]);
    const none = await split('assets', series({ type: 'meter', id: w.meters.depotSupply.id }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('This source cannot be split that way');
  });

  it("refuses another organisation's asset", async () => {
    const res = await split('assets', series({ type: 'site', id: w.sites.theirs.id }));
    expect(res.statusCode).toBe(404);
  });

  it('lists what an asset measures, and whether it has half-hour data', async () => {
    const site = (await w.call('watcher', 'GET', `/sites/${w.sites.depot.id}/quantities-measured`)).json();
    const labels = site.quantities.map((x: { label: string }) => x.label);
    expect(labels).toEqual([
      'Energy consumption',
      'Cost',
      'Emissions',
      'Scope 1 emissions',
      'Scope 2 emissions (location-based)',
      'Scope 2 emissions (market-based)',
      'Scope 3 emissions',
      'Electricity',
      'Water',
    ]);
    expect(site.halfHour).toBe(false);
    const units = (await w.call('watcher', 'GET', `/organisations/${w.org.id}/stdunits-measured`)).json();
    expect(units.quantities.map((x: { filter: string }) => x.filter)).toEqual(['kWh', 'm3']);
    const smart = (
      await w.call('watcher', 'GET', `/meters/${w.meters.officeSmart.id}/quantities-measured`)
    ).json();
    expect(smart.halfHour).toBe(true);
    const group = await w.call('watcher', 'GET', `/meter-groups/${w.groups.supplies.id}/quantities-measured`);
    expect(group.statusCode).toBe(200);
    for (const url of [
      `/sites/${w.sites.theirs.id}/quantities-measured`,
      `/meter-groups/${w.groups.theirGroup.id}/quantities-measured`,
      `/organisations/${w.other.id}/quantities-measured`,
    ]) {
      expect([403, 404], url).toContain((await w.call('admin', 'GET', url)).statusCode);
    }
  });
});

describe('POST /organisations/{orgId}/pie-data', () => {
  const pie = (body: object, who = 'admin') =>
    w.call(who, 'POST', `/organisations/${w.org.id}/pie-data`, body);

  it('splits 2025 by site: slices under 1% grouped into Others (<1%), which holds them', async () => {
    const res = await pie({
      asset: org(),
      quantity: q('cons'),
      split: 'asset',
      period: { from: '2025-01', to: '2025-12' },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.total).toBe(18200);
    expect(p.slices.map((s: { name: string; value: number }) => [s.name, s.value])).toEqual([
      ['Depot', 12000],
      ['Office', 6000],
      ['Others (<1%)', 200],
    ]);
    expect(p.slices[2].others.map((s: { name: string }) => s.name)).toEqual(['Kiosk', 'Shed']);
  });

  it('marks a slice built from incomplete or estimated months', async () => {
    const p = (
      await pie({
        asset: org(),
        quantity: q('cons'),
        split: 'asset',
        period: { from: '2026-01', to: '2026-10' },
      })
    ).json();
    const depot = p.slices.find((s: { name: string }) => s.name === 'Depot');
    expect(depot).toMatchObject({ value: 10520, incomplete: true, estimated: true });
    const office = p.slices.find((s: { name: string }) => s.name === 'Office');
    expect(office).toMatchObject({ value: 4000, incomplete: false, estimated: false });
  });

  it('answers no slices for a period without data', async () => {
    const p = (
      await pie({
        asset: org(),
        quantity: q('cons'),
        split: 'asset',
        period: { from: '2010-01', to: '2010-12' },
      })
    ).json();
    expect([p.slices, p.total]).toEqual([[], 0]);
  });

  it('refuses other organisations, a period the wrong way round and one in the future', async () => {
    const body = {
      asset: org(),
      quantity: q('cons'),
      split: 'asset',
      period: { from: '2025-01', to: '2025-12' },
    };
    expect((await pie(body, 'watcher')).statusCode).toBe(200);
    expect((await pie(body, 'outsider')).statusCode).toBe(403);
    expect(
      (await pie({ ...body, asset: { type: 'site', id: w.sites.theirs.id, text: 'x' } })).statusCode,
    ).toBe(404);
    expect((await pie({ ...body, period: { from: '2025-12', to: '2025-01' } })).statusCode).toBe(400);
    expect((await pie({ ...body, period: { from: '2026-01', to: '2027-01' } })).statusCode).toBe(400);
  });
});
