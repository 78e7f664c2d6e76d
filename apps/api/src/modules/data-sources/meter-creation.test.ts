import { meters } from '@verdant/db/schema/assets';
import { auditEvents } from '@verdant/db/schema/audit';
import { icpWithChecksum } from '@verdant/domain/meter-creation';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  call,
  counts,
  electricityMeter,
  ICP_A,
  ICP_B,
  ids,
  org,
  other,
  t,
  useFixture,
} from './meter-creation.fixture';

useFixture();

describe('POST /organisations/{id}/new-meter', () => {
  it('creates an electricity meter with its ICP, units, type and retailer, audited', async () => {
    const res = await call('editor', 'POST', `/api/organisations/${org.id}/new-meter`, electricityMeter());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Depot main supply created.',
      name: 'Depot main supply',
    });
    const [row] = await t.db.select().from(meters).where(eq(meters.id, body.id));
    expect(row).toMatchObject({
      organisationId: org.id,
      siteId: ids.depot,
      localName: 'Depot main supply',
      account: ICP_B,
      energyId: ids.electricity,
      unitId: ids.kwh,
      outputUnitId: ids.mwh,
      metlvlId: 1,
      situation: 'STANDARD',
      meterType: 1,
      retailerId: 4,
      meterOpen: '2026-02-01',
      reportingSource: 'ORGANISATION',
      landlord: null,
    });
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.assetType, 'meter'), eq(auditEvents.assetId, body.id)));
    expect(entry).toMatchObject({ organisationId: org.id, action: 'create', assetType: 'meter' });
    expect(entry?.changes.account).toEqual({ before: null, after: ICP_B });
    // The organisation's history names the retailer and the units.
    const history = await call(
      'admin',
      'GET',
      `/api/organisations/${org.id}/history?assetType=meter&assetId=${body.id}`,
    );
    expect(history.json().events[0].changes).toMatchObject({
      retailerId: { before: null, after: 'Meridian Energy' },
      outputUnitId: { before: null, after: 'MWh' },
    });
  });

  it('takes an ICP typed without its hyphen, a check meter without ICP, a landlord supply, a water account', async () => {
    const url = `/api/organisations/${org.id}/new-meter`;
    const plain = await call(
      'admin',
      'POST',
      url,
      electricityMeter({ icp: ICP_B.replace('-', '').toLowerCase() }),
    );
    expect(plain.statusCode).toBe(200);
    const check = await call(
      'admin',
      'POST',
      url,
      electricityMeter({ name: 'Depot submeter', level: 'CHECK', icp: '', meterType: 6, retailer: null }),
    );
    expect(check.statusCode).toBe(200);
    const landlord = await call(
      'admin',
      'POST',
      url,
      electricityMeter({
        name: 'Leased floor',
        level: 'LANDLORD',
        icp: '',
        landlord: ' Harbour Properties ',
      }),
    );
    expect(landlord.statusCode).toBe(200);
    const water = await call('admin', 'POST', url, {
      ...electricityMeter({ name: 'Depot water', energy: ids.water, unit: ids.m3, outputUnit: ids.m3 }),
      icp: 'WA-4455',
      meterType: 2,
      retailer: null,
    });
    expect(water.statusCode).toBe(200);
    const rows = await t.db
      .select({
        name: meters.localName,
        account: meters.account,
        level: meters.metlvlId,
        landlord: meters.landlord,
      })
      .from(meters)
      .where(
        sql`${meters.id} in (${sql.join(
          [plain, check, landlord, water].map((r) => sql`${r.json().id}`),
          sql`, `,
        )})`,
      )
      .orderBy(meters.id);
    expect(rows).toEqual([
      { name: 'Depot main supply', account: ICP_B, level: 1, landlord: null },
      { name: 'Depot submeter', account: null, level: 2, landlord: null },
      { name: 'Leased floor', account: null, level: 1, landlord: 'Harbour Properties' },
      { name: 'Depot water', account: 'WA-4455', level: 1, landlord: null },
    ]);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['an unknown site', { site: 999_999 }, 'That site does not exist'],
    ['an unknown data type', { energy: 999_999 }, 'That activity does not exist'],
    ['a retired data type', { energy: -1 }, 'That activity does not exist'],
    ["another organisation's data type", { energy: -2 }, 'That activity does not exist'],
    ['a unit of another data type', { unit: -3 }, 'That unit is not a unit of the chosen activity'],
    [
      'a reporting unit of another data type',
      { outputUnit: -3 },
      'That unit is not a unit of the chosen activity',
    ],
    [
      'an open date after the site closed',
      { site: -4, openDate: '2024-04-01' },
      "The open date cannot be after the site's close date",
    ],
    ['a malformed ICP', { icp: '0000012345N!-726' }, 'ICP number is not valid'],
    ['an ICP with a wrong check', { icp: '0000012345NT-727' }, 'ICP number is not valid'],
    ['no ICP on a standard supply', { icp: '' }, 'ICP number is not valid'],
    [
      'a landlord supply without a landlord',
      { level: 'LANDLORD', landlord: '  ' },
      'Landlord name is required',
    ],
    [
      'a water account without a number',
      { energy: -5, unit: -6, outputUnit: -6, icp: ' ', meterType: 2 },
      'Account number is required',
    ],
    [
      'a meter type of another level',
      { meterType: 6 },
      'That meter type does not suit this activity and level',
    ],
    ['no retailer on a standard supply', { retailer: null }, 'Choose a retailer'],
    ['an unknown retailer', { retailer: 99_999 }, 'That retailer does not exist'],
    ['a name under 3 characters', { name: ' ab ' }, 'Name must be at least 3 characters'],
    ['no open date', { openDate: null }, 'Open date is required'],
    ['no site', { site: null }, 'Choose a site'],
  ];
  const resolve = (v: unknown) =>
    ({
      [-1]: ids.retired,
      [-2]: ids.theirs,
      [-3]: ids.gasKwh,
      [-4]: ids.mill,
      [-5]: ids.water,
      [-6]: ids.m3,
    })[v as number] ?? v;

  it.each(refusals)('refuses %s with a clear 400 and changes nothing', async (_, over, message) => {
    const before = await counts();
    const payload = Object.fromEntries(
      Object.entries(electricityMeter(over)).map(([k, v]) => [k, resolve(v)]),
    );
    const res = await call('editor', 'POST', `/api/organisations/${org.id}/new-meter`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad shapes (a level outside the list, a date not on the calendar) with 400', async () => {
    const url = `/api/organisations/${org.id}/new-meter`;
    expect((await call('editor', 'POST', url, electricityMeter({ level: 'ROOF' }))).statusCode).toBe(400);
    expect((await call('editor', 'POST', url, electricityMeter({ openDate: '2026-02-30' }))).statusCode).toBe(
      400,
    );
  });

  it('refuses observers, editors narrowed to viewing the site, and other organisations', async () => {
    const before = await counts();
    const url = `/api/organisations/${org.id}/new-meter`;
    expect((await call('observer', 'POST', url, electricityMeter())).statusCode).toBe(403);
    expect((await call('narrowed', 'POST', url, electricityMeter())).statusCode).toBe(403);
    const barred = await call('barred', 'POST', url, electricityMeter());
    expect(barred.statusCode).toBe(400);
    expect(barred.json().message).toBe('That site does not exist');
    expect((await call('outsider', 'POST', url, electricityMeter())).statusCode).toBe(403);
    // Our site through their own organisation: refused exactly like a site that does not exist.
    const foreign = await call(
      'outsider',
      'POST',
      `/api/organisations/${other.id}/new-meter`,
      electricityMeter(),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('That site does not exist');
    expect(await counts()).toEqual(before);
  });
});

describe('GET /meters/icp-check/{icp}', () => {
  it('answers valid for a good ICP, not valid for a bad one, with the spec message', async () => {
    const fresh = icpWithChecksum('0000099999NT');
    expect((await call('editor', 'GET', `/api/meters/icp-check/${fresh}?electricity=true`)).json()).toEqual({
      icp: fresh,
      valid: true,
      exists: false,
      message: null,
      address: null,
    });
    const bad = (await call('editor', 'GET', '/api/meters/icp-check/0000099999NT-000')).json();
    expect(bad).toMatchObject({ valid: false, message: 'ICP number is not valid' });
    const short = (await call('editor', 'GET', '/api/meters/icp-check/12AB')).json();
    expect(short).toMatchObject({ valid: false, message: 'ICP number is not valid' });
  });

  it("warns that the ICP exists in the organisation (never another organisation's) and gives its address", async () => {
    const [mine] = await t.db.select().from(meters).where(eq(meters.account, ICP_B)).limit(1);
    await t.db
      .update(meters)
      .set({ address1: '12 Depot Road', address2: 'Upper Hutt' })
      .where(eq(meters.id, mine?.id ?? 0));
    const res = (await call('editor', 'GET', `/api/meters/icp-check/${ICP_B}?electricity=true`)).json();
    expect(res).toEqual({
      icp: ICP_B,
      valid: true,
      exists: true,
      message:
        'This ICP already exists in Verdant. Creating this meter adds a second or replacement meter for it.',
      address: '12 Depot Road, Upper Hutt',
    });
    // The same ICP is a gas ICP nowhere; Other Org's meter with ICP A stays unseen.
    expect(
      (await call('editor', 'GET', `/api/meters/icp-check/${ICP_B}?electricity=false`)).json().exists,
    ).toBe(false);
    expect((await call('editor', 'GET', `/api/meters/icp-check/${ICP_A}`)).json().exists).toBe(false);
    expect((await call('outsider', 'GET', `/api/meters/icp-check/${ICP_B}`)).json().exists).toBe(false);
  });

  it('is for those who may create meters', async () => {
    expect((await call('observer', 'GET', `/api/meters/icp-check/${ICP_B}`)).statusCode).toBe(403);
  });
});
