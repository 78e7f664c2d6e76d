import { createUser } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../testing/test-app';
import { benchmarkOrganisation } from './benchmark-fixture';

let fx: Awaited<ReturnType<typeof benchmarkOrganisation>>;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  fx = await benchmarkOrganisation();
  await createUser(fx.t.db, { loginId: 'b.root', productAdmin: true });
  for (const k of ['b.root', 'b.admin', 'b.observer', 'b.outsider']) tokens[k] = await fx.t.login(k);
});
afterAll(() => fx?.t.close());

const send = (who: string, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  fx.t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });
const count = async () => {
  const r = await fx.t.db.execute<{ sets: number; values: number; mappings: number; days: number }>(
    `select (select count(*)::int from benchmark_sets) as sets, (select count(*)::int from benchmark_values) as values,
      (select count(*)::int from benchmark_type_mappings) as mappings, (select count(*)::int from degree_days) as days`,
  );
  return r.rows[0];
};

const HEADER = 'type_key,type_name,unit,total,electricity,fossil,good_practice,p25,p75,publication,secondary';
const set = (csv: string, more: object = {}) => ({
  series: 'demo-regional-median',
  publisher: 'Demo Energy Agency',
  name: 'Regional building energy medians',
  edition: '2025',
  published: '2025-06-30',
  level: 4,
  sourceTitle: 'Regional medians, table 3',
  sourceUrl: 'https://example.org/medians-2025',
  metric: 'site-energy',
  statistic: 'median',
  csv,
  ...more,
});
const GOOD = `${HEADER}\noffice,Office,MJ/m2,360,,,,,,Table 3 row 1,no\nretail,"Retail, general",MJ/m2,"1,080",,,,,,Table 3 row 2,yes\n`;

