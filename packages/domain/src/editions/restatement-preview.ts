/**
 * What a restatement moves (docs/decisions/catalogue.md, Restatements): the facts of the affected meters before
 * and after, summed by organisation, reporting year and scope; each organisation's largest change of a year's
 * total (scope 1, location-based scope 2 and scope 3) against its significance threshold.
 */

export interface FactEmissions {
  organisationId: number;
  meterId: number;
  /** yyyy-MM-01 */
  month: string;
  s1: number;
  s2Location: number;
  s2Market: number;
  s3: number;
}

export interface OrganisationInfo {
  id: number;
  name: string;
  /** The month the reporting year ends in (12, 3, 6); a year is named by the year it ends in. */
  yearEnd: number;
  threshold: number;
}

type Scopes = { s1: number; s2Location: number; s2Market: number; s3: number };
const SCOPES = ['s1', 's2Location', 's2Market', 's3'] as const;
const zero = (): Scopes => ({ s1: 0, s2Location: 0, s2Market: 0, s3: 0 });
const total = (s: Scopes) => s.s1 + s.s2Location + s.s3;
/** Kilograms to the gram: sums of many months carry float noise. */
const kg = (n: number) => Math.round(n * 1000) / 1000;

export function reportingYearOf(month: string, yearEnd: number): number {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return yearEnd === 12 || m <= yearEnd ? year : year + 1;
}

const keyOf = (f: FactEmissions) => `${f.meterId}|${f.month}`;

/**
 * A month of a meter moved when its emissions changed by at least this many kg: a hundredth of a gram, above the
 * millionths that facts are rounded to, so a month recomputed to the same figure by another route is not moved.
 */
export const MOVED_KG = 1e-5;

/** What moved in one organisation's reporting year, by scope, and its size (scope 1, 2 location, 3). */
export interface YearDelta extends Scopes {
  organisationId: number;
  year: number;
  size: number;
}

/** The moves of a restatement: per organisation and reporting year, and the meters moved per organisation. */
export interface Deltas {
  years: YearDelta[];
  meters: { organisationId: number; meters: number }[];
}

/**
 * The moves between `before` and `after`, the affected meters' facts (those that count in emissions), month by
 * month of each meter.
 */
export function deltasOf(
  before: FactEmissions[],
  after: FactEmissions[],
  organisations: OrganisationInfo[],
): Deltas {
  const byKey = new Map<string, { org: number; month: string; meter: number; b: Scopes; a: Scopes }>();
  const entry = (f: FactEmissions) => {
    let e = byKey.get(keyOf(f));
    if (!e) {
      e = { org: f.organisationId, month: f.month, meter: f.meterId, b: zero(), a: zero() };
      byKey.set(keyOf(f), e);
    }
    return e;
  };
  for (const f of before) for (const s of SCOPES) entry(f).b[s] += f[s];
  for (const f of after) for (const s of SCOPES) entry(f).a[s] += f[s];

  const orgs = new Map(organisations.map((o) => [o.id, o]));
  const years = new Map<string, YearDelta>();
  const moved = new Map<number, Set<number>>();
  for (const e of byKey.values()) {
    const org = orgs.get(e.org);
    if (!org) continue;
    const d = {
      s1: e.a.s1 - e.b.s1,
      s2Location: e.a.s2Location - e.b.s2Location,
      s2Market: e.a.s2Market - e.b.s2Market,
      s3: e.a.s3 - e.b.s3,
    };
    const size = Math.abs(d.s1) + Math.abs(d.s2Location) + Math.abs(d.s3);
    if (size + Math.abs(d.s2Market) < MOVED_KG) continue;
    moved.set(e.org, (moved.get(e.org) ?? new Set()).add(e.meter));
    const year = reportingYearOf(e.month, org.yearEnd);
    const k = `${e.org}|${year}`;
    const y = years.get(k) ?? { organisationId: e.org, year, size: 0, ...zero() };
    years.set(k, y);
    y.size += size;
    for (const sc of SCOPES) y[sc] += d[sc];
  }
  return {
    years: [...years.values()],
    meters: [...moved.entries()].map(([organisationId, m]) => ({ organisationId, meters: m.size })),
  };
}

