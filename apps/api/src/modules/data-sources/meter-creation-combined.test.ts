import { meters } from '@verdant/db/schema/assets';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, counts, ids, org, t, useFixture } from './meter-creation.fixture';

useFixture();

describe('POST /organisations/{id}/new-combined-water-wastewater-account', () => {
  const url = () => `/api/organisations/${org.id}/new-combined-water-wastewater-account`;
  const account = (over: Record<string, unknown> = {}) => ({
    site: ids.depot,
    account: '4455-01',
    waterMeterName: '4455-01 - Water',
    waterMeterNumber: 'M 778',
    wastewaterMeterName: '4455-01 - Wastewater',
    wastewaterMeterNumber: 'M 778',
    openDate: '2026-03-01',
    reporting: 'ORGANISATION',
    ...over,
  });

  it('creates both meters on the account, equal numbers suffixed (W) and (WW) with a notice', async () => {
    const before = await counts();
    const res = await call('editor', 'POST', url(), account());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: '4455-01 - Water and 4455-01 - Wastewater created.',
      notice: 'The two meter numbers are the same, so they are saved as M 778 (W) and M 778 (WW).',
      water: { name: '4455-01 - Water', meterNumber: 'M 778 (W)' },
      wastewater: { name: '4455-01 - Wastewater', meterNumber: 'M 778 (WW)' },
    });
    const rows = await t.db
      .select({ id: meters.id, account: meters.account, number: meters.meterNumber, energy: meters.energyId })
      .from(meters)
      .where(eq(meters.account, '4455-01'))
      .orderBy(meters.id);
    expect(rows.map((r) => r.number)).toEqual(['M 778 (W)', 'M 778 (WW)']);
    expect(rows[0]?.energy).toBe(ids.water);
    expect(await counts()).toEqual({ meters: (before.meters ?? 0) + 2, audit: (before.audit ?? 0) + 2 });
  });

  it('keeps different numbers as typed, without a notice', async () => {
    const res = await call(
      'admin',
      'POST',
      url(),
      account({ account: '9001', wastewaterMeterNumber: 'M 779' }),
    );
    expect(res.json()).toMatchObject({
      notice: null,
      water: { meterNumber: 'M 778' },
      wastewater: { meterNumber: 'M 779' },
    });
  });

  it.each([
    ['account', { account: ' ' }, 'Account is required'],
    ['water meter name', { waterMeterName: '' }, 'Water meter name is required'],
    ['wastewater meter number', { wastewaterMeterNumber: '' }, 'Wastewater meter number is required'],
    ['open date', { openDate: null }, 'Open date is required'],
    ['a known site', { site: 999_999 }, 'That site does not exist'],
  ])('requires %s; nothing is created', async (_, over, message) => {
    const before = await counts();
    const res = await call('editor', 'POST', url(), account(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("refuses observers and another organisation's site", async () => {
    expect((await call('observer', 'POST', url(), account())).statusCode).toBe(403);
    const res = await call('editor', 'POST', url(), account({ site: ids.theirSite }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('That site does not exist');
  });
});

describe('lookups for the wizard', () => {
  it('lists retailers, meter levels and meter types', async () => {
    const retailers = (await call('observer', 'GET', '/api/lookups/retailers')).json();
    expect(retailers).toContainEqual({
      retailerId: 4,
      retailerDescr: 'Meridian Energy',
      loadId: 2, // kVA: docs/decisions/catalogue.md, "Retailers' load units"
      stdUnit: null,
      type: 'Electricity',
    });
    const levels = (await call('observer', 'GET', '/api/lookups/meter-levels')).json();
    expect(levels.map((l: { Id: string }) => l.Id)).toEqual(['STANDARD', 'CHECK', 'OFFSHORE', 'LANDLORD']);
    const types = (await call('observer', 'GET', '/api/lookups/meter-types')).json();
    expect(types).toHaveLength(9);
    expect(types[8]).toEqual({ Id: 9, Descr: 'Transactional with cost', Order: 9 });
  });

  it('offers meter types by data type and level; refuses unknown levels and unseen data types', async () => {
    const of = async (energy: number | undefined, level: string, who = 'observer') =>
      call(who, 'GET', `/api/lookups/energy/${energy}/meter-levels/${level}/meter-types`);
    expect((await (await of(ids.electricity, 'CHECK')).json()).map((x: { Id: number }) => x.Id)).toEqual([
      2, 6, 8,
    ]);
    expect((await (await of(ids.water, 'STANDARD')).json()).map((x: { Id: number }) => x.Id)).toEqual([
      2, 4, 5, 8,
    ]);
    expect((await of(ids.electricity, 'ROOF')).statusCode).toBe(400);
    expect((await of(ids.theirs, 'STANDARD')).statusCode).toBe(404);
    expect((await of(ids.theirs, 'STANDARD', 'outsider')).statusCode).toBe(200);
  });

  it('lists the units of a data type for the Metering step', async () => {
    const units = (
      await call('observer', 'GET', `/api/lookups/energy/${ids.electricity}/energy-units`)
    ).json();
    expect(units.map((u: { name: string }) => u.name)).toEqual(['kWh', 'MWh']);
  });
});
