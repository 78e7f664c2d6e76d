import { FIGURES_MSG } from '@verdant/contracts/dashboard';
import { createMember } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EditionsWorld,
  editionsWorld,
  gridOrganisation,
  MFE_2025_GRID,
  MFE_2025_LOSSES,
  restate,
  YEAR_KWH,
} from '../../testing/editions-fixture';

/**
 * The dashboard's kg CO2e restated or as originally reported (docs/decisions/factor-editions.md, The dashboard as
 * originally reported), worked by hand. The clock stands at 15 July 2026 (Auckland): the last complete month is
 * June 2026, the yearly comparison sets calendar 2026 against 2025, monthly savings June 2026 against June 2025. One grid electricity meter used 120,000 kWh in 2025 (none in 2026), spread by days.
 *
 * - As first computed, 2025's kWh take MfE 2026's grid factor 0.0786625 (scope 2) and T&D losses 0.00595616
 *   (scope 3): 0.08461866 kg/kWh. 2025: 120,000 x 0.08461866 = 10,154.2392 kg; June (30 days):
 *   9,863.013699 kWh x 0.08461866 = 834.595003 kg; January (31 days): 10,191.780822 kWh = 862.414836 kg.
 * - "TA 2026" (a test publisher, published 1 July 2026, after MfE 2026 of 29 May) revises 2025's grid factor
 *   to 0.0700, published and confirmed: 0.07595616 kg/kWh. Restated 2025: 9,114.7392 kg (1,039.5 kg less); June
 *   749.156647 kg; January 774.128535 kg.
 * - As originally reported the dashboard reads 10,154.2392 again, produced by MfE 2026 alone; restated, by
 *   MfE 2026 (the losses) and TA 2026 (the grid).
 */

const ORIGINAL = MFE_2025_GRID + MFE_2025_LOSSES;
const RESTATED = 0.07 + MFE_2025_LOSSES;
const JUNE_KWH = (YEAR_KWH * 30) / 365;
const JAN_KWH = (YEAR_KWH * 31) / 365;

let w: EditionsWorld;

beforeAll(async () => {
  w = await editionsWorld({ clock: () => new Date('2026-07-15T00:00:00Z') });
  const org = await gridOrganisation(w, 'Basis Org', 'admin', [2025]);
  await gridOrganisation(w, 'Other Org', 'other', []);
  await createMember(w.t.db, org.id, { loginId: 'observer', accessId: 4 });
  w.tokens.observer = await w.t.login('observer');
});
afterAll(() => w.t.close());

const get = async (who: string, url: string) => {
  const res = await w.call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const names = (editions: { name: string }[]) => editions.map((e) => e.name);

describe('the dashboard as originally reported', () => {
  it('reads the same either way before any restatement, and names none', async () => {
    const restated = await get('admin', '/dashboard/yearly-comparison-co2e');
    expect(restated).toMatchObject({ basis: 'restated', restatements: [], seriesLabels: ['2026', '2025'] });
    expect(sum(restated.data[1])).toBeCloseTo(YEAR_KWH * ORIGINAL, 2);
    const original = await get('admin', '/dashboard/yearly-comparison-co2e?basis=original');
    expect(original.basis).toBe('original');
    expect(original.data).toEqual(restated.data);
    expect(names(original.editions)).toEqual(['MfE 2026']);
  });

  it('after a restatement of 2025, offers the figures as first reported beside the restated ones', async () => {
    await restate(
      w,
      { name: 'TA 2026', published: '2026-07-01', rate: 0.07, year: 2025 },
      '2025 grid revised',
    );

    const restated = await get('admin', '/dashboard/yearly-comparison-co2e');
    expect(restated.basis).toBe('restated');
    expect(sum(restated.data[1])).toBeCloseTo(9114.7392, 2);
    expect(restated.data[1][0]).toBeCloseTo(JAN_KWH * RESTATED, 3);
    expect(names(restated.editions)).toEqual(['MfE 2026', 'TA 2026']);
    expect(restated.restatements).toEqual([
      {
        id: expect.any(Number),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        editionBefore: null,
        editionAfter: 'TA 2026',
        years: ['2025'],
      },
    ]);

    const original = await get('admin', '/dashboard/yearly-comparison-co2e?basis=original');
    expect(original.basis).toBe('original');
    expect(sum(original.data[1])).toBeCloseTo(10154.2392, 2);
    expect(sum(original.data[1]) - sum(restated.data[1])).toBeCloseTo(1039.5, 2);
    expect(original.data[1][0]).toBeCloseTo(862.414836, 3);
    expect(original.data[0]).toEqual(restated.data[0]);
    expect(names(original.editions)).toEqual(['MfE 2026']);
    expect(original.restatements).toEqual(restated.restatements);
    expect(await get('admin', '/dashboard/yearly-comparison-co2e?basis=restated')).toEqual(restated);
  });

  it('reads monthly savings as originally reported, the same month a year earlier first reported', async () => {
    const restated = await get('admin', '/dashboard/monthly-savings-co2e');
    expect(restated).toMatchObject({ cons1: 0, month: 6, year1: 2026, year2: 2025, basis: 'restated' });
    expect(restated.cons2).toBeCloseTo(JUNE_KWH * RESTATED, 3);
    expect(restated.cons2).toBeCloseTo(749.156647, 3);
    expect(names(restated.editions)).toEqual(['MfE 2026', 'TA 2026']);
    const original = await get('admin', '/dashboard/monthly-savings-co2e?basis=original');
    expect(original).toMatchObject({ cons1: 0, basis: 'original' });
    expect(original.cons2).toBeCloseTo(834.595003, 3);
    expect(names(original.editions)).toEqual(['MfE 2026']);
    expect(original.restatements).toMatchObject([{ editionAfter: 'TA 2026', years: ['2025'] }]);
  });

  it('leaves kWh and $ as they are: never restated', async () => {
    for (const url of ['/dashboard/yearly-comparison-cons', '/dashboard/monthly-savings-cost']) {
      const plain = await get('admin', url);
      const asked = await get('admin', `${url}?basis=original`);
      expect(asked).toEqual(plain);
      expect(asked).toMatchObject({ basis: 'restated', restatements: [], editions: [] });
    }
  });

  it('answers an observer as any member, and another organisation nothing of this one', async () => {
    const observer = await get('observer', '/dashboard/yearly-comparison-co2e?basis=original');
    expect(sum(observer.data[1])).toBeCloseTo(10154.2392, 2);
    const other = await w.call('other', 'GET', '/dashboard/yearly-comparison-co2e?basis=original');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ restatements: [], editions: [] });
    expect(sum(other.json().data[1])).toBe(0);
    expect(other.body).not.toContain('TA 2026');
  });

  it('refuses a basis it does not know with a clear message', async () => {
    for (const url of ['/dashboard/yearly-comparison-co2e', '/dashboard/monthly-savings-co2e']) {
      const res = await w.call('admin', 'GET', `${url}?basis=first`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain(FIGURES_MSG);
    }
  });
});
