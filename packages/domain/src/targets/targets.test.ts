import { describe, expect, it } from 'vitest';
import { targetYearMonths, targetYearOf, yearEndOf } from './financial-years';
import { performanceAgainstTarget } from './performance';
import { derivedProfile, flatProfile, normaliseProfile, PROFILE_REASONS } from './profiles';
import { reductionIn, targetPath } from './target-path';

describe('target years', () => {
  it('names a year by the year it ends in', () => {
    expect(targetYearMonths(2019, 'CY')).toEqual([
      '2019-01-01',
      '2019-02-01',
      '2019-03-01',
      '2019-04-01',
      '2019-05-01',
      '2019-06-01',
      '2019-07-01',
      '2019-08-01',
      '2019-09-01',
      '2019-10-01',
      '2019-11-01',
      '2019-12-01',
    ]);
    const fy6 = targetYearMonths(2019, 'FY6');
    expect([fy6[0], fy6[11]]).toEqual(['2018-07-01', '2019-06-01']);
    const fy3 = targetYearMonths(2019, 'FY3');
    expect([fy3[0], fy3[11]]).toEqual(['2018-04-01', '2019-03-01']);
  });
  it('finds the year a month belongs to', () => {
    expect(targetYearOf('2019-06-01', 'FY6')).toBe(2019);
    expect(targetYearOf('2019-07-01', 'FY6')).toBe(2020);
    expect(targetYearOf('2019-03-01', 'FY3')).toBe(2019);
    expect(targetYearOf('2019-04-01', 'FY3')).toBe(2020);
    expect(targetYearOf('2019-12-01', 'CY')).toBe(2019);
    expect(yearEndOf(6)).toBe('FY6');
    expect(yearEndOf(3)).toBe('FY3');
    expect(yearEndOf(12)).toBe('CY');
  });
});

describe('target path', () => {
  it('runs straight from the baseline to 30% by 2030 (1000 in 2019)', () => {
    const path = targetPath(1000, 2019, [{ perc: 30, year: 2030 }]);
    expect(path).toHaveLength(12);
    expect(path[0]).toEqual({ year: 2019, perc: 0, value: 1000 });
    // 30% over 11 years: 2.7272...% a year; 2020 is 1000 - 27.2727 = 972.7273.
    expect(path[1]?.value).toBeCloseTo(972.7273, 4);
    // 2024: 5/11 of 30% = 13.6364%; 863.6364.
    expect(path[5]?.perc).toBeCloseTo(13.6364, 4);
    expect(path[5]?.value).toBeCloseTo(863.6364, 4);
    expect(path[11]?.value).toBeCloseTo(700, 9);
  });
  it('goes from one target to the next', () => {
    const targets = [
      { perc: 50, year: 2025 },
      { perc: 20, year: 2022 },
    ];
    expect(reductionIn(2019, targets, 2018)).toBe(0);
    expect(reductionIn(2019, targets, 2021)).toBeCloseTo(13.3333, 4); // 2/3 of 20
    expect(reductionIn(2019, targets, 2022)).toBe(20);
    expect(reductionIn(2019, targets, 2023)).toBeCloseTo(30, 9); // 20 + 1/3 of 30
    expect(reductionIn(2019, targets, 2025)).toBe(50);
    expect(reductionIn(2019, targets, 2026)).toBe(50);
  });
});

describe('monthly profiles', () => {
  it('normalises twelve values to total 100', () => {
    const r = normaliseProfile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    if (!r.ok) throw new Error(r.reason);
    // Total 78: January 100/78 = 1.2821, December 1200/78 = 15.3846.
    expect(r.profile[0]).toBeCloseTo(1.2821, 4);
    expect(r.profile[11]).toBeCloseTo(15.3846, 4);
    expect(r.profile.reduce((s, v) => s + v, 0)).toBeCloseTo(100, 9);
  });
  it('refuses a profile it cannot normalise, with the reason', () => {
    expect(normaliseProfile(Array(12).fill(0))).toEqual({ ok: false, reason: PROFILE_REASONS.empty });
    expect(normaliseProfile([-1, ...Array(11).fill(10)])).toEqual({
      ok: false,
      reason: PROFILE_REASONS.negative,
    });
    expect(normaliseProfile([1, 2])).toEqual({ ok: false, reason: PROFILE_REASONS.count });
  });
  it('derives from the baseline, or shares evenly when there is nothing to share', () => {
    expect(derivedProfile([200, ...Array(11).fill(100)])[0]).toBeCloseTo(15.3846, 4); // 200/1300
    expect(derivedProfile(Array(12).fill(0))).toEqual(flatProfile());
    expect(flatProfile()[0]).toBeCloseTo(8.3333, 4);
  });
});