/** Two sets of moves over different meters, as one. */
export function mergeDeltas(a: Deltas, b: Deltas): Deltas {
  const years = new Map<string, YearDelta>();
  for (const y of [...a.years, ...b.years]) {
    const k = `${y.organisationId}|${y.year}`;
    const got = years.get(k);
    if (!got) years.set(k, { ...y });
    else {
      got.size += y.size;
      for (const sc of SCOPES) got[sc] += y[sc];
    }
  }
  const meters = new Map<number, number>();
  for (const m of [...a.meters, ...b.meters])
    meters.set(m.organisationId, (meters.get(m.organisationId) ?? 0) + m.meters);
  return {
    years: [...years.values()],
    meters: [...meters.entries()].map(([organisationId, n]) => ({ organisationId, meters: n })),
  };
}

/**
 * The preview of some moves: `yearTotals` are the organisations' whole reporting years before (every meter),
 * which the changes are added to; each organisation's largest change of a year's total against its threshold.
 */
export function previewOf(
  deltas: Deltas,
  organisations: OrganisationInfo[],
  yearTotals: ({ organisationId: number; year: number } & Scopes)[],
) {
  const orgs = new Map(organisations.map((o) => [o.id, o]));
  const round = (v: Scopes): Scopes => ({
    s1: kg(v.s1),
    s2Location: kg(v.s2Location),
    s2Market: kg(v.s2Market),
    s3: kg(v.s3),
  });
  const metersOf = new Map(deltas.meters.map((m) => [m.organisationId, m.meters]));
  const byOrganisation = [...new Set(deltas.years.map((y) => y.organisationId))]
    .filter((id) => orgs.has(id))
    .map((id) => {
      const org = orgs.get(id) as OrganisationInfo;
      const years = deltas.years
        .filter((y) => y.organisationId === id)
        .sort((a, b) => a.year - b.year)
        .map((d) => {
          const found = yearTotals.find((t) => t.organisationId === id && t.year === d.year);
          const b: Scopes = found
            ? { s1: found.s1, s2Location: found.s2Location, s2Market: found.s2Market, s3: found.s3 }
            : zero();
          const a: Scopes = {
            s1: b.s1 + d.s1,
            s2Location: b.s2Location + d.s2Location,
            s2Market: b.s2Market + d.s2Market,
            s3: b.s3 + d.s3,
          };
          const changePercent = total(b) === 0 ? null : ((total(a) - total(b)) / total(b)) * 100;
          return { year: d.year, before: round(b), after: round(a), changePercent };
        });
      const changes = years.map((y) => y.changePercent).filter((p): p is number => p !== null);
      const changePercent = changes.length === 0 ? null : Math.max(...changes.map(Math.abs));
      const fromNothing = years.some((y) => y.changePercent === null && total(y.after) !== 0);
      return {
        organisationId: id,
        name: org.name,
        meters: metersOf.get(id) ?? 0,
        years,
        changePercent,
        threshold: org.threshold,
        significant: fromNothing || (changePercent !== null && changePercent > org.threshold),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.organisationId - b.organisationId);
  const moved = deltas.years.filter((y) => orgs.has(y.organisationId)).reduce((n, y) => n + y.size, 0);
  return {
    organisations: byOrganisation.length,
    meters: byOrganisation.reduce((n, o) => n + o.meters, 0),
    kgCo2eMoved: kg(moved),
    byOrganisation,
  };
}

/** `before` and `after` compared and previewed at once (deltasOf, then previewOf). */
export function comparePreview(
  before: FactEmissions[],
  after: FactEmissions[],
  organisations: OrganisationInfo[],
  yearTotals: ({ organisationId: number; year: number } & Scopes)[],
) {
  return previewOf(deltasOf(before, after, organisations), organisations, yearTotals);
}
