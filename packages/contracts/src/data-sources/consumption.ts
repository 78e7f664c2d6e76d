import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { editing, viewing } from '../access';
import { calendarDate, idNumber, idParam, int4, okResponse, text } from '../common';
import { defineOperations } from '../operations';

/**
 * Consumption records of a data source (data-portal 2.5, 3 "Meter consumption record", 5 and 7): a period and
 * the units used, with an optional attachment (a file of the data source).
 */
export const consumptionRecord = z.object({
  id: int4(),
  dateFrom: text(),
  dateTill: text(),
  units: z.number(),
  /** The unit the record was entered in (the meter's unit at the time). */
  unit: text(),
  attachmentId: int4().nullable(),
  attachmentFilename: text().nullable(),
  /** A short-lived direct link to the attachment. */
  attachmentUrl: text().nullable(),
});
export type ConsumptionRecord = z.infer<typeof consumptionRecord>;

export const consumptionList = z.object({
  records: z.array(consumptionRecord),
  /** The meter's unit, in which new records are entered. */
  unit: text().nullable(),
  meterOpen: text().nullable(),
  meterClose: text().nullable(),
  /** Whether the caller may add, change and delete records. */
  mayEdit: z.boolean(),
  /** Set when the records come from elsewhere (a vehicle's odometer readings) and cannot be changed here. */
  readOnlyReason: text().nullable(),
});
export type ConsumptionList = z.infer<typeof consumptionList>;

/** Units as entered: a number of at most 14 digits before the point (numeric(18,4)). */
const units = z
  .number({ error: MSG.consumptionUnitsNumber })
  .finite(MSG.consumptionUnitsNumber)
  .min(0, MSG.consumptionUnitsNegative)
  .max(1e13, MSG.consumptionUnitsNumber);

const isoDate = calendarDate(MSG.dateFormat);

export const consumptionRow = z.object({ dateFrom: isoDate, dateTill: isoDate, units });
export type ConsumptionRow = z.infer<typeof consumptionRow>;

/** POST /meters/{id}/meter-consumptions: the rows of the New Consumption Record dialog. */
export const newConsumptionRows = z.array(consumptionRow).min(1, MSG.consumptionRowsRequired).max(500);

export const consumptionCreated = z.object({
  success: z.literal(true),
  message: text(),
  data: z.object({ consumption: z.array(consumptionRecord) }),
});

/** PUT /meters/{id}/meter-consumption/{recordId}: the row; attachmentId null unlinks, left out keeps. */
export const consumptionUpdate = consumptionRow.extend({
  attachmentId: int4().positive().nullable().optional(),
});
export type ConsumptionUpdate = z.infer<typeof consumptionUpdate>;

export const consumptionUpdated = z.object({
  success: z.literal(true),
  message: text(),
  data: consumptionRecord,
});

export const consumptionParams = z.object({
  id: idNumber(),
  recordId: idNumber(),
});

const view = viewing({ meter: 'params.id' });
const edit = editing({ meter: 'params.id' });

/** The Consumption tab's calls (data-portal 7): list, add several rows, change or delete one. */
export const consumptionOperations = defineOperations('data-sources', {
  consumption: {
    method: 'GET',
    path: '/meters/:id/meter-consumption',
    summary: "The data source's consumption records",
    access: view,
    params: idParam,
    answer: consumptionList,
  },
  addConsumption: {
    method: 'POST',
    path: '/meters/:id/meter-consumptions',
    summary: 'Add consumption records (the rows of the New Consumption Record dialog, all or none)',
    access: edit,
    params: idParam,
    body: newConsumptionRows,
    answer: consumptionCreated,
  },
  updateConsumption: {
    method: 'PUT',
    path: '/meters/:id/meter-consumption/:recordId',
    summary: 'Change a consumption record (its period, units or attachment)',
    access: edit,
    params: consumptionParams,
    body: consumptionUpdate,
    answer: consumptionUpdated,
  },
  deleteConsumption: {
    method: 'DELETE',
    path: '/meters/:id/meter-consumption/:recordId',
    summary: 'Delete a consumption record',
    access: edit,
    params: consumptionParams,
    answer: okResponse.extend({ message: z.string() }),
  },
});