describe('a product administrator loads a benchmark set and maps types', () => {
  it('loads an edition from the documented CSV layout, audited', async () => {
    const res = await send('b.root', 'POST', '/benchmark-sets', set(GOOD));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Regional building energy medians (2025) loaded: 2 types',
      types: 2,
    });
    const sets = (await send('b.observer', 'GET', '/benchmark-sets')).json();
    const loaded = sets.find((s: { series: string }) => s.series === 'demo-regional-median');
    expect(loaded).toMatchObject({ level: 4, unit: 'MJ/m2', current: true });
    expect(loaded.types).toEqual([
      expect.objectContaining({ typeKey: 'office', total: 360, secondary: false }),
      expect.objectContaining({
        typeKey: 'retail',
        typeName: 'Retail, general',
        total: 1080,
        secondary: true,
      }),
    ]);
    const audit = await fx.t.db.execute(`select action from audit_events where asset_type = 'benchmark set'`);
    expect(audit.rows).toEqual([{ action: 'load' }]);
  });

  it('maps the office segmentation; the office then benchmarks at level 4 as worked by hand', async () => {
    const before = await send(
      'b.observer',
      'GET',
      `/data/reporting/reports/benchmark/entity/${fx.ids.officeA}/level/4`,
    );
    expect(before.json().message).toContain('is not mapped');
    const saved = await send('b.root', 'PUT', '/benchmark-sets/series/demo-regional-median/mappings', {
      mappings: [{ buildsegId: 1, entdescId: 0, typeKey: 'office' }],
    });
    expect(saved.json()).toEqual({ success: true, message: 'Mappings saved' });
    // 360 MJ/m² / 3.6 = 100 kWh/m²; Office A uses 125: 25 % above, (125 - 100) x 2,000 m² = 50,000 kWh a year.
    const r = (
      await send('b.observer', 'GET', `/data/reporting/reports/benchmark/entity/${fx.ids.officeA}/level/4`)
    ).json();
    expect(r.calculated).toBe(true);
    expect(r.indicators[0].samples).toEqual([
      expect.objectContaining({
        entityConsumption: 125,
        benchmarkConsumption: 100,
        percentAbove: 25,
        possibleImprovement: 50_000,
        publishedValue: 360,
      }),
    ]);
  });

  it('refuses a bad mapping with a clear message, changing nothing', async () => {
    const before = await count();
    const at = '/benchmark-sets/series/demo-regional-median/mappings';
    const cases: [object, number, string][] = [
      [
        { mappings: [{ buildsegId: 1, typeKey: 'castle' }] },
        400,
        "demo-regional-median has no type 'castle'",
      ],
      [
        { mappings: [{ buildsegId: 99999, typeKey: 'office' }] },
        400,
        'Choose a building segmentation (occupancy) of the list',
      ],
      [
        {
          mappings: [
            { buildsegId: 1, typeKey: 'office' },
            { buildsegId: 1, typeKey: 'retail' },
          ],
        },
        400,
        'A segmentation and function are mapped twice',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await send('b.root', 'PUT', at, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const unknown = await send('b.root', 'PUT', '/benchmark-sets/series/no-such/mappings', { mappings: [] });
    expect(unknown.statusCode).toBe(404);
    expect(await count()).toEqual(before);
  });

  it('refuses an unknown unit, a negative value, a type twice and a taken edition or level; nothing lands', async () => {
    const before = await count();
    const cases: [object, number, string][] = [
      [
        set(`${HEADER}\noffice,Office,kWh/ft2,100,,,,,,T1,no\n`, { edition: '2026' }),
        400,
        "Row 2: the unit 'kWh/ft2' is not one the benchmark library knows (kWh/m2, kBtu/ft2, MJ/m2, GJ/m2)",
      ],
      [
        set(`${HEADER}\noffice,Office,kWh/m2,100,,,,,,T1,no\nretail,Retail,kWh/m2,-5,,,,,,T2,no\n`, {
          edition: '2026',
        }),
        400,
        'Row 3: total cannot be negative',
      ],
      [
        set(`${HEADER}\noffice,Office,kWh/m2,100,,,,,,T1,no\nOffice,Office again,kWh/m2,90,,,,,,T2,no\n`, {
          edition: '2026',
        }),
        400,
        "Row 3: the type 'office' is listed twice",
      ],
      [
        set(`type,name\noffice,Office\n`, { edition: '2026' }),
        400,
        'The first row must name the columns; missing: type_key, type_name, unit, publication',
      ],
      [
        set(GOOD),
        409,
        'The library already has edition 2025 of demo-regional-median; an edition is never changed, load a new one',
      ],
      [
        set(GOOD, { series: 'another-set', level: 2 }),
        409,
        'Level 2 answers energy-star-median; choose a level no other series answers',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await send('b.root', 'POST', '/benchmark-sets', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // Every problem of a file is named, not only the first.
    const many = await send(
      'b.root',
      'POST',
      '/benchmark-sets',
      set(`${HEADER}\nx,X,BTU,1,,,,,,T,no\ny,Y,kWh/m2,-1,,,,,,T,no\n`, { edition: '2027' }),
    );
    expect(many.json().message).toContain('(and 1 more problems)');
    expect(many.json().fields.csv).toHaveLength(2);
    expect(await count()).toEqual(before);
  });
});

describe('degree days', () => {
  const at = () => `/organisations/${fx.org.id}/degree-day-series`;
  const load = (csv: string, more: object = {}) => ({
    name: 'Campus weather station',
    baseC: 15.5,
    source: 'Station log',
    csv,
    ...more,
  });

  it("an organisation's administrator adds months to its series", async () => {
    const res = await send('b.admin', 'POST', at(), load('month,hdd\n2026-09,180\n2026-10,120.5\n'));
    expect(res.json()).toEqual({ success: true, message: '2 months of degree days loaded', months: 2 });
    const list = (await send('b.admin', 'GET', at())).json();
    expect(list).toEqual([
      expect.objectContaining({
        baseC: 15.5,
        source: 'Station log',
        months: 25,
        first: '2024-10',
        last: '2026-10',
      }),
    ]);
  });

  it('refuses a bad month, a negative figure, a month twice and another base; nothing lands', async () => {
    const before = await count();
    const cases: [object, number, string][] = [
      [load('month,hdd\n2026-13,100\n'), 400, "Row 2: the month '2026-13' is not a month (yyyy-MM)"],
      [load('month,hdd\n2026-08,-3\n'), 400, 'Row 2: hdd cannot be negative'],
      [load('month,hdd\n2026-08,3\n2026-08,4\n'), 400, 'Row 3: the month 2026-08 is listed twice'],
      [load('month,hdd\n2026-11,3\n'), 400, 'Row 2: the month 2026-11 is not over yet'],
      [
        load('month,hdd\n2026-08,3\n', { baseC: 18 }),
        409,
        "The organisation's degree days are at base 15.5 °C; a series at another base cannot be mixed with them",
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await send('b.admin', 'POST', at(), body);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await count()).toEqual(before);
  });
});

describe('rights', () => {
  it("refuses organisation administrators, another organisation's administrator and a read-only user", async () => {
    const before = await count();
    for (const who of ['b.admin', 'b.observer', 'b.outsider']) {
      const loaded = await send(who, 'POST', '/benchmark-sets', set(GOOD, { edition: '2030' }));
      expect(loaded.statusCode).toBe(403);
      const mapped = await send(who, 'PUT', '/benchmark-sets/series/demo-regional-median/mappings', {
        mappings: [],
      });
      expect(mapped.statusCode).toBe(403);
    }
    for (const who of ['b.observer', 'b.outsider']) {
      const days = await send(who, 'POST', `/organisations/${fx.org.id}/degree-day-series`, {
        name: 'Mine',
        baseC: 15.5,
        source: 'x',
        csv: 'month,hdd\n2027-01,1\n',
      });
      expect(days.statusCode).toBe(403);
      const list = await send(who, 'GET', `/organisations/${fx.org.id}/degree-day-series`);
      expect(list.statusCode).toBe(403);
      expect(list.body).not.toContain('Campus');
    }
    expect(await count()).toEqual(before);
  });
});
