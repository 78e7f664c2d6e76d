import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { calendarDate, idNumber, int4, text } from './common';

/** Contracted rates (core-portal.md 3, 5): TOU contracts and their monthly rates, NHH rates, PPD contracts. */
const isoDate = calendarDate();
const rate = z.number({ error: MSG.rateDecimal }).min(0, MSG.rateDecimal).max(1_000_000_000, MSG.rateDecimal);
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const contractName = text().trim().min(1, MSG.contractNameRequired).max(100);
export const newContractRequest = z.object({ name: contractName });

export const touContract = z.object({
  id: z.number(),
  name: text(),
  months: z.number(),
  meters: z.number(),
});
export const touContractsList = z.object({
  contracts: z.array(touContract),
  /** The data sources (the caller sees) linked to a TOU contract: the template's choices. */
  touMeters: z.array(z.object({ id: z.number(), name: text(), touContractId: z.number() })),
  mayEdit: z.boolean(),
  dayTypes: z.array(z.object({ id: z.number(), daytypeDescr: text() })),
  timePeriods: z.array(
    z.object({
      id: z.number(),
      descr: text(),
      startHour: z.number(),
      startMin: z.number(),
      endHour: z.number(),
      endMin: z.number(),
    }),
  ),
});
export type TouContractsList = z.infer<typeof touContractsList>;

/** One monthly rate: month 'yyyy-MM', period, day type, cents per kWh. */
export const touRate = z.object({
  month: text().regex(MONTH, 'A month is written yyyy-MM'),
  periodId: int4(),
  daytypeId: int4(),
  contractedRate: rate,
});
export type TouRate = z.infer<typeof touRate>;
export const touRatesList = z.object({ rates: z.array(touRate) });
export const newTouRatesRequest = z.object({ rates: z.array(touRate).min(1, MSG.ratesEmpty).max(5000) });

export const contractParams = z.object({ id: idNumber(), contractId: idNumber() });

/**
 * The template's query: the data source (its TOU contract), and the months from before till. All three are
 * optional here so that the route's rule answers first; the service refuses what is missing with its message.
 */
export const templateQuery = z.object({
  meter: idNumber().optional(),
  from: isoDate.optional(),
  till: isoDate.optional(),
});

/** The raw CSV upload's answer (success, message, data). */
export const uploadResult = z.object({
  success: z.literal(true),
  message: text(),
  data: z.object({ rows: z.number(), months: z.array(text()) }),
});

export const nhhRate = z.object({
  id: z.number(),
  startDate: text(),
  endDate: text(),
  retailRate: z.number(),
  networkRate: z.number(),
  orgId: z.number(),
});
export const nhhRatesList = z.object({ rates: z.array(nhhRate), mayEdit: z.boolean() });
export type NhhRatesList = z.infer<typeof nhhRatesList>;
export const newNhhRate = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    retailRate: rate,
    networkRate: rate,
  })
  .refine((r) => r.startDate <= r.endDate, { message: MSG.rateDateOrder, path: ['endDate'] });
export type NewNhhRate = z.input<typeof newNhhRate>;

export const ppdRate = z.object({
  id: z.number(),
  fromDate: text(),
  toDate: text(),
  rate: z.number(),
  ppdContractId: z.number(),
});
export const ppdContract = z.object({ id: z.number(), name: text(), rates: z.array(ppdRate) });
export const ppdContractsList = z.object({ contracts: z.array(ppdContract), mayEdit: z.boolean() });
export type PpdContractsList = z.infer<typeof ppdContractsList>;
export const newPpdRate = z
  .object({
    fromDate: isoDate,
    toDate: isoDate,
    rate: z.number({ error: MSG.rateDecimal }).min(0, MSG.rateDecimal).max(100, MSG.rateDecimal),
  })
  .refine((r) => r.fromDate <= r.toDate, { message: MSG.rateDateOrder, path: ['toDate'] });
export type NewPpdRate = z.input<typeof newPpdRate>;

export const contractCreated = z.object({ id: z.number(), name: text() });
export const nhhRatesAdded = nhhRatesList.extend({ message: text() });
export const ppdRatesList = z.object({ rates: z.array(ppdRate), mayEdit: z.boolean() });
export const ppdRatesAdded = ppdRatesList.extend({ message: text() });
