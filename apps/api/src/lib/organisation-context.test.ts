import { createEntity, createMeter, createSite } from '@verdant/db/asset-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';
import { organisationContext } from './organisation-context';

/**
 * "Today" and "last month" are the organisation's, never UTC's (docs/domain.md, "Time zones"): with the clock
 * frozen where UTC and the organisation disagree on the date, every screen that names a month or a day agrees
 * with the organisation's calendar.
 *
 * - 00:30 on 1 November 2026 in Auckland (UTC+13) is still 31 October in UTC: last month is October, not
 *   September.
 * - 23:30 on 30 November 2026 in Los Angeles (UTC-8) is already 1 December in UTC: last month is October, not
 *   November, and today is 30 November.
 */
const CASES = [
  {
    zone: 'Pacific/Auckland',
    instant: '2026-10-31T11:30:00Z',
    today: '2026-11-01',
    tomorrow: '2026-11-02',
    lastMonth: '2026-10',
  },
  {
    zone: 'America/Los_Angeles',
    instant: '2026-12-01T07:30:00Z',
    today: '2026-11-30',
    tomorrow: '2026-12-01',
    lastMonth: '2026-10',
  },
] as const;

describe.each(CASES)('the organisation on the caller at $instant in $zone', (c) => {
  let t: TestApp;
  let token: string;
  let orgId: number;
  let siteId: number;
  let entityId: number;
  let meterId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(c.instant) });
    await seedReferenceData(t.db);
    await seedCatalogue(t.db);
    const org = await createOrganisation(t.db, { name: `Clock ${c.zone}`, timeZone: c.zone });
    orgId = org.id;
    const site = await createSite(t.db, org.id, { name: 'Depot', siteOpen: '2020-01-01' });
    siteId = site.id;
    entityId = (await createEntity(t.db, site, { name: 'Workshop' })).id;
    meterId = (await createMeter(t.db, site, { localName: 'Supply', meterType: 1, meterOpen: '2020-01-01' }))
      .id;
    await createMember(t.db, org.id, { loginId: 'clock.admin', accessId: 2, admin: true });
    token = await t.login('clock.admin');
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };

  it('is decided once in the zone', () => {
    const ctx = organisationContext(
      { id: 1, timeZone: c.zone, reportingYearEnd: 12, factorSourceId: null, ownFactors: false },
      new Date(c.instant),
    );
    expect(ctx.today).toBe(c.today);
    expect(ctx.lastCompleteMonth).toBe(`${c.lastMonth}-01`);
  });

  it('gives the dashboard, the sites list, the site and the entity the same last month', async () => {
    const month = Number(c.lastMonth.slice(5, 7));
    expect((await get('/api/dashboard/monthly-savings-cons')).month).toBe(month);
    expect((await get('/api/dashboard/gainers-and-losers')).month).toBe(month);
    const yearly = await get('/api/dashboard/yearly-comparison-cons');
    expect(yearly.futureMonths).not.toContain(c.lastMonth);
    expect(yearly.months).toContain(c.lastMonth);
    const sites = await get(`/api/organisations/${orgId}/sites`);
    expect(sites.month).toBe(c.lastMonth.replace('-', ''));
    expect((await get(`/api/entities/${entityId}/figures`)).lastCompleteMonth).toBe(c.lastMonth);
    expect((await get(`/api/sites/${siteId}`)).id).toBe(siteId);
  });

  it('gives the data sources list and the data source page the same last month and today', async () => {
    expect((await get(`/api/organisations/${orgId}/data-sources`)).month).toBe(c.lastMonth.replace('-', ''));
    const meter = await get(`/api/meters/${meterId}`);
    expect(meter.latest.map((f: { month: string }) => f.month)[0]).toBe(c.lastMonth);
    const [year, month] = c.today.split('-').map(Number);
    const graph = await get(`/api/meters/${meterId}/asset-graph-data/v2/cons/${year}/year-end/${month}`);
    expect(graph.currentMonth).toBe(c.today.slice(0, 7));
    expect(graph.data[0].at(-1)).not.toBeNull();
  });

  it("runs the New Invoice dialog's gaps up to the organisation's today", async () => {
    // No invoice yet: the whole life of the meter, from its open date to today, is one gap.
    const defaults = await get(`/api/meters/${meterId}/invoice-date-defaults`);
    expect(defaults.gaps).toEqual([['2020-01-01', c.today]]);
    expect(defaults.endDate).toBe(c.today);
  });

  it("opens a new entity on the organisation's today", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${orgId}/new-entity`,
      headers: bearer(token),
      payload: { siteId, name: 'Store', type: 'STANDARD', facility: 'Store', buildsegId: 1, entdescId: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.entityOpen).toBe(c.today);
  });

  it("dates fleet purchases and the Vehicle Log by the organisation's today", async () => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
    const vehicle = {
      registration: 'CLOCK1',
      make: 'Toyota',
      model: 'Hilux',
      year: 2022,
      bodyShapeId: 5,
      seats: 5,
      transmissionTypeId: 1,
      engineSize: 2.7,
      fuelId: 4,
      desiredEfficiency: 8,
    };
    const made = await post(`/sites/${siteId}/new-vehicles`, {
      purchaseDate: '2026-01-01',
      reporting: 'ORGANISATION',
      list: [vehicle],
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.newVehicleList[0].id;
    const purchase = { odo: 1000, quantity: 10, cost: 20 };
    const tomorrow = await post(`/vehicles/${id}/purchases`, { ...purchase, date: c.tomorrow });
    expect(tomorrow.statusCode, tomorrow.body).toBe(400);
    const today = await post(`/vehicles/${id}/purchases`, { ...purchase, date: c.today });
    expect(today.statusCode, today.body).toBe(200);
    const log = await get(`/api/vehicles/${id}/monthly-data`);
    const current = log.months.at(-1);
    expect(current.label).toBe(c.today.slice(0, 7));
    expect(current.days).toBe(Number(c.today.slice(8, 10)));
    expect(current.litres).toBe(10);
  });
});
