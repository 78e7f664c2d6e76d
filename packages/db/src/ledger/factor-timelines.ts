import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import {
  clipToWindows,
  type EditionInfo,
  editionWindows,
  type Window,
} from '@verdant/domain/factor-editions';
import type { FactorPeriod, ScopeKey, Timelines } from '@verdant/domain/ledger';
import type * as q from './queries';

/**
 * The factor timelines a recompute hands the ledger (docs/domain.md, Emissions): the default set's, through
 * the editions the organisation uses (packages/domain/src/factor-editions.ts), and the organisation's own sets
 * from the dates it chose them.
 */

const SCOPE_KEY = { 1: 's1', 3: 's3' } as const;

const keyOf = (f: q.FactorRow): ScopeKey =>
  f.scope === 2 ? (f.scope2_basis === 'residual-mix' ? 's2Market' : 's2Location') : SCOPE_KEY[f.scope];

const periodOf = (f: q.FactorRow): FactorPeriod => ({
  from: f.start_date,
  till: f.end_date,
  rate: Number(f.rate),
  ...(f.version_id === null ? {} : { versionId: f.version_id }),
});

/** Per organisation, the editions it uses with their windows, in priority order (computed once each). */
export function editionWindowsBy(editions: q.EditionRow[], policies: q.PolicyRow[]) {
  const infos: EditionInfo[] = editions.map((e) => ({
    id: e.id,
    sourceId: e.source_id,
    publisher: e.publisher,
    status: e.status,
    published: e.published,
    currentFrom: e.current_from,
    currentTill: e.current_till,
  }));
  const cache = new Map<number, Map<number, { rank: number; windows: Window[] }>>();
  return (organisationId: number) => {
    const hit = cache.get(organisationId);
    if (hit) return hit;
    const p = policies.find((x) => x.organisation_id === organisationId);
    const list = editionWindows(infos, {
      mode: p?.mode ?? 'effective',
      switchDate: p?.switch_date ?? null,
      pins: p?.pins ?? [],
      yearEnd: p?.year_end ?? 12,
    });
    const byEdition = new Map(list.map((x, rank) => [x.edition.id, { rank, windows: x.windows }]));
    cache.set(organisationId, byEdition);
    return byEdition;
  };
}

/**
 * The default set's timelines for a data type: each edition's factors clipped to the days the edition is in
 * use, the highest-priority edition first (the ledger takes the first period that holds a day), then the
 * factors entered by hand.
 */
export function defaultTimelines(
  factors: q.FactorRow[],
  dataTypeId: number,
  sourceId: number | null,
  windows: Map<number, { rank: number; windows: Window[] }>,
): Timelines {
  const result: Timelines = {};
  if (sourceId === null) return result;
  const ranked: { rank: number; key: ScopeKey; periods: FactorPeriod[] }[] = [];
  for (const f of factors) {
    if (f.data_type_id !== dataTypeId || f.source_id !== sourceId) continue;
    if (f.edition_id === null) {
      ranked.push({ rank: Number.POSITIVE_INFINITY, key: keyOf(f), periods: [periodOf(f)] });
      continue;
    }
    const use = windows.get(f.edition_id);
    if (!use) continue;
    ranked.push({ rank: use.rank, key: keyOf(f), periods: clipToWindows(periodOf(f), use.windows) });
  }
  ranked.sort((a, b) => a.rank - b.rank);
  for (const r of ranked) if (r.periods.length > 0) result[r.key] = [...(result[r.key] ?? []), ...r.periods];
  return result;
}

/** One source's timelines (an organisation's own set: no editions) for a data type, per scope key (scope 2 split by location and market basis). */
function timelinesOf(factors: q.FactorRow[], dataTypeId: number, sourceId: number | null): Timelines {
  const result: Timelines = {};
  if (sourceId === null) return result;
  for (const f of factors) {
    if (f.data_type_id !== dataTypeId || f.source_id !== sourceId) continue;
    const key = keyOf(f);
    result[key] = [...(result[key] ?? []), periodOf(f)];
  }
  return result;
}

/**
 * The organisation's own factors, day by day: each source it chose applies from its effective date to the
 * next choice, clipped to those periods; the default source is the fallback, not an own set.
 */
export function ownTimelines(
  factors: q.FactorRow[],
  dataTypeId: number,
  chosen: { effective_from: string; source_id: number }[],
  defaultSourceId: number | null,
): Timelines | undefined {
  const result: Timelines = {};
  let any = false;
  chosen.forEach((c, i) => {
    if (c.source_id === defaultSourceId) return;
    const next = chosen[i + 1]?.effective_from;
    const until = next ? fromDayNumber(toDayNumber(next) - 1) : null;
    for (const [key, periods] of Object.entries(timelinesOf(factors, dataTypeId, c.source_id)) as [
      ScopeKey,
      FactorPeriod[],
    ][]) {
      for (const p of periods) {
        const from = [p.from, c.effective_from].sort()[1] ?? p.from;
        const till = until === null ? p.till : p.till === null || p.till > until ? until : p.till;
        if (till !== null && till < from) continue;
        result[key] = [...(result[key] ?? []), { ...p, from, till }];
        any = true;
      }
    }
  });
  return any ? result : undefined;
}
