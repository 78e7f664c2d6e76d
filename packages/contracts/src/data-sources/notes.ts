import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { editing, viewing } from '../access';
import { calendarDate, INPUT_MESSAGES, idNumber, idParam, int4, text } from '../common';
import { defineOperations } from '../operations';

/**
 * Data source notes (data-portal spec 3 "Meter note", 4 "Meter note types"): ongoing (a start date only), for
 * a period (start and end), or bound to one of the meter's invoices (its period).
 */
export const NOTE_KINDS = ['NO_END', 'HAS_END', 'INVOICE'] as const;
export const noteKind = z.enum(NOTE_KINDS);
export type NoteKind = z.infer<typeof noteKind>;
export const NOTE_KIND_LABELS: Record<NoteKind, string> = {
  NO_END: 'Note is ongoing',
  HAS_END: 'Note applies to a specific period',
  INVOICE: 'Note is bound to invoice',
};

export const NOTE_TEXT_MAX = 2000;

export const meterNote = z.object({
  id: int4(),
  meterId: int4(),
  kind: noteKind,
  dateFrom: text(),
  dateTill: text().nullable(),
  text: text(),
  invoiceGapFiller: z.boolean(),
  invoiceId: int4().nullable(),
  /** The bound invoice's number and date, for INVOICE notes. */
  invoiceNumber: text().nullable(),
  invoiceDate: text().nullable(),
  createdBy: text().nullable(),
  createdAt: text(),
  updatedAt: text().nullable(),
});
export type MeterNote = z.infer<typeof meterNote>;

export const meterNotesList = z.object({
  notes: z.array(meterNote),
  /** Whether the caller may add and change this data source's notes. */
  mayEdit: z.boolean(),
});
export type MeterNotesList = z.infer<typeof meterNotesList>;

const isoDate = calendarDate(MSG.dateFormat);

/**
 * The spec's payload: dateFrom, dateTill, text, invoiceGapFiller, meterId, invoiceId. A note bound to an
 * invoice takes the invoice's period, so its dates may be left out.
 */
export const meterNoteInput = z
  .object({
    dateFrom: isoDate.nullable().optional(),
    dateTill: isoDate.nullable().default(null),
    text: text().trim().min(1, MSG.noteTextRequired).max(NOTE_TEXT_MAX),
    invoiceGapFiller: z.boolean().default(false),
    meterId: int4().optional(),
    invoiceId: int4().positive().nullable().default(null),
  })
  .refine((n) => n.invoiceId !== null || (n.dateFrom ?? null) !== null, {
    message: INPUT_MESSAGES.date,
    path: ['dateFrom'],
  })
  .refine((n) => n.invoiceId !== null || n.dateTill === null || !n.dateFrom || n.dateTill >= n.dateFrom, {
    message: MSG.jobDateOrder,
    path: ['dateTill'],
  })
  .refine((n) => n.invoiceId === null || !n.invoiceGapFiller, {
    message: MSG.noteInvoiceGapFiller,
    path: ['invoiceGapFiller'],
  });
export type MeterNoteInput = z.input<typeof meterNoteInput>;

export const noteParams = z.object({
  id: idNumber(),
  noteId: idNumber(),
});

/** The kind a note has: bound to an invoice, else by whether it has an end date. */
export const kindOf = (n: { invoiceId: number | null; dateTill: string | null }): NoteKind =>
  n.invoiceId !== null ? 'INVOICE' : n.dateTill === null ? 'NO_END' : 'HAS_END';

const view = viewing({ meter: 'params.id' });
const edit = editing({ meter: 'params.id' });

/** The Notes tab's calls. */
export const notesOperations = defineOperations('data-sources', {
  notes: {
    method: 'GET',
    path: '/meters/:id/comments',
    summary: "The data source's notes",
    access: view,
    params: idParam,
    answer: meterNotesList,
  },
  note: {
    method: 'GET',
    path: '/meters/:id/comments/:noteId',
    summary: 'One note',
    access: view,
    params: noteParams,
    answer: meterNote,
  },
  addNote: {
    method: 'POST',
    path: '/meters/:id/comments',
    summary: 'Add a note (ongoing, for a period, or bound to one of its invoices)',
    access: edit,
    params: idParam,
    body: meterNoteInput,
    answer: meterNote,
  },
  updateNote: {
    method: 'PUT',
    path: '/meters/:id/comments/:noteId',
    summary: 'Change a note (an ongoing one can be ended)',
    access: edit,
    params: noteParams,
    body: meterNoteInput,
    answer: meterNote,
  },
  invoiceNotes: {
    method: 'GET',
    path: '/meters/:id/invoice-notes',
    summary: "The data source's notes bound to its invoices",
    access: view,
    params: idParam,
    answer: meterNotesList,
  },
});
