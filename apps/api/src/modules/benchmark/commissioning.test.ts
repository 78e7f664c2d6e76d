import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchmarkOrganisation } from './benchmark-fixture';

let fx: Awaited<ReturnType<typeof benchmarkOrganisation>>;
beforeAll(async () => {
  fx = await benchmarkOrganisation();
});
afterAll(() => fx?.t.close());

const table = (who: string, year: number | string) =>
  fx.get(who, `/data/reporting/reports/commissioning?year=${year}`);

/* The commissioning table of 2025 for the organisation of benchmark-fixture.ts, worked by hand. */
describe('the commissioning table', () => {
  it('sets design against commissioned against actual for each entity with a design figure', async () => {
    const res = await table('b.observer', 2025);
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json();
    expect(t).toMatchObject({ year: 2025, from: '2025-01', till: '2025-12', narrowed: false });
    expect(t.rows.map((r: { entityName: string }) => r.entityName)).toEqual([
      'Office A',
      'Office B',
      'Plant',
    ]);
    const [a, b, plant] = t.rows;
    // Office A, 2025: January to September 9,000 electricity + 15,000 gas a month = 216,000; October to
    // December 8,000 + 12,500 = 61,500. 277,500 / 2,000 = 138.75 kWh/m². Against design 100: 1.39 times,
    // (138.75 - 100) x 2,000 = +77,500 kWh; against commissioned 120: 1.16 times, +37,500 kWh.
    expect(a).toMatchObject({
      floorArea: 2000,
      designEui: 100,
      commissionedEui: 120,
      interventionEui: 90,
      kwh: 277_500,
      actualEui: 138.8,
      designGap: { ratio: 1.39, kwh: 77_500 },
      commissionedGap: { ratio: 1.16, kwh: 37_500 },
      monthsLived: 12,
      monthsComplete: 12,
      note: null,
    });
    // Office B: 5,000 x 12 = 60,000 / 1,000 = 60 against design 200: 0.3 times, (60 - 200) x 1,000 = -140,000.
    expect(b).toMatchObject({
      actualEui: 60,
      designGap: { ratio: 0.3, kwh: -140_000 },
      commissionedGap: null,
    });
    expect(plant).toMatchObject({
      floorArea: null,
      actualEui: null,
      designGap: null,
      note: 'No gross floor area',
    });
  });

  it('defaults to the last whole year', async () => {
    const res = await fx.get('b.observer', '/data/reporting/reports/commissioning');
    expect(res.json()).toMatchObject({ year: 2025, till: '2025-12' });
  });

  it('leaves the months not yet lived out of this year and gives no gap', async () => {
    const t = (await table('b.observer', 2026)).json();
    expect(t.till).toBe('2026-10');
    expect(t.rows[0]).toMatchObject({
      monthsLived: 10,
      designGap: null,
      note: 'The year is not over: 10 of 12 months lived',
    });
  });

  it('refuses a year before 2000 or after this one', async () => {
    for (const [year, message] of [
      [1999, 'Enter a year of at least 2000'],
      ['twenty', 'Enter a year of at least 2000'],
      [2027, 'The year cannot be after this one'],
    ] as const) {
      const res = await table('b.admin', year);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('shows another organisation’s administrator only their own organisation', async () => {
    const t = (await table('b.outsider', 2025)).json();
    expect(t.rows).toEqual([]);
    expect(JSON.stringify(t)).not.toContain('Office');
  });

  it('leaves out of a narrowed read-only user’s figures the data sources they may not see', async () => {
    const t = (await table('b.narrowed', 2025)).json();
    expect(t.narrowed).toBe(true);
    expect(t.rows.find((r: { entityName: string }) => r.entityName === 'Office B')).toMatchObject({ kwh: 0 });
  });
});
