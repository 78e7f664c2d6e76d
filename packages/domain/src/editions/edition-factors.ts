import { fill } from '../messages';
import { EDITION_MSG } from './edition-messages';
import type { Basis, Scope } from './edition-rows';

/**
 * An edition's factors once its rows are mapped to data types (docs/decisions/catalogue.md, Editions loaded from
 * files): the checks a file must pass before anything is stored, and what changed against the previous edition.
 */

export interface EditionFactor {
  line: number;
  dataTypeId: number;
  dataTypeName: string;
  scope: Scope;
  basis: Basis | null;
  from: string;
  till: string | null;
  /** kg CO2e per standard unit of the data type, and its gas parts. */
  rate: number;
  co2: number | null;
  ch4: number | null;
  n2o: number | null;
}

const scopeName = (f: Pick<EditionFactor, 'scope' | 'basis'>) =>
  f.scope === 2 ? `scope 2 ${f.basis ?? 'location'}` : `scope ${f.scope}`;
const seriesOf = (f: EditionFactor) =>
  `${f.dataTypeId}|${f.scope}|${f.scope === 2 ? (f.basis ?? 'location') : ''}`;

/** A negative factor, a row repeated, or two periods of one factor that overlap: each refuses the file. */
export function checkFactors(factors: EditionFactor[]): { line: number; reason: string }[] {
  const refused: { line: number; reason: string }[] = [];
  const bySeries = new Map<string, EditionFactor[]>();
  for (const f of factors) {
    for (const v of [f.rate, f.co2, f.ch4, f.n2o]) {
      if (v !== null && v < 0) {
        refused.push({ line: f.line, reason: fill(EDITION_MSG.negative, { line: f.line, value: v }) });
        break;
      }
    }
    bySeries.set(seriesOf(f), [...(bySeries.get(seriesOf(f)) ?? []), f]);
  }
  for (const list of bySeries.values()) {
    const sorted = [...list].sort((a, b) => a.from.localeCompare(b.from) || a.line - b.line);
    for (let i = 1; i < sorted.length; i++) {
      const [a, b] = [sorted[i - 1] as EditionFactor, sorted[i] as EditionFactor];
      const what = `${b.dataTypeName}, ${scopeName(b)}, from ${b.from}`;
      const [first, later] = a.line < b.line ? [a, b] : [b, a];
      if (a.from === b.from && a.till === b.till)
        refused.push({
          line: later.line,
          reason: fill(EDITION_MSG.duplicate, { line: later.line, first: first.line, what }),
        });
      else if (a.till === null || a.till >= b.from)
        refused.push({
          line: later.line,
          reason: fill(EDITION_MSG.overlap, { line: later.line, first: first.line, what }),
        });
    }
  }
  return refused.sort((a, b) => a.line - b.line);
}

export interface DiffFactor {
  dataTypeId: number;
  dataTypeName: string;
  scope: number;
  basis: string | null;
  from: string;
  till: string | null;
  rate: number;
}

export interface DiffEntry {
  kind: 'added' | 'removed' | 'changed';
  dataTypeId: number;
  dataTypeName: string;
  scope: number;
  basis: string | null;
  before: { from: string; till: string | null; rate: number } | null;
  after: { from: string; till: string | null; rate: number } | null;
  /** (after - before) / before, in percent; null when added, removed or the old rate is 0. */
  percent: number | null;
}

const overlaps = (a: DiffFactor, b: DiffFactor) =>
  a.from <= (b.till ?? '9999-12-31') && b.from <= (a.till ?? '9999-12-31');
const series = (f: DiffFactor) =>
  `${f.dataTypeId}|${f.scope}|${f.scope === 2 ? (f.basis ?? 'location') : ''}`;
const period = (f: DiffFactor) => ({ from: f.from, till: f.till, rate: f.rate });

/**
 * What changed from the previous edition to the next: each factor of the next is paired with the previous
 * edition's factor of the same data type and scope for the same period, else one whose period overlaps; a pair
 * whose rate moved by more than `threshold` percent is changed; factors without a pair are added or removed.
 */
export function diffEditions(previous: DiffFactor[], next: DiffFactor[], threshold = 0) {
  const entries: DiffEntry[] = [];
  let unchanged = 0;
  const used = new Set<DiffFactor>();
  const sorted = [...next].sort((a, b) => series(a).localeCompare(series(b)) || a.from.localeCompare(b.from));
  const take = (f: DiffFactor, same: (p: DiffFactor) => boolean) =>
    previous.find((p) => !used.has(p) && series(p) === series(f) && same(p));
  for (const f of sorted) {
    const old =
      take(f, (p) => p.from === f.from && p.till === f.till) ?? take(f, (p) => overlaps(p, f)) ?? null;
    const base = { dataTypeId: f.dataTypeId, dataTypeName: f.dataTypeName, scope: f.scope, basis: f.basis };
    if (!old) {
      entries.push({ ...base, kind: 'added', before: null, after: period(f), percent: null });
      continue;
    }
    used.add(old);
    const percent = old.rate === 0 ? null : ((f.rate - old.rate) / old.rate) * 100;
    const moved = percent === null ? f.rate !== old.rate : Math.abs(percent) > threshold;
    if (moved || old.from !== f.from || old.till !== f.till)
      entries.push({ ...base, kind: 'changed', before: period(old), after: period(f), percent });
    else unchanged += 1;
  }
  for (const p of previous) {
    if (used.has(p)) continue;
    entries.push({
      kind: 'removed',
      dataTypeId: p.dataTypeId,
      dataTypeName: p.dataTypeName,
      scope: p.scope,
      basis: p.basis,
      before: period(p),
      after: null,
      percent: null,
    });
  }
  const count = (k: DiffEntry['kind']) => entries.filter((e) => e.kind === k).length;
  return {
    entries,
    counts: { added: count('added'), removed: count('removed'), changed: count('changed'), unchanged },
  };
}
