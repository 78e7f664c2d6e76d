import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { editor, member } from './access';
import { calendarDate, idNumber, idParam, int4, nameText, text } from './common';
import { defineOperations } from './operations';

/** Contracted rates (core-portal.md 3, 5): TOU contracts and their monthly rates, NHH rates, PPD contracts. */
const isoDate = calendarDate();
const rate = z.number({ error: MSG.rateDecimal }).min(0, MSG.rateDecimal).max(1_000_000_000, MSG.rateDecimal);
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const contractName = nameText().trim().min(1, MSG.contractNameRequired).max(100);
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

const org = '/organisations/:id';
const reads = member('params.id');
const writes = editor('params.id');

/** TOU, NHH and PPD rates of an organisation: members read them, editors add them. */
export const ratesOperations = defineOperations('rates', {
  touContracts: {
    method: 'GET',
    path: `${org}/tou-contracts`,
    summary: 'TOU contracts, day types and time periods',
    access: reads,
    params: idParam,
    answer: touContractsList,
  },
  newTouContract: {
    method: 'POST',
    path: `${org}/tou-contracts`,
    summary: 'New TOU contract',
    access: writes,
    params: idParam,
    body: newContractRequest,
    answer: contractCreated,
  },
  touRates: {
    method: 'GET',
    path: `${org}/tou-contracts/:contractId/rates`,
    summary: "A TOU contract's monthly rates",
    access: reads,
    params: contractParams,
    answer: touRatesList,
  },
  addTouRates: {
    method: 'POST',
    path: `${org}/tou-contracts/:contractId/rates`,
    summary: 'Add monthly TOU rates (a stored month is refused)',
    access: writes,
    params: contractParams,
    body: newTouRatesRequest,
    answer: uploadResult,
  },
  touTemplate: {
    method: 'GET',
    path: `${org}/tou-contracts/create-template`,
    summary: "The TOU rates template (CSV) of a data source's contract",
    access: reads,
    params: idParam,
    query: templateQuery,
    answer: 'file',
  },
  uploadTouRates: {
    method: 'POST',
    path: `${org}/tou-contracts/upload-rates`,
    summary: 'Upload TOU rates (raw CSV of the template): lands whole or not at all',
    access: writes,
    params: idParam,
    bodyType: 'text',
    answer: uploadResult,
  },
  nhhRates: {
    method: 'GET',
    path: `${org}/ntou-contract-rates`,
    summary: 'NHH rates',
    access: reads,
    params: idParam,
    answer: nhhRatesList,
  },
  addNhhRate: {
    method: 'POST',
    path: `${org}/ntou-contract-rates`,
    summary: 'Add an NHH rate (an overlapping period is refused)',
    access: writes,
    params: idParam,
    body: newNhhRate,
    answer: nhhRatesAdded,
  },
  ppdContracts: {
    method: 'GET',
    path: `${org}/ppd-contracts`,
    summary: 'Prompt payment discount contracts with their rates',
    access: reads,
    params: idParam,
    answer: ppdContractsList,
  },
  newPpdContract: {
    method: 'POST',
    path: `${org}/ppd-contracts`,
    summary: 'New PPD contract',
    access: writes,
    params: idParam,
    body: newContractRequest,
    answer: contractCreated,
  },
  ppdRates: {
    method: 'GET',
    path: `${org}/ppd-contracts/:contractId/rates`,
    summary: "A PPD contract's rates",
    access: reads,
    params: contractParams,
    answer: ppdRatesList,
  },
  addPpdRate: {
    method: 'POST',
    path: `${org}/ppd-contracts/:contractId/rates`,
    summary: 'Add a PPD rate (an overlapping period is refused)',
    access: writes,
    params: contractParams,
    body: newPpdRate,
    answer: ppdRatesAdded,
  },
});
