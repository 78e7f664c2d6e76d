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
 * `before` and `after` are the affected meters' facts (those that count in emissions); `yearTotals` the
 * organisations' whole reporting years before (every meter), which the changes are added to.
 */
export function comparePreview(
  before: FactEmissions[],
  after: FactEmissions[],
  organisations: OrganisationInfo[],
  yearTotals: ({ organisationId: number; year: number } & Scopes)[],
) {
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
  const deltas = new Map<number, Map<number, Scopes>>();
  const moved = new Map<number, Set<number>>();
  let kgMoved = 0;
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
    if (size + Math.abs(d.s2Market) < 1e-9) continue;
    kgMoved += size;
    moved.set(e.org, (moved.get(e.org) ?? new Set()).add(e.meter));
    const year = reportingYearOf(e.month, org.yearEnd);
    const perOrg = deltas.get(e.org) ?? new Map<number, Scopes>();
    deltas.set(e.org, perOrg);
    const y = perOrg.get(year) ?? zero();
    perOrg.set(year, y);
    for (const sc of SCOPES) y[sc] += d[sc];
  }
  const round = (v: Scopes): Scopes => ({
    s1: kg(v.s1),
    s2Location: kg(v.s2Location),
    s2Market: kg(v.s2Market),
    s3: kg(v.s3),
  });
  const byOrganisation = [...deltas.entries()]
    .map(([id, perYear]) => {
      const org = orgs.get(id) as OrganisationInfo;
      const years = [...perYear.entries()]
        .sort(([a], [b]) => a - b)
        .map(([year, d]) => {
          const found = yearTotals.find((t) => t.organisationId === id && t.year === year);
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
          return { year, before: round(b), after: round(a), changePercent };
        });
      const changes = years.map((y) => y.changePercent).filter((p): p is number => p !== null);
      const changePercent = changes.length === 0 ? null : Math.max(...changes.map(Math.abs));
      const fromNothing = years.some((y) => y.changePercent === null && total(y.after) !== 0);
      return {
        organisationId: id,
        name: org.name,
        meters: moved.get(id)?.size ?? 0,
        years,
        changePercent,
        threshold: org.threshold,
        significant: fromNothing || (changePercent !== null && changePercent > org.threshold),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.organisationId - b.organisationId);
  return {
    organisations: byOrganisation.length,
    meters: byOrganisation.reduce((n, o) => n + o.meters, 0),
    kgCo2eMoved: kg(kgMoved),
    byOrganisation,
  };
}
