import { z } from 'zod';
import { administrator, member } from './access';
import { calendarDate, idNumber, idParam, int4, okResponse, text } from './common';
import { defineOperations } from './operations';

/**
 * An organisation's contractual instruments for market-based scope 2 (docs/decisions/scope2.md, The smallest
 * honest instrument model): certificates matched to one electricity data source, or a supplier-specific
 * factor for a retailer's data sources or one data source. `GET/POST /organisations/{id}/scope2-instruments`,
 * `PUT/DELETE /organisations/{id}/scope2-instruments/{instrumentId}`.
 */
export const INSTRUMENT_MESSAGES = {
  meter: 'Choose an electricity data source of this organisation',
  target: 'Choose either a retailer or a data source',
  retailer: 'Choose a retailer from the list',
  mwh: 'Enter the certified MWh: a number above 0',
  rate: 'Enter the rate in kg CO2e per kWh: a number from 0 to 10',
  dates: 'The start date cannot be after the end date',
  saved: 'Saved: emissions are being recalculated',
  deleted: 'Removed: emissions are being recalculated',
} as const;
const M = INSTRUMENT_MESSAGES;

export const INSTRUMENT_KINDS = ['certificates', 'supplier-factor'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

export const instrumentBody = z
  .object({
    kind: z.enum(INSTRUMENT_KINDS),
    meterId: idNumber().nullable().default(null),
    retailerId: int4().positive().nullable().default(null),
    dateFrom: calendarDate(),
    dateTill: calendarDate(),
    mwh: z.number({ error: M.mwh }).gt(0, M.mwh).max(1_000_000_000, M.mwh).nullable().default(null),
    rate: z.number({ error: M.rate }).min(0, M.rate).max(10, M.rate),
    reference: text().trim().max(200).nullable().default(null),
  })
  .refine((b) => b.dateFrom <= b.dateTill, { message: M.dates, path: ['dateTill'] })
  .refine((b) => b.kind !== 'certificates' || b.meterId !== null, { message: M.meter, path: ['meterId'] })
  .refine((b) => b.kind !== 'certificates' || b.mwh !== null, { message: M.mwh, path: ['mwh'] })
  .refine((b) => b.kind !== 'supplier-factor' || (b.meterId === null) !== (b.retailerId === null), {
    message: M.target,
    path: ['retailerId'],
  });
export type InstrumentBody = z.output<typeof instrumentBody>;
export type InstrumentInput = z.input<typeof instrumentBody>;

export const instrument = z.object({
  id: z.number(),
  kind: z.enum(INSTRUMENT_KINDS),
  meter: z.object({ id: z.number(), name: text(), site: text() }).nullable(),
  retailer: z.object({ id: z.number(), name: text() }).nullable(),
  dateFrom: text(),
  dateTill: text(),
  mwh: z.number().nullable(),
  rate: z.number(),
  reference: text().nullable(),
});
export type Instrument = z.infer<typeof instrument>;

export const instrumentList = z.object({
  instruments: z.array(instrument),
  /** Administrators of the organisation record instruments; everyone else reads them. */
  mayEdit: z.boolean(),
  /** The form's choices: the electricity data sources the caller sees, and the electricity retailers. */
  meters: z.array(z.object({ id: z.number(), name: text(), site: text() })),
  retailers: z.array(z.object({ id: z.number(), name: text() })),
});
export type InstrumentList = z.infer<typeof instrumentList>;

export const instrumentParams = z.object({ id: idNumber(), instrumentId: idNumber() });

const instruments = '/organisations/:id/scope2-instruments';

/** Market-based scope 2's instruments: members read them, administrators record them. */
export const scope2InstrumentsOperations = defineOperations('scope2-instruments', {
  list: {
    method: 'GET',
    path: instruments,
    summary: "The organisation's certificates and supplier-specific factors (market-based scope 2)",
    access: member('params.id'),
    params: idParam,
    answer: instrumentList,
  },
  create: {
    method: 'POST',
    path: instruments,
    summary: 'Records certificates or a supplier-specific factor; the ledger is recomputed',
    access: administrator('params.id'),
    params: idParam,
    body: instrumentBody,
    answer: instrument,
  },
  update: {
    method: 'PUT',
    path: `${instruments}/:instrumentId`,
    summary: 'Changes an instrument; the ledger is recomputed',
    access: administrator('params.id'),
    params: instrumentParams,
    body: instrumentBody,
    answer: instrument,
  },
  remove: {
    method: 'DELETE',
    path: `${instruments}/:instrumentId`,
    summary: 'Removes an instrument; the ledger is recomputed',
    access: administrator('params.id'),
    params: instrumentParams,
    answer: okResponse,
  },
});
