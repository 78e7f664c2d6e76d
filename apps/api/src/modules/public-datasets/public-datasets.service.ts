import type {
  Collection,
  Dataset,
  DatasetMonth,
  DatasetYear,
  NewDatasetBody,
} from '@verdant/contracts/public-datasets';
import type { Db, DbOrTx } from '@verdant/db/client';
import { publicDatasets } from '@verdant/db/schema/public-datasets';
import { LIB } from '@verdant/domain/library-messages';
import { fill } from '@verdant/domain/messages';
import { DATASET_CSV_NAMED_ROWS, parseDatasetCsv } from '@verdant/domain/public-datasets';
import { parse } from 'csv-parse/sync';
import { audit, created } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './public-datasets.queries';

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

/**
 * Public datasets (data-portal.md 7; docs/decisions/public-datasets.md): monthly series that product
 * administrators keep by hand, a year at a time, or from a CSV that lands whole or names the rows it refused.
 */
export function createPublicDatasetsService({ db }: { db: Db }) {
  async function found(tx: DbOrTx, collectionId: number, datasetId: number): Promise<Dataset> {
    const d = await q.dataset(tx, collectionId, datasetId);
    if (!d) throw notFound(LIB.datasetUnknown);
    return d;
  }
  async function yearOf(tx: DbOrTx, d: Dataset, year: number): Promise<DatasetYear> {
    const values = await q.yearValues(tx, d.id, year);
    const months: DatasetMonth[] = [];
    for (let m = 1; m <= 12; m++) months.push({ month: m, value: values.get(m) ?? null });
    return { dataset: d, year, months };
  }

  return {
    async list(): Promise<Collection[]> {
      const [cs, ds] = await Promise.all([q.collections(db), q.datasets(db)]);
      return cs.map((c) => ({ ...c, datasets: ds.filter((d) => d.collectionId === c.id) }));
    },

    async create(a: Caller, collectionId: number, body: NewDatasetBody): Promise<Dataset> {
      return db.transaction(async (tx) => {
        if (!(await q.collectionExists(tx, collectionId))) throw notFound(LIB.datasetUnknown);
        const values = {
          collectionId,
          name: body.name,
          unit: body.unit,
          regionId: body.regionId ?? null,
          source: body.source,
          sample: body.sample ?? null,
          baseC: body.baseC ?? null,
          degreeDayKind: body.degreeDayKind ?? null,
        };
        if (await q.nameTaken(tx, collectionId, values.name)) {
          const message = `A dataset called '${values.name}' is already in the collection`;
          throw new AppError('CONFLICT', message, 409, { name: [message] });
        }
        const [row] = await tx
          .insert(publicDatasets)
          .values({ ...values, updatedBy: a.user.id })
          .returning({ id: publicDatasets.id });
        if (!row) throw new Error('dataset not inserted');
        await audit(tx, a, {
          organisationId: null,
          action: 'create',
          asset: { type: 'public-dataset', id: row.id, name: values.name },
          changes: created(values),
        });
        return found(tx, collectionId, row.id);
      });
    },

    async year(collectionId: number, datasetId: number, year: number): Promise<DatasetYear> {
      return yearOf(db, await found(db, collectionId, datasetId), year);
    },

    async saveYear(
      a: Caller,
      collectionId: number,
      datasetId: number,
      year: number,
      months: DatasetMonth[],
    ): Promise<DatasetYear> {
      return db.transaction(async (tx) => {
        const d = await found(tx, collectionId, datasetId);
        const before = await q.yearValues(tx, d.id, year);
        const changes: Record<string, { before: number | null; after: number | null }> = {};
        for (const m of months) {
          const was = before.get(m.month) ?? null;
          if (was !== m.value) changes[monthKey(year, m.month).slice(0, 7)] = { before: was, after: m.value };
        }
        if (Object.keys(changes).length > 0) {
          await q.setMonths(
            tx,
            d.id,
            months.map((m) => ({ month: monthKey(year, m.month), value: m.value })),
            a.user.id,
          );
          await audit(tx, a, {
            organisationId: null,
            action: 'update',
            asset: { type: 'public-dataset', id: d.id, name: d.name },
            changes,
          });
        }
        return yearOf(tx, await found(tx, collectionId, datasetId), year);
      });
    },

    async loadCsv(a: Caller, collectionId: number, datasetId: number, csv: string) {
      const d = await found(db, collectionId, datasetId);
      let cells: string[][];
      try {
        cells = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: false });
      } catch (e) {
        const row = (e as { lines?: number }).lines ?? 1;
        throw badRequest(`Row ${row}: not readable CSV`, { csv: [`Row ${row}: not readable CSV`] });
      }
      const parsed = parseDatasetCsv(cells);
      if (!parsed.ok) {
        const rows = parsed.refused.slice(0, DATASET_CSV_NAMED_ROWS).map((r) => `Row ${r.row}: ${r.reason}`);
        const message = parsed.header
          ? LIB.datasetCsvHeader
          : `${fill(LIB.datasetCsvRows, { count: parsed.refused.length })}. ${rows.join('; ')}`;
        throw badRequest(message, { csv: rows });
      }
      return db.transaction(async (tx) => {
        await q.setMonths(tx, d.id, parsed.months, a.user.id);
        const sorted = parsed.months.map((m) => m.month).sort();
        const period = `${sorted[0]?.slice(0, 7)} to ${sorted.at(-1)?.slice(0, 7)}`;
        await audit(tx, a, {
          organisationId: null,
          action: 'load csv',
          asset: { type: 'public-dataset', id: d.id, name: d.name },
          changes: {
            months: { before: null, after: parsed.months.length },
            period: { before: null, after: period },
          },
        });
        return {
          success: true as const,
          months: parsed.months.length,
          message: fill(LIB.datasetLoaded, { count: parsed.months.length }),
        };
      });
    },
  };
}
export type PublicDatasetsService = ReturnType<typeof createPublicDatasetsService>;