describe('performance against a target', () => {
  const months = (year: number, values: number[]) =>
    values.map((v, i) => [`${year}-${String(i + 1).padStart(2, '0')}-01`, v] as const);

  it('shares an entered baseline evenly with no profile', () => {
    const p = performanceAgainstTarget(
      {
        baselineYear: 2019,
        baselineYearEnd: 'CY',
        consFrom: 'ENTER',
        baselineCons: 1200,
        profileFrom: 'NONE',
        profile: null,
        targets: [{ perc: 10, year: 2020 }],
      },
      new Map(months(2020, [95])),
    );
    expect(p).toMatchObject({
      yearEnd: 'CY',
      baselineYear: 2019,
      finalYear: 2020,
      baseline: 1200,
      target: 1080,
    });
    expect(p.months).toHaveLength(24);
    expect(p.months[0]).toMatchObject({ month: '2019-01-01', year: 2019, actual: null });
    expect(p.months[0]?.target).toBeCloseTo(100, 9);
    // 2020: 1080 / 12 = 90 a month.
    expect(p.months[12]).toMatchObject({ month: '2020-01-01', year: 2020, actual: 95 });
    expect(p.months[12]?.target).toBeCloseTo(90, 9);
    expect(p.months[12]?.factor).toBeCloseTo(1 / 12, 9);
  });

  it('derives the baseline and its profile from the ledger', () => {
    // 2019: January 200, every other month 100: 1300. 50% by 2020: 650, January's share 200/1300.
    const p = performanceAgainstTarget(
      {
        baselineYear: 2019,
        baselineYearEnd: 'CY',
        consFrom: 'DERIVE',
        baselineCons: null,
        profileFrom: 'DERIVE',
        profile: null,
        targets: [{ perc: 50, year: 2020 }],
      },
      new Map(months(2019, [200, ...Array(11).fill(100)])),
    );
    expect(p.baseline).toBe(1300);
    expect(p.target).toBe(650);
    expect(p.months[12]?.target).toBeCloseTo(100, 9);
    expect(p.months[13]?.target).toBeCloseTo(50, 9);
  });

  it('applies an entered profile over a government financial year', () => {
    // FY6 2019 is July 2018 to June 2019; entered profile: July (index 6) 40, every other month 60/11.
    const profile = Array.from({ length: 12 }, (_, i) => (i === 6 ? 40 : 60 / 11));
    const p = performanceAgainstTarget(
      {
        baselineYear: 2019,
        baselineYearEnd: 'FY6',
        consFrom: 'ENTER',
        baselineCons: 1000,
        profileFrom: 'ENTER',
        profile,
        targets: [{ perc: 20, year: 2020 }],
      },
      new Map(),
    );
    expect(p.months[0]?.month).toBe('2018-07-01');
    expect(p.months[0]?.target).toBeCloseTo(400, 9);
    // FY 2020 starts July 2019: 800 * 40% = 320.
    expect(p.months[12]).toMatchObject({ month: '2019-07-01', year: 2020 });
    expect(p.months[12]?.target).toBeCloseTo(320, 9);
    expect(p.months[23]?.month).toBe('2020-06-01');
  });

  it('takes a derived profile from the first full year when the ledger has nothing of the baseline year', () => {
    // Entered baseline 2400 for 2019; the ledger starts in 2021: June 300, every other month 100 (1400).
    const p = performanceAgainstTarget(
      {
        baselineYear: 2019,
        baselineYearEnd: 'CY',
        consFrom: 'ENTER',
        baselineCons: 2400,
        profileFrom: 'DERIVE',
        profile: null,
        targets: [{ perc: 30, year: 2022 }],
      },
      new Map(
        months(
          2021,
          Array.from({ length: 12 }, (_, i) => (i === 5 ? 300 : 100)),
        ),
      ),
    );
    // 2021 is 2/3 of the way to 30%: 20% off 2400 = 1920; June's share 300/1400: 411.43.
    expect(p.months[24 + 5]?.target).toBeCloseTo((1920 * 300) / 1400, 6);
    expect(p.months[0]?.target).toBeCloseTo((2400 * 100) / 1400, 6);
  });
});
