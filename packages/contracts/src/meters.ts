import { z } from 'zod';
import { idNumber, int4Param, text } from './common';

/** Data source page (data-portal.md 2.2, 3 Meter, 7 "Data sources and meters"). */

export const meterIdParam = z.object({ id: idNumber() });

export const METER_GRAPH_MEASURES = ['cons', 'cost', 'co2e'] as const;
export const meterGraphParams = z.object({
  id: idNumber(),
  type: z.enum(METER_GRAPH_MEASURES),
  year: int4Param().min(1990).max(2200),
  month: int4Param().min(1).max(12),
});

/** Twelve months of a year ending in year-month against the year before, in the meter's own unit. */
export const meterGraphData = z.object({
  months: z.array(text()),
  data: z.tuple([z.array(z.number()), z.array(z.number())]),
  /** Per month of each series: the ledger says the month is incomplete for this measure. */
  incomplete: z.tuple([z.array(z.boolean()), z.array(z.boolean())]),
  seriesLabels: z.tuple([text(), text()]),
  unit: text(),
  year: z.number(),
  yearEnd: z.number(),
});
export type MeterGraphData = z.infer<typeof meterGraphData>;

const named = z.object({ id: z.number(), name: text() });

/** One month's figures of the meter (consumption in the meter's unit). */
export const meterFigures = z.object({
  month: text(),
  consumption: z.number(),
  cost: z.number(),
  co2e: z.number(),
  consIncomplete: z.boolean(),
  costIncomplete: z.boolean(),
  co2eIncomplete: z.boolean(),
});

export const meterDetail = z.object({
  id: z.number(),
  organisationId: z.number(),
  organisation: named,
  site: named,
  localName: text(),
  name: text(),
  /** 1-9 (Time of use ... Transactional with cost). */
  meterType: z.number(),
  meterDescr: text(),
  metlvlId: z.number(),
  level: text(),
  energyId: z.number().nullable(),
  energy: text().nullable(),
  energyGroup: text().nullable(),
  unitId: z.number().nullable(),
  unit: text().nullable(),
  stdUnit: text().nullable(),
  inheritSubmeter: z.boolean(),
  closed: z.boolean(),
  transientMeter: z.boolean(),
  meterOpen: text().nullable(),
  meterClose: text().nullable(),
  mayEdit: z.boolean(),
  mayAdminister: z.boolean(),
  reportingYearEnd: z.number(),
  lastCompleteMonth: text(),
  /** The last complete month's figures and the month before it. */
  latest: z.array(meterFigures),
});
export type MeterDetail = z.infer<typeof meterDetail>;
