import type { DegreeDayLoad, newBenchmarkSet } from '@verdant/contracts/benchmark/library';
import type { Db, Tx } from '@verdant/db/client';
import { benchmarkSets, benchmarkTypeMappings, benchmarkValues } from '@verdant/db/schema/benchmarks';
import { BENCHMARK_MSG, fillBenchmark } from '@verdant/domain/benchmark/benchmark-rules';
import { checkDegreeDayFile, checkSetFile } from '@verdant/domain/benchmark/library-file';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit, created } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import { csvRecords, refused } from './library-file';

const conflict = (message: string) => new AppError('CONFLICT', message, 409);
type Mapping = { buildsegId: number; entdescId: number; typeKey: string };

/**
 * Loading the benchmark library (docs/decisions/benchmark.md, Loading sets and degree days): a set's edition
 * from its CSV, a series' mappings, an organisation's degree days. Each file is checked whole before anything
 * is written; each write is one transaction with its audit row.
 */
export function createLibraryService({ db }: { db: Db }) {
  /** Serialises library writes, so two loads of one series cannot both pass the checks. */
  const lockLibrary = (tx: Tx) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext('benchmark library'))`);

  async function lookupIds(tx: Tx, list: string) {
    const rows = await tx.execute<{ id: number }>(sql`select id from lookup_items where list = ${list}`);
    return new Set(rows.rows.map((r) => r.id));
  }

  return {
    async loadSet(a: Caller, body: z.output<typeof newBenchmarkSet>) {
      const file = checkSetFile(csvRecords(body.csv), body.metric);
      if (!file.ok) throw refused(file.problems);
      const { unit, values } = file.value;
      return db.transaction(async (tx) => {
        await lockLibrary(tx);
        const same = await tx.execute<{ level: number; edition: string }>(
          sql`select level, edition from benchmark_sets where series = ${body.series}`,
        );
        if (same.rows.some((r) => r.edition.toLowerCase() === body.edition.toLowerCase()))
          throw conflict(
            fillBenchmark(BENCHMARK_MSG.editionExists, { edition: body.edition, series: body.series }),
          );
        const level = same.rows[0]?.level;
        if (level !== undefined && level !== body.level)
          throw conflict(fillBenchmark(BENCHMARK_MSG.seriesLevel, { series: body.series, level }));
        const other = await tx.execute<{ series: string }>(
          sql`select series from benchmark_sets where level = ${body.level} and series <> ${body.series} limit 1`,
        );
        if (other.rows[0])
          throw conflict(
            fillBenchmark(BENCHMARK_MSG.levelTaken, { level: body.level, series: other.rows[0].series }),
          );
        const [set] = await tx
          .insert(benchmarkSets)
          .values({
            series: body.series,
            publisher: body.publisher,
            name: body.name,
            edition: body.edition,
            published: body.published,
            level: body.level,
            sourceTitle: body.sourceTitle,
            sourceUrl: body.sourceUrl,
            secondary: body.secondary,
            unit,
            metric: body.metric,
            statistic: body.statistic,
            adjustments: body.adjustments,
            referenceHdd: body.referenceHdd,
            referenceBaseC: body.referenceBaseC,
            loadedBy: a.user.id,
          })
          .returning({ id: benchmarkSets.id });
        if (!set) throw new Error('benchmark set not inserted');
        await tx.insert(benchmarkValues).values(values.map((v) => ({ ...v, setId: set.id })));
        await audit(tx, a, {
          organisationId: null,
          action: 'load',
          asset: { type: 'benchmark set', id: set.id, name: `${body.name} (${body.edition})` },
          changes: created({ series: body.series, level: body.level, unit, types: values.length }),
        });
        const message = fillBenchmark(BENCHMARK_MSG.setLoaded, {
          name: body.name,
          edition: body.edition,
          types: values.length,
        });
        return { success: true as const, message, id: set.id, types: values.length };
      });
    },

    async saveMappings(a: Caller, series: string, mappings: Mapping[]) {
      return db.transaction(async (tx) => {
        await lockLibrary(tx);
        const types = await tx.execute<{ typeKey: string }>(sql`select distinct v.type_key as "typeKey"
          from benchmark_values v join benchmark_sets s on s.id = v.set_id where s.series = ${series}`);
        if (types.rows.length === 0) throw notFound(BENCHMARK_MSG.seriesUnknown);
        const known = new Set(types.rows.map((t) => t.typeKey));
        const [segmentations, descriptors] = await Promise.all([
          lookupIds(tx, 'building-segmentations'),
          lookupIds(tx, 'entity-descriptors'),
        ]);
        const seen = new Set<string>();
        for (const m of mappings) {
          if (!known.has(m.typeKey))
            throw badRequest(fillBenchmark(BENCHMARK_MSG.mappingTypeUnknown, { series, type: m.typeKey }));
          if (!segmentations.has(m.buildsegId)) throw badRequest(BENCHMARK_MSG.mappingSegmentationUnknown);
          if (m.entdescId !== 0 && !descriptors.has(m.entdescId))
            throw badRequest(BENCHMARK_MSG.mappingDescriptorUnknown);
          const key = `${m.buildsegId}/${m.entdescId}`;
          if (seen.has(key)) throw badRequest(BENCHMARK_MSG.mappingTwice);
          seen.add(key);
        }
        const before = await tx
          .select()
          .from(benchmarkTypeMappings)
          .where(eq(benchmarkTypeMappings.series, series));
        await tx.delete(benchmarkTypeMappings).where(eq(benchmarkTypeMappings.series, series));
        if (mappings.length > 0)
          await tx.insert(benchmarkTypeMappings).values(mappings.map((m) => ({ ...m, series })));
        const show = (list: Mapping[]) =>
          list.map((m) => `${m.buildsegId}/${m.entdescId}=${m.typeKey}`).sort();
        await audit(tx, a, {
          organisationId: null,
          action: 'map types',
          asset: { type: 'benchmark series', id: null, name: series },
          changes: { mappings: { before: show(before), after: show(mappings) } },
        });
        return { success: true as const, message: BENCHMARK_MSG.mappingsSaved };
      });
    },

    async degreeDays(_a: Caller, organisationId: number) {
      const rows = await db.execute<{
        id: number;
        name: string;
        baseC: number;
        source: string;
        months: number;
        first: string | null;
        last: string | null;
      }>(sql`select s.id, s.name, s.base_c as "baseC", s.source, count(d.month)::int as months,
          to_char(min(d.month), 'YYYY-MM') as first, to_char(max(d.month), 'YYYY-MM') as last
        from degree_day_series s
        left join degree_days d on d.organisation_id = s.organisation_id and d.series_id = s.id
        where s.organisation_id = ${organisationId} group by s.id order by s.id`);
      return rows.rows;
    },

    async loadDegreeDays(a: Caller, organisationId: number, body: DegreeDayLoad) {
      const file = checkDegreeDayFile(csvRecords(body.csv), orgOf(a).currentMonth);
      if (!file.ok) throw refused(file.problems);
      const months = file.value;
      return db.transaction(async (tx) => {
        // The organisation's first series is the one its benchmarks use: a load adds to it or replaces months.
        const existing = await tx.execute<{ id: number; baseC: number; name: string; source: string }>(sql`
          select id, base_c as "baseC", name, source from degree_day_series
          where organisation_id = ${organisationId} order by id limit 1 for update`);
        let series = existing.rows[0];
        if (series && series.baseC !== body.baseC)
          throw conflict(fillBenchmark(BENCHMARK_MSG.hddBaseDiffers, { base: series.baseC }));
        if (series) {
          await tx.execute(sql`update degree_day_series set name = ${body.name}, source = ${body.source}
            where organisation_id = ${organisationId} and id = ${series.id}`);
        } else {
          const made = await tx.execute<{ id: number; baseC: number; name: string; source: string }>(sql`
            insert into degree_day_series (organisation_id, name, base_c, source)
            values (${organisationId}, ${body.name}, ${body.baseC}, ${body.source})
            returning id, base_c as "baseC", name, source`);
          series = made.rows[0];
        }
        if (!series) throw new Error('degree day series not made');
        await tx.execute(sql`insert into degree_days (organisation_id, series_id, month, hdd)
          select ${organisationId}, ${series.id}, m.month::date, m.hdd
          from jsonb_to_recordset(${JSON.stringify(months)}::jsonb) as m(month text, hdd float8)
          on conflict (series_id, month) do update set hdd = excluded.hdd`);
        await audit(tx, a, {
          organisationId,
          action: 'load degree days',
          asset: { type: 'degree day series', id: series.id, name: body.name },
          changes: {
            months: {
              before: null,
              after: `${months[0]?.month.slice(0, 7)} to ${months.at(-1)?.month.slice(0, 7)} (${months.length})`,
            },
            source: { before: existing.rows[0]?.source ?? null, after: body.source },
          },
        });
        const message = fillBenchmark(BENCHMARK_MSG.degreeDaysLoaded, { months: months.length });
        return { success: true as const, message, months: months.length };
      });
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
