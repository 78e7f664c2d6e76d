import type { BenchmarkSetSummary } from '@verdant/contracts/benchmark';
import type { BenchmarkPosition, BenchmarkResult } from '@verdant/contracts/benchmark/results';
import type { Db } from '@verdant/db/client';
import {
  BENCHMARK_MIN_YEAR,
  BENCHMARK_MSG,
  type BenchmarkLevel,
  defaultBenchmarkEnd,
} from '@verdant/domain/benchmark/benchmark-rules';
import * as q from '../../lib/benchmark/benchmark.queries';
import { benchmarkFor } from '../../lib/benchmark/benchmark-figures';
import { commissioningFor } from '../../lib/benchmark/commissioning-figures';
import { badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';

/** The benchmark, the entity's position and the commissioning table (docs/decisions/benchmark.md). */
export function createBenchmarkService({ db }: { db: Db }) {
  const organisationOf = (a: Caller) => {
    const id = a.checked.organisationId;
    if (id === null) throw notFound();
    return id;
  };

  /** The end month asked for ('yyyy-MM'), or two months ago; never in the future, never before 2000. */
  function endMonthOf(a: Caller, endMonth: string | undefined) {
    const org = orgOf(a);
    const end = endMonth ? `${endMonth}-01` : defaultBenchmarkEnd(org.currentMonth);
    if (end > org.currentMonth)
      throw badRequest(BENCHMARK_MSG.endMonthFuture, { endMonth: [BENCHMARK_MSG.endMonthFuture] });
    if (Number(end.slice(0, 4)) < BENCHMARK_MIN_YEAR)
      throw badRequest(BENCHMARK_MSG.endMonthTooEarly, { endMonth: [BENCHMARK_MSG.endMonthTooEarly] });
    return end;
  }

  async function benchmark(
    a: Caller,
    entityId: number,
    level: number,
    endMonth?: string,
  ): Promise<BenchmarkResult> {
    const organisationId = organisationOf(a);
    const end = endMonthOf(a, endMonth);
    const visible = await visibleMetersOf(db, a, organisationId);
    const result = await benchmarkFor(db, {
      organisationId,
      entityId,
      level: level as BenchmarkLevel,
      end,
      visible,
    });
    if (!result) throw notFound();
    return result;
  }

  return {
    benchmark,

    /** The first published set (levels 2 to 5) the entity can be compared with, at the default end month. */
    async position(a: Caller, entityId: number): Promise<BenchmarkPosition> {
      const end = endMonthOf(a, undefined);
      let first: BenchmarkResult | null = null;
      for (const level of [2, 3, 4, 5]) {
        const r = await benchmark(a, entityId, level);
        first ??= r;
        const total = r.indicators[0]?.samples.find((s) => s.label === 'Total energy');
        if (!r.calculated || !total || !r.set) continue;
        const side = total.percentAbove >= 0 ? 'above' : 'below';
        return {
          endMonth: end.slice(0, 7),
          level,
          percentAbove: total.percentAbove,
          text: `${Math.abs(Math.round(total.percentAbove))} % ${side} the ${r.set.statistic} of ${r.typeName}, ${r.set.name} (${r.set.edition})`,
          message:
            r.completeness.monthsComplete < 12
              ? `Incomplete: ${r.completeness.monthsComplete} of 12 months`
              : null,
        };
      }
      return {
        endMonth: end.slice(0, 7),
        level: null,
        percentAbove: null,
        text: null,
        message: first?.message ?? null,
      };
    },

    async commissioning(a: Caller, asked: number | undefined) {
      const organisationId = organisationOf(a);
      const org = orgOf(a);
      const year = asked ?? Number(org.today.slice(0, 4)) - 1;
      if (year > Number(org.today.slice(0, 4)))
        throw badRequest(BENCHMARK_MSG.commissioningYearFuture, {
          year: [BENCHMARK_MSG.commissioningYearFuture],
        });
      const visible = await visibleMetersOf(db, a, organisationId);
      return commissioningFor(db, {
        organisationId,
        year,
        lastCompleteMonth: org.lastCompleteMonth,
        visible,
      });
    },

    async sets(): Promise<BenchmarkSetSummary[]> {
      const [sets, contents] = await Promise.all([q.allSets(db), q.setContents(db)]);
      const current = new Map<number, number>();
      for (const s of sets) if (!current.has(s.level)) current.set(s.level, s.id);
      return sets.map((s) => ({
        id: s.id,
        series: s.series,
        publisher: s.publisher,
        name: s.name,
        edition: s.edition,
        published: s.published,
        level: s.level,
        sourceTitle: s.sourceTitle,
        sourceUrl: s.sourceUrl,
        secondary: s.secondary,
        unit: s.unit,
        metric: s.metric,
        statistic: s.statistic,
        adjustments: s.adjustments,
        referenceHdd: s.referenceHdd,
        current: current.get(s.level) === s.id,
        types: contents.values
          .filter((v) => v.setId === s.id)
          .map((v) => ({
            typeKey: v.typeKey,
            typeName: v.typeName,
            total: v.total,
            electricity: v.electricity,
            fossil: v.fossil,
            publication: v.publication,
            secondary: v.secondary,
          })),
        mappings: contents.mappings
          .filter((m) => m.series === s.series)
          .map((m) => ({
            buildsegId: m.buildsegId,
            entdescId: m.entdescId === 0 ? null : m.entdescId,
            typeKey: m.typeKey,
          })),
      }));
    },
  };
}

export type BenchmarkService = ReturnType<typeof createBenchmarkService>;
