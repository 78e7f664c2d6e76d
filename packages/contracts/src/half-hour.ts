import { z } from 'zod';
import { viewing } from './access';
import { idNumber, idParam, int4, int4Param, storedDate, storedInt, storedText, text } from './common';
import { defineOperations } from './operations';

/**
 * Half-hour data of a meter (data-portal 2.5, 3 "Half-hour record" and "Half-hour availability", 7): its
 * registers with the months that have data, and one month of one register on the local clock with its
 * statistics.
 */
export const registerDirection = z.enum(['import', 'export']);
export const registerQuantity = z.enum(['kWh', 'kVArh']);

export const halfHourRegister = z.object({
  /** 0 for the unspecified (null) register. */
  register: int4(),
  /**
   * The channel the register's files named it by (NEM12's E1 or B1, an EIEP data stream); else 'Unspecified'
   * for register 0 and 'Register n' for the others.
   */
  label: text(),
  direction: registerDirection,
  quantity: registerQuantity,
});
export type HalfHourRegister = z.infer<typeof halfHourRegister>;

export const halfHourAvailability = z.object({
  registers: z.array(
    halfHourRegister.extend({
      /** Months with data, by year, newest year first. */
      availability: z.array(z.object({ year: int4(), months: z.array(int4()) })),
    }),
  ),
});
export type HalfHourAvailability = z.infer<typeof halfHourAvailability>;

export const halfHourMonthParams = z.object({
  id: idNumber(),
  year: int4Param({ min: 1900, max: 2200 }),
  month: int4Param({ min: 1, max: 12 }),
});
export const halfHourMonthQuery = z.object({ register: int4Param({ min: 0, max: 32767 }).optional() });

const peak = z.object({ date: text(), time: text(), value: z.number() });

/**
 * One half hour of the answer: a month holds about 1,488, so its fields are an answer's plain types, without the
 * input primitives' checks that a value the API computed cannot fail; hh's range is documented, not checked
 * (docs/decisions/performance.md, The half-hour month's answer).
 */
export const halfHourRecord = z.object({
  /** Local date and time: hh counts the local day's half hours from 0 (46 or 50 on changeover days). */
  date: storedDate(),
  hh: storedInt().meta({ minimum: 0, maximum: 49 }),
  time: storedText(),
  kwh: z.number().nullable(),
  kw: z.number().nullable(),
  pf: z.number().nullable(),
  /** A actual, E estimated, S substituted, F final substituted, V variable, ' ' missing. */
  quality: storedText(),
});
export type HalfHourRecord = z.infer<typeof halfHourRecord>;

export const halfHourMonth = z.object({
  register: halfHourRegister,
  /** 'yyyy-MM'. */
  month: text(),
  timeZone: text(),
  records: z.array(halfHourRecord),
  days: z.array(
    z.object({ date: text(), halfHours: int4(), changeover: z.enum(['start', 'end']).nullable() }),
  ),
  stats: z.object({
    halfHours: int4(),
    missing: int4(),
    estimated: int4(),
    totalKwh: z.number(),
    baseLoadKw: z.number().nullable(),
    baseLoadKwh: z.number(),
    aboveBaseKwh: z.number(),
    baseLoadShare: z.number().nullable(),
    averageKw: z.number().nullable(),
    peaks: z.array(peak),
    dailyPeaks: z.array(peak),
    peakKva: peak.nullable(),
  }),
  /** The month's average weekday and weekend day, kWh at 00:00, 00:30 ... 23:30 local time. */
  weekdayAverage: z.array(z.number().nullable()),
  weekendAverage: z.array(z.number().nullable()),
  /** The meter's load group (its connection's capacity in kVA), from its settings. */
  loadGroupKva: z.number().nullable(),
});
export type HalfHourMonth = z.infer<typeof halfHourMonth>;

const view = viewing({ meter: 'params.id' });

/** The HH Data tab's calls (data-portal 7). */
export const halfHourOperations = defineOperations('half-hour', {
  availability: {
    method: 'GET',
    path: '/meters/:id/half-hour-data/availability',
    summary: "The data source's half-hour registers and the months each has data for",
    access: view,
    params: idParam,
    answer: halfHourAvailability,
  },
  month: {
    method: 'GET',
    path: '/meters/:id/half-hour-data/:year/:month',
    summary:
      'One month of one register on the local clock, with its statistics (default register: import kWh)',
    access: view,
    params: halfHourMonthParams,
    query: halfHourMonthQuery,
    answer: halfHourMonth,
  },
});
