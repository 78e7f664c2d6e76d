import { auditEvents } from '@verdant/db/schema/audit';
import { ppdContracts, touContracts } from '@verdant/db/schema/rates';
import { MSG } from '@verdant/domain/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MeterWorld, meterWorld } from './meters.fixture';

let w: MeterWorld;
beforeAll(async () => {
  w = await meterWorld();
});
afterAll(() => w.t.close());

const auditOf = (meterId: number) =>
  w.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.assetType, 'meter'), eq(auditEvents.assetId, meterId)));

describe('PUT /meters/{id}', () => {
  const url = () => `/meters/${w.meters.supply.id}`;

  it('saves the fields sent and writes an audit row with before and after', async () => {
    const res = await w.call('editor', 'PUT', url(), {
      meterNumber: 'M-100',
      address1: '1 Depot Road',
      meterLocation: { x: 174.76, y: -36.85 },
      loadGroup: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      meterNumber: 'M-100',
      address1: '1 Depot Road',
      meterLocation: { x: 174.76, y: -36.85 },
      loadGroup: 3,
    });
    const rows = await auditOf(w.meters.supply.id);
    expect(rows.at(-1)?.changes).toMatchObject({ meterNumber: { before: null, after: 'M-100' } });
  });

  it('refuses bad input with the message and changes nothing', async () => {
    // Another organisation's TOU and PPD contracts are not this meter's to link.
    const [tou] = await w.t.db
      .insert(touContracts)
      .values({ organisationId: w.other.id, name: 'Their TOU' })
      .returning();
    const [ppd] = await w.t.db
      .insert(ppdContracts)
      .values({ organisationId: w.other.id, name: 'Their PPD' })
      .returning();
    const theirTou = tou?.id ?? 0;
    const theirPpd = ppd?.id ?? 0;
    const before = (await w.call('editor', 'GET', url())).json();
    const cases: [object, string][] = [
      [{ localName: 'ab' }, MSG.meterNameTooShort],
      [{ meterClose: '2014-01-01' }, MSG.meterCloseBeforeOpen],
      [{ unitId: w.types.water.stdUnitId }, MSG.meterUnitNotOfType],
      [{ meterLocation: { x: 200, y: 0 } }, MSG.meterLocationRange],
      [{ loadGroup: 1.5 }, MSG.meterLoadGroupInteger],
      [{ situation: 'LANDLORD', landlord: '  ' }, MSG.meterLandlordRequired],
      [{ meterOpen: '2024-02-30' }, 'Enter a real date written yyyy-MM-dd'],
      [{ touContract: theirTou }, MSG.meterContractUnknown],
      [{ ppdContract: theirPpd }, MSG.meterContractUnknown],
    ];
    for (const [body, message] of cases) {
      const res = await w.call('editor', 'PUT', url(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect((await w.call('editor', 'GET', url())).json()).toEqual(before);
  });

  it('corrects an open date typed with a leading 0 in the year', async () => {
    const res = await w.call('editor', 'PUT', url(), { meterOpen: '0015-01-01' });
    expect(res.json().meterOpen).toBe('2015-01-01');
  });

  it("a change of unit makes the figures follow (the ledger's facts are read in the new unit)", async () => {
    const res = await w.call('editor', 'PUT', url(), { unitId: w.types.electricity.units.MWh?.id });
    expect(res.json()).toMatchObject({ unit: 'MWh' });
    expect(res.json().latest[0].consumption).toBe(3.1);
    const g = (await w.call('editor', 'GET', `${url()}/asset-graph-data/v2/cons/2026/year-end/12`)).json();
    expect([g.unit, g.data[0][9], g.data[1][9]]).toEqual(['MWh', 3.1, 2.48]);
    const unit = (await w.call('watcher', 'GET', `${url()}/energy-unit`)).json();
    expect(unit).toEqual({
      unitId: w.types.electricity.units.MWh?.id,
      name: 'MWh',
      conversionToStandard: 1000,
    });
    await w.call('editor', 'PUT', url(), { unitId: w.types.electricity.stdUnitId });
  });

  it('a close date recomputes the ledger in the same transaction (the month becomes complete)', async () => {
    const graph = async () =>
      (await w.call('editor', 'GET', `${url()}/asset-graph-data/v2/cons/2026/year-end/12`)).json();
    expect((await graph()).incomplete[0][9]).toBe(true);
    // Closed on 10 October: the invoice's 20 days cover every day the meter was open that month.
    await w.call('editor', 'PUT', url(), { meterClose: '2026-10-10' });
    expect((await graph()).incomplete[0][9]).toBe(false);
    expect((await w.call('editor', 'GET', url())).json().closed).toBe(true);
    await w.call('editor', 'PUT', url(), { meterClose: null });
    expect((await graph()).incomplete[0][9]).toBe(true);
  });

  it('refuses observers and people narrowed to observer on its site (403), another organisation (404)', async () => {
    expect((await w.call('watcher', 'PUT', url(), { meterNumber: 'X' })).statusCode).toBe(403);
    expect((await w.call('narrowed', 'PUT', url(), { meterNumber: 'X' })).statusCode).toBe(403);
    expect((await w.call('narrowed', 'GET', url())).json().mayEdit).toBe(false);
    expect((await w.call('outsider', 'PUT', url(), { meterNumber: 'X' })).statusCode).toBe(404);
  });

  it('lists the same site and same account', async () => {
    await w.call('editor', 'PUT', url(), { account: 'ACC-1' });
    await w.call('editor', 'PUT', `/meters/${w.meters.check.id}`, { account: 'ACC-1' });
    const site = (await w.call('watcher', 'GET', `${url()}/same-site`)).json();
    expect(site.map((m: { name: string }) => m.name)).toEqual(['Depot check']);
    const collection = (await w.call('watcher', 'GET', `${url()}/same-collection`)).json();
    expect(collection.map((m: { id: number }) => m.id)).toEqual([w.meters.check.id]);
  });
});

describe('groups', () => {
  const join = (who: string, groupId: number, method: 'POST' | 'DELETE' = 'POST') =>
    w.call(who, method, `/meter-groups/${groupId}/meter/${w.meters.supply.id}`);

  it('joins and leaves a data source group, audited', async () => {
    const joined = await join('editor', w.groups.meterGroup.id);
    expect(joined.json().joinedGroups).toEqual([{ id: w.groups.meterGroup.id, name: 'Pumps' }]);
    const left = await join('editor', w.groups.meterGroup.id, 'DELETE');
    expect(left.json().joinedGroups).toEqual([]);
    const actions = (await auditOf(w.meters.supply.id)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['join group', 'leave group']));
  });

  it("refuses a site group (400), another organisation's group (404) and observers (403)", async () => {
    expect((await join('editor', w.groups.siteGroup.id)).json().message).toBe(MSG.meterGroupNotMeterGroup);
    expect((await join('editor', w.groups.theirGroup.id)).statusCode).toBe(404);
    expect((await join('watcher', w.groups.meterGroup.id)).statusCode).toBe(403);
    expect((await join('outsider', w.groups.theirGroup.id)).statusCode).toBe(404);
  });
});

describe('identifiers', () => {
  it('creates labels (not empty, not taken), sets values, copies them from another data source', async () => {
    const labels = `/organisations/${w.org.id}/meter-identifiers`;
    const created = await w.call('editor', 'POST', labels, { name: 'Cost code' });
    expect(created.statusCode).toBe(200);
    const id = created.json().identifierId;
    expect((await w.call('editor', 'POST', labels, { name: 'cost CODE' })).json().message).toBe(
      MSG.identifierNameExists,
    );
    expect((await w.call('editor', 'POST', labels, { name: ' ' })).statusCode).toBe(400);
    expect((await w.call('watcher', 'POST', labels, { name: 'Other' })).statusCode).toBe(403);
    expect((await w.call('watcher', 'GET', labels)).json()).toEqual([
      { identifierId: id, identifierLabel: 'Cost code' },
    ]);
    expect((await w.call('outsider', 'GET', labels)).statusCode).toBe(403);

    const set = await w.call('editor', 'PUT', `/meters/${w.meters.check.id}/identifiers/${id}`, {
      value: 'CC-42',
    });
    expect(set.json().identifiers).toEqual([
      { identifierId: id, identifierLabel: 'Cost code', value: 'CC-42' },
    ]);
    const copied = await w.call('editor', 'POST', `/meters/${w.meters.supply.id}/identifiers/copy`, {
      fromMeterId: w.meters.check.id,
    });
    expect(copied.json().identifiers[0].value).toBe('CC-42');
    const cleared = await w.call('editor', 'PUT', `/meters/${w.meters.supply.id}/identifiers/${id}`, {
      value: '',
    });
    expect(cleared.json().identifiers[0].value).toBeNull();
    const foreign = await w.call('editor', 'POST', `/meters/${w.meters.supply.id}/identifiers/copy`, {
      fromMeterId: w.meters.theirMeter.id,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('alert set-ups', () => {
  it('saves consumption, tariff and base load set-ups and refuses bad values', async () => {
    const url = (p: string) => `/meters/${w.meters.supply.id}/${p}`;
    const c = await w.call('editor', 'PUT', url('consumption-alert-setup'), {
      alertDiffer: 3,
      alertPerc: 20,
      absAlert: 500,
    });
    expect(c.json().alertSettings.consumption).toEqual({ alertDiffer: 3, alertPerc: 20, absAlert: 500 });
    const t = await w.call('editor', 'PUT', url('tariff-alert-setup'), {
      relAlert: 10.5,
      absAlert: null,
      rateAlert: 0.3,
    });
    expect(t.json().alertSettings.tariff).toEqual({ relAlert: 10.5, absAlert: null, rateAlert: 0.3 });
    const b = await w.call('editor', 'PUT', url('baseload-alert-setup'), { triggerPercentage: 40 });
    expect(b.json().alertSettings.baseLoad).toEqual({ triggerPercentage: 40 });
    expect(
      (
        await w.call('editor', 'PUT', url('consumption-alert-setup'), {
          alertDiffer: 4,
          alertPerc: 1,
          absAlert: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await w.call('editor', 'PUT', url('consumption-alert-setup'), {
          alertDiffer: 1,
          alertPerc: 1.5,
          absAlert: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await w.call('watcher', 'PUT', url('baseload-alert-setup'), { triggerPercentage: 1 })).statusCode,
    ).toBe(403);
    const actions = (await auditOf(w.meters.supply.id)).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['consumption alert set-up', 'tariff alert set-up', 'base load alert set-up']),
    );
  });
});
