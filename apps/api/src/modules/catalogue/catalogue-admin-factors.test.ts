import { CAT } from '@verdant/domain/catalogue-messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, digest, newType, useFixture } from './catalogue-admin.fixture';

useFixture();

describe('New composite factor', () => {
  it('mixes data types by percentage, with an id from 100000', async () => {
    const commons = await call('root', 'GET', '/lookups/composite-emission-factor-commons');
    expect(commons.json().map((c: { Id: string }) => c.Id)).toContain('kWh');
    const mixable = await call('root', 'GET', '/lookups/composite-emission-factor-commons/litres/data-types');
    const names = mixable.json().map((m: { energyDescr: string }) => m.energyDescr);
    expect(names).toEqual(expect.arrayContaining(['Diesel', 'Bioethanol']));
    const res = await call('root', 'POST', '/admin/mixable-emission-factors', {
      name: 'Diesel B20 blend',
      components: [
        { energy: 4, percentage: '80' },
        { energy: 5, percentage: 20 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Diesel B20 blend created.');
    const id = res.json().data.id;
    expect(id).toBeGreaterThanOrEqual(100000);
    const details = await call('root', 'GET', `/admin/composite-data-types/${id}/details`);
    expect(details.json().components.map((c: { percentage: number }) => c.percentage)).toEqual([80, 20]);
    expect((await call('root', 'GET', '/admin/composite-data-types/13/details')).statusCode).toBe(404);
  });

  it('refuses a short name, one component, a part under 1 % and a total of 99 %', async () => {
    for (const [body, message] of [
      [
        {
          name: 'Mx',
          components: [
            { energy: 4, percentage: 50 },
            { energy: 5, percentage: 50 },
          ],
        },
        CAT.compositeNameShort,
      ],
      [{ name: 'Mix one', components: [{ energy: 4, percentage: 100 }] }, CAT.compositeTwoComponents],
      [
        {
          name: 'Mix small',
          components: [
            { energy: 4, percentage: 99.5 },
            { energy: 5, percentage: 0.5 },
          ],
        },
        CAT.compositeComponentMin,
      ],
      [
        {
          name: 'Mix 99',
          components: [
            { energy: 4, percentage: 89 },
            { energy: 5, percentage: 10 },
          ],
        },
        'The percentages must total 100 (they total 99)',
      ],
      [
        {
          name: 'Mix twice',
          components: [
            { energy: 4, percentage: 50 },
            { energy: 4, percentage: 50 },
          ],
        },
        CAT.compositeComponentTwice,
      ],
      [
        {
          name: 'Mix unknown',
          components: [
            { energy: 4, percentage: 50 },
            { energy: 99999, percentage: 50 },
          ],
        },
        CAT.compositeComponentUnknown,
      ],
    ] as const) {
      const before = await digest();
      const res = await call('root', 'POST', '/admin/mixable-emission-factors', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await digest()).toEqual(before);
    }
  });
});

describe('the emission factor editor', () => {
  let typeId: number;
  beforeAll(async () => {
    const res = await call('root', 'POST', '/admin/energy-types', {
      ...newType,
      name: 'Biogas',
      stdUnit: 'kWh',
      type: 4,
    });
    typeId = res.json().data.id;
  });
  const url = () => `/admin/data-types/${typeId}/emission-factors/1/factors`;

  it('adds and changes factors by hand, each change a new version', async () => {
    const first = (await call('root', 'GET', url())).json()[0];
    const closed = await call('root', 'PUT', `${url()}/${first.emissionFactorId}`, {
      scopeId: 1,
      rate: '0.0158',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      reason: 'Supplier revised it for 2025',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.version).toBe(2);
    const next = await call('root', 'POST', url(), { scopeId: 1, rate: '0.0161', startDate: '2025-01-01' });
    expect(next.statusCode).toBe(200);
    expect((await call('root', 'GET', url())).json().map((f: { rate: number }) => f.rate)).toEqual([
      0.0158, 0.0161,
    ]);
  });

  it('refuses a rate of abc, an overlapping period, an end before the start', async () => {
    for (const [body, message] of [
      [{ scopeId: 1, rate: 'abc', startDate: '2026-01-01' }, CAT.factorRateNumber],
      [
        { scopeId: 1, rate: '1', startDate: '2025-06-01' },
        'The period overlaps another scope 1 factor (2025-01-01 to open)',
      ],
      [{ scopeId: 1, rate: '1', startDate: '2020-06-01', endDate: '2020-01-01' }, CAT.factorEndBeforeStart],
      [{ scopeId: 1, basis: 'location', rate: '1', startDate: '2020-01-01' }, CAT.factorScopeBasis],
    ] as const) {
      const before = await digest();
      const res = await call('root', 'POST', url(), body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await digest()).toEqual(before);
    }
  });

  it("never changes a published edition's factor", async () => {
    const grid = (await call('root', 'GET', '/admin/data-types/13/emission-factors/1/factors')).json();
    const published = grid.find((f: { edition: { name: string } | null }) => f.edition?.name === 'MfE 2025');
    const res = await call(
      'root',
      'PUT',
      `/admin/data-types/13/emission-factors/1/factors/${published.emissionFactorId}`,
      {
        scopeId: 2,
        rate: '0.2',
        startDate: published.startDate,
        endDate: published.endDate,
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This factor belongs to the edition MfE 2025, which is published; load a correcting edition instead',
    );
  });
});
