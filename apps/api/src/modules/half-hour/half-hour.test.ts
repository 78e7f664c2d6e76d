import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { halfHourDays, halfHourRegisters } from '@verdant/db/schema/half-hours';
import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { MSG } from '@verdant/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

/*
 * A smart meter in New Zealand with an import register (0, Unspecified) and a solar export register (2),
 * from 31 March to 30 April 2026 on the standard-time clock: 1 kWh every half hour, but 3 kWh from 08:00 to
 * 17:30 standard time on 10 April, and the 20th estimated from 12:00. Daylight saving ends on 5 April.
 */
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-05-10T00:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Half Hour Org' });
  const other = await createOrganisation(t.db, { name: 'Other Half Hour Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity half hours' });
  const site = await createSite(t.db, org.id, { name: 'Library' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const smart = await createMeter(t.db, site, {
    localName: 'Library smart meter',
    meterType: 5,
    loadGroup: 60,
    ...kwh,
  });
  const empty = await createMeter(t.db, site, { localName: 'Library TOU meter', meterType: 1, ...kwh });
  Object.assign(ids, { smart: smart.id, empty: empty.id });
  for (const [register, direction] of [
    [0, 'import'],
    [2, 'export'],
  ] as const) {
    await t.db
      .insert(halfHourRegisters)
      .values({ organisationId: org.id, meterId: smart.id, register, direction, quantity: 'kWh' });
  }
  const rows: (typeof halfHourDays.$inferInsert)[] = [];
  for (let d = toDayNumber('2026-03-31'); d <= toDayNumber('2026-04-30'); d++) {
    const readDate = fromDayNumber(d);
    const kwh = Array.from({ length: 48 }, (_, slot) =>
      readDate === '2026-04-10' && slot >= 16 && slot < 36 ? 3 : 1,
    );
    const estimated = readDate === '2026-04-20';
    rows.push({
      meterId: smart.id,
      organisationId: org.id,
      register: 0,
      readDate,
      kwh,
      pf: kwh.map(() => 0.9),
      dayKwh: kwh.reduce((a, b) => a + b, 0),
      readings: 48,
      quality: estimated ? `${'A'.repeat(24)}${'E'.repeat(24)}` : null,
      estimatedReadings: estimated ? 24 : 0,
    });
    rows.push({
      meterId: smart.id,
      organisationId: org.id,
      register: 2,
      readDate,
      kwh: kwh.map(() => 0.25),
      dayKwh: 12,
      readings: 48,
    });
  }
  await t.db.insert(halfHourDays).values(rows);
  await createMember(t.db, org.id, { loginId: 'h.observer', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 'h.outsider', accessId: 2, admin: true });
  for (const k of ['h.observer', 'h.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(tokens[who] ?? '') });

describe('half-hour data', () => {
  it('lists the registers, Unspecified for register 0, with the months that have data', async () => {
    const res = await get('h.observer', `/meters/${ids.smart}/half-hour-data/availability`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      registers: [
        {
          register: 0,
          label: 'Unspecified',
          direction: 'import',
          quantity: 'kWh',
          availability: [{ year: 2026, months: [3, 4] }],
        },
        {
          register: 2,
          label: 'Register 2',
          direction: 'export',
          quantity: 'kWh',
          availability: [{ year: 2026, months: [3, 4] }],
        },
      ],
    });
    expect((await get('h.observer', `/meters/${ids.empty}/half-hour-data/availability`)).json()).toEqual({
      registers: [],
    });
  });

  it('answers a month on the local clock with the changeover day, quality flags and statistics', async () => {
    const res = await get('h.observer', `/meters/${ids.smart}/half-hour-data/2026/4`);
    expect(res.statusCode).toBe(200);
    const month = res.json();
    expect(month).toMatchObject({ month: '2026-04', timeZone: 'Pacific/Auckland', loadGroupKva: 60 });
    expect(month.register).toMatchObject({ register: 0, label: 'Unspecified' });
    // 30 days of 48 half hours and the repeated hour of 5 April.
    expect(month.records).toHaveLength(1442);
    expect(month.days.filter((d: { changeover: string | null }) => d.changeover)).toEqual([
      { date: '2026-04-05', halfHours: 50, changeover: 'end' },
    ]);
    // The busy hours of 10 April were 08:00-17:30 standard time: local standard time from the 6th on.
    const tenth = month.records.filter((r: { date: string }) => r.date === '2026-04-10');
    expect(tenth.find((r: { time: string }) => r.time === '08:00')).toMatchObject({
      kwh: 3,
      pf: 0.9,
      quality: 'A',
    });
    const twentieth = month.records.filter((r: { date: string }) => r.date === '2026-04-20');
    expect(twentieth.find((r: { time: string }) => r.time === '12:00')?.quality).toBe('E');
    // 1442 half hours of 1 kWh, 20 of them 3: 1482 kWh; base load 2 kW; 1442 kWh below it.
    expect(month.stats).toMatchObject({
      halfHours: 1442,
      missing: 0,
      estimated: 24,
      totalKwh: 1482,
      baseLoadKw: 2,
      baseLoadKwh: 1442,
      aboveBaseKwh: 40,
    });
    expect(month.stats.peaks[0]).toEqual({ date: '2026-04-10', time: '08:00', value: 6 });
    expect(month.stats.dailyPeaks).toHaveLength(5);
    expect(month.stats.peakKva.value).toBeCloseTo(6 / 0.9, 6);
    expect(month.weekdayAverage).toHaveLength(48);
  });

  it('answers another register, refuses an unknown one, and says when there is no data', async () => {
    const exported = (
      await get('h.observer', `/meters/${ids.smart}/half-hour-data/2026/4?register=2`)
    ).json();
    expect(exported.register).toMatchObject({ register: 2, direction: 'export' });
    expect(exported.stats.totalKwh).toBe(360.5);
    const unknown = await get('h.observer', `/meters/${ids.smart}/half-hour-data/2026/4?register=7`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This data source has no register 7');
    const none = await get('h.observer', `/meters/${ids.empty}/half-hour-data/2026/4`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MSG.halfHourNone);
    // A past month without readings is every half hour missing; in this month (today is 10 May in New
    // Zealand) the half hours from today on are not read yet, so not missing.
    const february = (await get('h.observer', `/meters/${ids.smart}/half-hour-data/2026/2`)).json();
    expect(february.stats).toMatchObject({ halfHours: 0, missing: 1344, baseLoadKw: null });
    const may = (await get('h.observer', `/meters/${ids.smart}/half-hour-data/2026/5`)).json();
    expect(may.stats).toMatchObject({ halfHours: 0, missing: 9 * 48 });
    expect(may.days.at(-1).date).toBe('2026-05-09');
    for (const bad of ['2026/13', '2026/0', '1899/1', 'x/1', '2026/4?register=-1']) {
      expect((await get('h.observer', `/meters/${ids.smart}/half-hour-data/${bad}`)).statusCode, bad).toBe(
        400,
      );
    }
  });

  it("refuses another organisation's administrator, who learns nothing", async () => {
    for (const url of [
      `/meters/${ids.smart}/half-hour-data/availability`,
      `/meters/${ids.smart}/half-hour-data/2026/4`,
    ]) {
      const res = await get('h.outsider', url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Library');
    }
  });
});
