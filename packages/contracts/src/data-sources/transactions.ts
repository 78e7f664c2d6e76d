import { TRANSACTION_NOTE_MAX } from '@verdant/domain/constants';
import { fill, MSG } from '@verdant/domain/messages';
import { TRANSACTION_TIME } from '@verdant/domain/transactions';
import { z } from 'zod';
import { editing, viewing } from '../access';
import { calendarDate, idNumber, idParam, int4, int4Param, okResponse, text } from '../common';
import { defineOperations } from '../operations';

/**
 * Transactions of a transactional data source (data-portal 2.5, 3 "Transaction", 5 and 7): a date, an
 * optional time, a quantity, notes, and for type 9 a cost. itemId is the transaction's own id; invoiceId the
 * invoice it came from, if any.
 */
export const transaction = z.object({
  itemId: int4(),
  invoiceId: int4().nullable(),
  date: text(),
  time: text().nullable(),
  quantity: z.number(),
  cost: z.number().nullable(),
  note: text().nullable(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionsList = z.object({
  /** The meter's unit, in which quantities are entered. */
  unit: text().nullable(),
  transactions: z.array(transaction),
  /** Type 9: the table and the form show Cost. */
  showsCost: z.boolean(),
  meterOpen: text().nullable(),
  /** The organisation's time zone: "the future" starts at its now. */
  timeZone: text(),
  mayEdit: z.boolean(),
  /** Purchases that live elsewhere: a fuel card's or a vehicle's page. */
  purchasesAt: z.object({ label: text(), path: text() }).nullable(),
});
export type TransactionsList = z.infer<typeof transactionsList>;

const time = z.union([z.literal(''), z.null(), text().regex(TRANSACTION_TIME, MSG.transactionTime)]);

/** POST and PUT: date and quantity required, cost when the meter shows it (checked by the service). */
export const transactionInput = z.object({
  date: calendarDate(MSG.dateFormat),
  time: time.optional(),
  quantity: z
    .number({ error: MSG.transactionQuantity })
    .finite(MSG.transactionQuantity)
    .gt(0, MSG.transactionQuantity)
    .max(1e13, MSG.transactionQuantity),
  cost: z
    .number({ error: MSG.transactionCostRequired })
    .finite(MSG.transactionCostRequired)
    .min(0, MSG.transactionCostNegative)
    .max(1e11, MSG.transactionCostRequired)
    .nullable()
    .optional(),
  note: text()
    .max(TRANSACTION_NOTE_MAX, fill(MSG.transactionNoteLength, { max: TRANSACTION_NOTE_MAX }))
    .nullable()
    .optional(),
});
export type TransactionInput = z.input<typeof transactionInput>;

export const transactionSaved = z.object({ success: z.literal(true), message: text(), data: transaction });

export const transactionParams = z.object({ id: idNumber(), itemId: idNumber() });
/** DELETE names the invoice the transaction came from: 0 for one entered by hand. */
export const transactionDeleteParams = transactionParams.extend({ invoiceId: int4Param({ min: 0 }) });

const view = viewing({ meter: 'params.id' });
const edit = editing({ meter: 'params.id' });

/** The Transactions tab's calls (data-portal 7). */
export const transactionsOperations = defineOperations('data-sources', {
  transactions: {
    method: 'GET',
    path: '/meters/:id/transactions',
    summary: "The data source's transactions and unit",
    access: view,
    params: idParam,
    answer: transactionsList,
  },
  addTransaction: {
    method: 'POST',
    path: '/meters/:id/transactions',
    summary: 'Add a transaction',
    access: edit,
    params: idParam,
    body: transactionInput,
    answer: transactionSaved,
  },
  updateTransaction: {
    method: 'PUT',
    path: '/meters/:id/transactions/:itemId',
    summary: 'Change a transaction',
    access: edit,
    params: transactionParams,
    body: transactionInput,
    answer: transactionSaved,
  },
  deleteTransaction: {
    method: 'DELETE',
    path: '/meters/:id/transactions/:invoiceId/:itemId',
    summary: 'Delete a transaction (invoiceId 0 for one entered by hand)',
    access: edit,
    params: transactionDeleteParams,
    answer: okResponse.extend({ message: z.string() }),
  },
});
