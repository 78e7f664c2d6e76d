import { EMAIL_MSG } from '@verdant/domain/email-processing/email-processing';
import { z } from 'zod';
import { calendarDate, int4, okResponse, text } from '../common';

/** What a template found in an item: the document's text and each field's value. */
export const extracted = z.object({
  text: text(),
  found: z.record(z.string(), z.string().nullable()),
  lines: z.array(z.object({ description: text(), amount: text() })),
});
export type Extracted = z.infer<typeof extracted>;

/** A parked or deferred email item (data-portal.md 3, Parked email: file, jobName, errorMessage, age). */
export const parkedEmail = z.object({
  file: text(),
  jobName: text(),
  errorMessage: text(),
  /** Whole days since the message arrived. */
  age: int4(),
  queue: z.enum(['parked', 'deferred']),
  urgency: z.enum(['notification', 'urgent', 'immediate', 'emergency']),
  reasonCode: text().nullable(),
  filename: text(),
  organisation: z.object({ id: int4(), name: text() }),
  retailer: z.object({ id: int4(), name: text() }).nullable(),
  sender: text(),
  subject: text(),
  receivedAt: text(),
  templateVersion: int4().nullable(),
  extracted: extracted.nullable(),
  /** When its file was deleted for being parked over 17 days (the record and its reason stay), else null. */
  fileDeletedAt: text().nullable(),
});
export type ParkedEmail = z.infer<typeof parkedEmail>;

export const parkedList = z.object({ success: z.literal(true), data: z.array(parkedEmail) });
export type ParkedList = z.infer<typeof parkedList>;

/** A preprocess log line (data-portal.md 3, Log entry). */
export const logEntry = z.object({
  timestamp: text(),
  message: text(),
  organisation: text(),
  file: text().nullable(),
  invoiceId: int4().nullable(),
  meterId: int4().nullable(),
});
export type LogEntry = z.infer<typeof logEntry>;
export const logList = z.object({ success: z.literal(true), data: z.array(logEntry) });
export type LogList = z.infer<typeof logList>;

export const queueName = z.enum(['parked', 'deferred']);
export const queueEmailParams = z.object({ queue: queueName, name: text().min(1).max(200) });
export const logParams = z.object({ log: z.enum(['rejected', 'accepted']) });
export const trimQuery = z.object({ beforeDate: calendarDate(EMAIL_MSG.trimDateRequired) });
export const messageAnswer = z.object({ success: z.literal(true), message: text() });
export { okResponse };
