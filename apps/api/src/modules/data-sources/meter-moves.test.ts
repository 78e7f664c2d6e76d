import { MSG } from '@verdant/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MeterWorld, meterWorld } from './meters.fixture';

let w: MeterWorld;
beforeAll(async () => {
  w = await meterWorld();
});
afterAll(() => w.t.close());

const siteMeters = async (siteId: number) =>
  (await w.call('admin', 'GET', `/sites/${siteId}/data-sources`)).json().map((m: { name: string }) => m.name);

describe('GET /meters/{id}/move?to=', () => {
  it('needs a destination, refuses another organisation and people who may not edit', async () => {
    const url = `/meters/${w.meters.check.id}/move`;
    const none = await w.call('editor', 'GET', url);
    expect([none.statusCode, none.json().message]).toEqual([400, MSG.meterMoveSiteRequired]);
    expect((await w.call('editor', 'GET', `${url}?to=`)).statusCode).toBe(400);
    expect((await w.call('editor', 'GET', `${url}?to=${w.sites.theirs.id}`)).statusCode).toBe(404);
    expect((await w.call('editor', 'GET', `${url}?to=999999`)).statusCode).toBe(404);
    expect((await w.call('watcher', 'GET', `${url}?to=${w.sites.office.id}`)).statusCode).toBe(403);
    expect((await w.call('narrowed', 'GET', `${url}?to=${w.sites.office.id}`)).statusCode).toBe(403);
    expect((await w.call('outsider', 'GET', `${url}?to=${w.sites.theirs.id}`)).statusCode).toBe(404);
    expect(await siteMeters(w.sites.depot.id)).toContain('Depot check');
  });

  it('moves the data source; both sites show the change', async () => {
    const res = await w.call('editor', 'GET', `/meters/${w.meters.check.id}/move?to=${w.sites.office.id}`);
    expect(res.json()).toEqual({
      success: true,
      message: 'Depot check moved to Office',
      id: w.meters.check.id,
    });
    expect(await siteMeters(w.sites.office.id)).toContain('Depot check');
    expect(await siteMeters(w.sites.depot.id)).not.toContain('Depot check');
    await w.call('editor', 'GET', `/meters/${w.meters.check.id}/move?to=${w.sites.depot.id}`);
  });
});

describe('Change Data Type', () => {
  it('lists compatible types with their units; none for water', async () => {
    const list = (await w.call('watcher', 'GET', `/meters/${w.meters.supply.id}/compatible-types`)).json();
    expect(list.map((t: { name: string }) => t.name)).toEqual(['Green electricity']);
    expect(list[0].units.map((u: { name: string }) => u.name)).toEqual(['kWh', 'MWh']);
    expect(
      (await w.call('watcher', 'GET', `/meters/${w.meters.waterMeter.id}/compatible-types`)).json(),
    ).toEqual([]);
  });

  it('needs administrator rights, a compatible type and one of its units', async () => {
    const url = `/meters/${w.meters.supply.id}/change-data-type`;
    const body = { energyId: w.types.green.id, unitId: w.types.green.stdUnitId };
    expect((await w.call('editor', 'PUT', url, body)).statusCode).toBe(403);
    const water = await w.call('admin', 'PUT', url, {
      energyId: w.types.water.id,
      unitId: w.types.water.stdUnitId,
    });
    expect(water.json().message).toBe(MSG.meterDataTypeNotCompatible);
    const unknown = await w.call('admin', 'PUT', url, { energyId: 99999, unitId: 1 });
    expect(unknown.json().message).toBe(MSG.meterDataTypeUnknown);
    const unit = await w.call('admin', 'PUT', url, {
      energyId: w.types.green.id,
      unitId: w.types.electricity.stdUnitId,
    });
    expect(unit.json().message).toBe(MSG.meterUnitNotOfType);
    expect((await w.call('outsider', 'PUT', url, body)).statusCode).toBe(404);
  });

  it('changes the type and recomputes: the new type has no emission factor, so no emissions', async () => {
    const url = `/meters/${w.meters.supply.id}`;
    const before = (await w.call('admin', 'GET', `${url}/asset-graph-data/v2/co2e/2026/year-end/12`)).json();
    expect(before.data[0][9]).toBe(310);
    const res = await w.call('admin', 'PUT', `${url}/change-data-type`, {
      energyId: w.types.green.id,
      unitId: w.types.green.stdUnitId,
    });
    expect(res.json()).toMatchObject({ energy: 'Green electricity', unit: 'kWh' });
    const after = (await w.call('admin', 'GET', `${url}/asset-graph-data/v2/co2e/2026/year-end/12`)).json();
    expect(after.data[0][9]).toBe(0);
    const cons = (await w.call('admin', 'GET', `${url}/asset-graph-data/v2/cons/2026/year-end/12`)).json();
    expect(cons.data[0][9]).toBe(3100);
    await w.call('admin', 'PUT', `${url}/change-data-type`, {
      energyId: w.types.electricity.id,
      unitId: w.types.electricity.stdUnitId,
    });
  });
});

describe('Create Replacement', () => {
  it('electricity only, administrators only', async () => {
    const water = await w.call('admin', 'POST', `/meters/${w.meters.waterMeter.id}/create-replacement`, {
      typeId: 2,
    });
    expect([water.statusCode, water.json().message]).toEqual([400, MSG.meterReplacementElectricityOnly]);
    const editor = await w.call('editor', 'POST', `/meters/${w.meters.supply.id}/create-replacement`, {
      typeId: 5,
    });
    expect(editor.statusCode).toBe(403);
  });

  it('closes the old meter the day before and opens a new one inheriting its details', async () => {
    await w.call('admin', 'PUT', `/meters/${w.meters.supply.id}`, {
      meterNumber: 'OLD-1',
      address1: '1 Depot Road',
    });
    await w.call('admin', 'POST', `/meter-groups/${w.groups.meterGroup.id}/meter/${w.meters.supply.id}`);
    const res = await w.call('admin', 'POST', `/meters/${w.meters.supply.id}/create-replacement`, {
      typeId: 5,
      openDate: '2026-11-01',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const old = (await w.call('admin', 'GET', `/meters/${w.meters.supply.id}`)).json();
    expect(old).toMatchObject({ meterClose: '2026-10-31', closed: true, replaces: null });
    // The link is stored both ways: the old meter names its replacement, the new one the meter it replaced.
    expect(old.replacedBy).toEqual({ id, name: 'Depot supply' });
    const fresh = (await w.call('admin', 'GET', `/meters/${id}`)).json();
    expect(fresh).toMatchObject({
      localName: 'Depot supply',
      meterType: 5,
      meterOpen: '2026-11-01',
      meterClose: null,
      energy: 'Electricity',
      address1: '1 Depot Road',
      site: { id: w.sites.depot.id },
      joinedGroups: [{ id: w.groups.meterGroup.id, name: 'Pumps' }],
      replaces: { id: w.meters.supply.id, name: 'Depot supply' },
      replacedBy: null,
    });
    // The old meter keeps its history.
    expect(old.latest[0].consumption).toBe(3100);
    const again = await w.call('admin', 'POST', `/meters/${w.meters.supply.id}/create-replacement`, {
      typeId: 5,
    });
    expect(again.json().message).toBe(MSG.meterReplacementNeedsOpen);
  });
});
