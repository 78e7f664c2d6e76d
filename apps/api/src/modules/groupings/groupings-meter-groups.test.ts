import { describe, expect, it } from 'vitest';
import { call, ids, ok, org, useFixture } from './groupings.fixture';

/*
 * Meter groups and the reporting groups' consumption over the world of ./groupings.fixture.ts: Depot supply's
 * 3100 kWh, $620 and 310 kg CO2e of October 2026.
 */

useFixture();

describe('meter groups and reporting groups', () => {
  it('manages meter groups and the reporting groups consumption', async () => {
    const sources = await ok('g.admin', 'POST', `/organisations/${org.id}/meter-groups`, { name: 'Sources' });
    await ok('g.admin', 'POST', `/meter-groups/${sources.id}/meters/${ids.supply}`);
    expect((await call('g.admin', 'POST', `/meter-groups/${sources.id}/meters/999999`)).statusCode).toBe(404);
    const details = await ok('g.admin', 'GET', `/meter-groups/${sources.id}/meters/details`);
    expect(details.members).toEqual([
      {
        id: ids.supply,
        name: 'Depot supply',
        siteName: 'Depot',
        account: 'ACC-1',
        measuring: 'Electricity',
        cons: 3100,
        cost: 620,
        co2e: 310,
      },
    ]);
    expect((await ok('g.admin', 'GET', `/meter-groups/${sources.id}`)).totals.cons).toBe(3100);
    const reporting = await ok(
      'g.observer',
      'GET',
      `/organisations/${org.id}/reporting-groups-consumption/cons/202610`,
    );
    expect(reporting).toEqual({
      month: '202610',
      groups: [{ id: 1, name: 'Stationary energy', value: 3100, unit: 'kWh', incomplete: false }],
    });
    expect(
      (await ok('g.observer', 'GET', `/organisations/${org.id}/reporting-groups-consumption/other/202610`))
        .groups,
    ).toEqual([]);
    const pseudo = await ok('g.observer', 'GET', '/organisations/reporting-group-groupings');
    expect(pseudo.groupings[0].groups[0]).toMatchObject({
      name: 'Stationary energy',
      pseudo: true,
      consumption: 3100,
    });
    expect(
      (await call('g.observer', 'GET', `/organisations/${org.id}/reporting-groups-consumption/cons/202613`))
        .statusCode,
    ).toBe(400);
  });
});
