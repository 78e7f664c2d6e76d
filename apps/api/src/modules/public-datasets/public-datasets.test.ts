import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { auditEvents } from '@verdant/db/schema/audit';
import { publicDatasetValues } from '@verdant/db/schema/public-datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let degreeDays = 0;
let dataset = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-25T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Datasets Org' });
  await createMember(t.db, org.id, { loginId: 'p.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'p.observer', accessId: 4 });
  await createUser(t.db, { loginId: 'p.root', productAdmin: true });
  for (const k of ['p.admin', 'p.observer', 'p.root']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: {
      ...bearer(tokens[who] ?? ''),
      ...(typeof payload === 'string' ? { 'content-type': 'text/csv' } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
const values = async () => (await t.db.select().from(publicDatasetValues)).length;
const at = (year: number | string) => `/public-datasets/${degreeDays}/dataset/${dataset}/data/${year}`;

describe('public datasets', () => {
  it('lists the collections: degree days and grid intensity', async () => {
    const res = await call('p.observer', 'GET', '/public-datasets');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(['Degree days', 'Grid intensity']);
    degreeDays = res.json()[0].id;
  });

  it('a product administrator adds a dataset; its year is twelve blank months, not zeros', async () => {
    const res = await call('p.root', 'POST', `/public-datasets/${degreeDays}/dataset`, {
      name: 'Wellington HDD 15.5 °C',
      unit: '°C·day',
      source: 'Test weather',
    });
    expect(res.statusCode).toBe(200);
    dataset = res.json().id;
    expect(res.json()).toMatchObject({
      name: 'Wellington HDD 15.5 °C',
      from: null,
      till: null,
      sample: null,
    });
    const twice = await call('p.root', 'POST', `/public-datasets/${degreeDays}/dataset`, {
      name: 'wellington hdd 15.5 °c',
      unit: '°C·day',
      source: 'Test weather',
    });
    expect(twice.statusCode).toBe(409);
    const year = await call('p.observer', 'GET', at(2025));
    expect(year.json().months).toHaveLength(12);
    expect(year.json().months.every((m: { value: number | null }) => m.value === null)).toBe(true);
  });

  it('degree days state their base and kind together; a half-stated one is refused beside its field', async () => {
    const res = await call('p.root', 'POST', `/public-datasets/${degreeDays}/dataset`, {
      name: 'Test heating 15.5',
      unit: '°C·day',
      source: 'Test weather',
      baseC: 15.5,
      degreeDayKind: 'heating',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ baseC: 15.5, degreeDayKind: 'heating' });
    const listed = (await call('p.observer', 'GET', '/public-datasets')).json()[0].datasets;
    expect(listed.find((d: { id: number }) => d.id === res.json().id)).toMatchObject({ baseC: 15.5 });
    for (const [body, field, message] of [
      [{ baseC: 18 }, 'degreeDayKind', 'Say whether these are heating or cooling degree days'],
      [{ degreeDayKind: 'cooling' }, 'baseC', 'Give the base temperature of the degree days'],
      [{ baseC: 18, degreeDayKind: 'warm' }, 'degreeDayKind', undefined],
      [{ baseC: 99, degreeDayKind: 'cooling' }, 'baseC', undefined],
    ] as const) {
      const bad = await call('p.root', 'POST', `/public-datasets/${degreeDays}/dataset`, {
        name: 'Half stated',
        unit: '°C·day',
        source: 'Test weather',
        ...body,
      });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      const fields = bad.json().fields ?? bad.json().errors ?? {};
      expect(JSON.stringify(bad.json())).toContain(field);
      if (message) expect(JSON.stringify(fields)).toContain(message);
    }
    const named = (await call('p.observer', 'GET', '/public-datasets')).json()[0].datasets;
    expect(named.some((d: { name: string }) => d.name === 'Half stated')).toBe(false);
  });

  it('PUT sets months (month, value), null removes one, others are kept; audited', async () => {
    const put = await call('p.root', 'PUT', at(2025), [
      { month: 1, value: 12.5 },
      { month: 7, value: 210 },
      { month: 8, value: 190.25 },
    ]);
    expect(put.statusCode).toBe(200);
    const again = await call('p.root', 'PUT', at(2025), [{ month: 8, value: null }]);
    const months = again.json().months;
    expect(months[0]).toEqual({ month: 1, value: 12.5 });
    expect(months[6]).toEqual({ month: 7, value: 210 });
    expect(months[7]).toEqual({ month: 8, value: null });
    expect(again.json().dataset).toMatchObject({ from: '2025-01', till: '2025-07' });
    // Two datasets added (the previous tests) and two saves.
    const events = await t.db.select().from(auditEvents);
    expect(events.filter((e) => e.assetType === 'public-dataset').length).toBe(4);
  });

  it('refuses bad months and values with clear messages, changing nothing', async () => {
    const before = await values();
    for (const body of [
      [{ month: 13, value: 1 }],
      [{ month: 1, value: 'ten' }],
      [
        { month: 2, value: 1 },
        { month: 2, value: 3 },
      ],
    ]) {
      const res = await call('p.root', 'PUT', at(2025), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(
      (
        await call('p.root', 'PUT', at(2025), [
          { month: 2, value: 1 },
          { month: 2, value: 3 },
        ])
      ).json().message,
    ).toContain('Month 2 is given more than once');
    expect((await call('p.root', 'PUT', at(1800), [{ month: 2, value: 1 }])).statusCode).toBe(400);
    expect(
      (await call('p.root', 'GET', `/public-datasets/${degreeDays}/dataset/99999/data/2025`)).statusCode,
    ).toBe(404);
    expect(await values()).toBe(before);
  });

  it('loads a CSV whole, or names every bad row and loads nothing', async () => {
    const before = await values();
    const bad = await call(
      'p.root',
      'POST',
      `/public-datasets/${degreeDays}/dataset/${dataset}/csv`,
      'Year,Month,Value\n2024,1,300\n2024,13,1\n2024,2,abc\n2024,1,5\n',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      "Nothing was loaded: 3 rows were refused. Row 3: the month '13' is not one from 1 to 12; Row 4: the value 'abc' is not a number; Row 5: 2024-01 is already given on row 2",
    );
    const header = await call(
      'p.root',
      'POST',
      `/public-datasets/${degreeDays}/dataset/${dataset}/csv`,
      'a,b\n1,2\n',
    );
    expect(header.json().message).toBe("The CSV needs the columns 'year', 'month' and 'value'");
    expect(await values()).toBe(before);
    const good = await call(
      'p.root',
      'POST',
      `/public-datasets/${degreeDays}/dataset/${dataset}/csv`,
      'month,year,value,note\n1,2024,300.5,x\n2,2024,280,\n\n7,2025,215,replaces\n',
    );
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ success: true, months: 3, message: '3 months loaded' });
    const y = (await call('p.admin', 'GET', at(2024))).json().months;
    expect(y.slice(0, 3)).toEqual([
      { month: 1, value: 300.5 },
      { month: 2, value: 280 },
      { month: 3, value: null },
    ]);
    expect((await call('p.admin', 'GET', at(2025))).json().months[6].value).toBe(215);
  });

  it('only product administrators change them: an organisation administrator and a read-only user are refused', async () => {
    const before = await values();
    for (const who of ['p.admin', 'p.observer']) {
      expect((await call(who, 'PUT', at(2025), [{ month: 3, value: 1 }])).statusCode).toBe(403);
      expect(
        (
          await call(
            who,
            'POST',
            `/public-datasets/${degreeDays}/dataset/${dataset}/csv`,
            'year,month,value\n2020,1,1\n',
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await call(who, 'POST', `/public-datasets/${degreeDays}/dataset`, {
            name: 'X',
            unit: 'u',
            source: 's',
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(await values()).toBe(before);
  });
});
