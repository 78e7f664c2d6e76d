import { LIB } from '@verdant/domain/library-messages';
import { z } from 'zod';
import { idNumber, int4, int4Param, nameText, text } from './common';
import { defineOperations } from './operations';

export const datasetParams = z.object({ collectionId: idNumber(), datasetId: idNumber() });
export const datasetYearParams = datasetParams.extend({ year: int4Param({ min: 1900, max: 2100 }) });
export const collectionParams = z.object({ collectionId: idNumber() });

/** A month's value: null where the dataset has none (a month not yet published is blank, not 0). */
export const datasetMonth = z.object({
  month: int4().min(1).max(12),
  value: z.number().finite().nullable(),
});
export type DatasetMonth = z.infer<typeof datasetMonth>;

export const dataset = z.object({
  id: int4(),
  collectionId: int4(),
  name: text(),
  unit: text(),
  regionId: int4().nullable(),
  source: text(),
  /** Set for a sample made up for demonstration, not published figures. */
  sample: text().nullable(),
  /** Degree days only: their base temperature (°C) and kind, as whoever added them stated (null otherwise). */
  baseC: z.number().nullable(),
  degreeDayKind: z.enum(['heating', 'cooling']).nullable(),
  /** The first and last months with a value (yyyy-MM), null when it has none yet. */
  from: text().nullable(),
  till: text().nullable(),
});
export type Dataset = z.infer<typeof dataset>;

export const collection = z.object({
  id: int4(),
  name: text(),
  description: text(),
  datasets: z.array(dataset),
});
export const collectionList = z.array(collection);
export type Collection = z.infer<typeof collection>;

export const datasetYear = z.object({
  dataset,
  year: int4(),
  /** Always the 12 months, January first. */
  months: z.array(datasetMonth),
});
export type DatasetYear = z.infer<typeof datasetYear>;

/** The months to set (month, value); a null value removes that month's. Months not named are kept. */
export const datasetYearBody = z
  .array(datasetMonth)
  .max(12)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    for (const [i, m] of list.entries()) {
      if (seen.has(m.month))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'month'],
          message: LIB.datasetMonthTwice.replace('{month}', String(m.month)),
        });
      seen.add(m.month);
    }
  });

export const newDataset = z
  .object({
    name: nameText().trim().min(1).max(120),
    unit: text().trim().min(1).max(20),
    regionId: idNumber().nullable().default(null),
    source: text().trim().min(1).max(500),
    sample: text().trim().max(200).nullable().default(null),
    baseC: z.number().finite().min(-50).max(50).nullable().default(null),
    degreeDayKind: z.enum(['heating', 'cooling']).nullable().default(null),
  })
  .superRefine((d, ctx) => {
    // Degree days state both their base and their kind, or neither (docs/decisions/public-datasets.md).
    if (d.baseC !== null && d.degreeDayKind === null)
      ctx.addIssue({ code: 'custom', path: ['degreeDayKind'], message: LIB.datasetKindMissing });
    if (d.baseC === null && d.degreeDayKind !== null)
      ctx.addIssue({ code: 'custom', path: ['baseC'], message: LIB.datasetBaseMissing });
  });
export type NewDataset = z.input<typeof newDataset>;
export type NewDatasetBody = z.output<typeof newDataset>;

export const csvLoaded = z.object({ success: z.literal(true), months: int4(), message: text() });

/**
 * Public datasets (data-portal.md 7): monthly series kept by product administrators and read by everyone
 * signed in, for indicators on graphs and the weather of benchmarks.
 */
export const publicDatasetsOperations = defineOperations('public-datasets', {
  list: {
    method: 'GET',
    path: '/public-datasets',
    summary: 'The collections of public datasets and their datasets',
    access: 'signed-in',
    answer: collectionList,
  },
  create: {
    method: 'POST',
    path: '/public-datasets/:collectionId/dataset',
    summary: 'Add a dataset to a collection (product administrators)',
    access: 'product-administrator',
    params: collectionParams,
    body: newDataset,
    answer: dataset,
  },
  year: {
    method: 'GET',
    path: '/public-datasets/:collectionId/dataset/:datasetId/data/:year',
    summary: "A dataset's twelve months of a year (month, value; null where it has none)",
    access: 'signed-in',
    params: datasetYearParams,
    answer: datasetYear,
  },
  saveYear: {
    method: 'PUT',
    path: '/public-datasets/:collectionId/dataset/:datasetId/data/:year',
    summary: "Set months of a year (month, value; null removes a month's value) (product administrators)",
    access: 'product-administrator',
    params: datasetYearParams,
    body: datasetYearBody,
    answer: datasetYear,
  },
  loadCsv: {
    method: 'POST',
    path: '/public-datasets/:collectionId/dataset/:datasetId/csv',
    summary:
      'Load months from a CSV of year, month, value: all of them, or none with the rows refused named (product administrators)',
    access: 'product-administrator',
    params: datasetParams,
    bodyType: 'text',
    answer: csvLoaded,
  },
});
