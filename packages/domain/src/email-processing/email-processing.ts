import { PARKED_EMAIL_AGE_DAYS } from '../constants';

/** The email-processing screen's messages (data-portal.md 8), word for word, and the intake's own reasons. */
export const EMAIL_MSG = {
  deleteFailed: 'Could not delete email. Issue scheduled for re-run.',
  trimmed: 'Log successfully trimmed',
  trimFailed: 'Could not trim log - please try a nearby date',
  trimDateRequired: 'Choose the date to trim the log before',
  notInQueue: 'That email is no longer in this queue',
  filePurged:
    'The file was deleted after 17 days in the queue: it can no longer be downloaded or run again (its record and reason stay)',
  templateFieldRequired:
    'A template needs patterns for the account, the invoice number and the total payable',
  templatePatternInvalid: "The pattern for '{field}' is not a regular expression: {error}",
} as const;

/**
 * Why an item was parked, rejected or deferred (docs/decisions/email-intake.md, Processing): each code with the
 * words the queues show.
 */
export const EMAIL_REASONS = {
  'unknown-retailer': 'Unknown retailer: no template recognises the sender or the content',
  'unknown-account': 'Unknown account: no data source of the organisation has the account the invoice names',
  'unknown-layout': "Unknown layout: the retailer's template did not find every field",
  totals: 'Totals do not add up: the lines and GST do not make the total payable',
  duplicate: 'Duplicate: this invoice is already stored',
  'bill-audit': 'Bill audit refused the invoice',
  crashed: 'Processing crashed; it is run again on the next attempt',
  'too-large': 'The attachment is larger than the limit',
  'not-pdf': 'The attachment claims to be a PDF and is not one',
  encrypted: 'The PDF is encrypted and cannot be read',
  archive: 'Archives are not read (a zip may expand without limit): send the invoices themselves',
  'unsupported-type': 'Only PDF, CSV and XLSX attachments are read',
  'no-attachments': 'The message has no attachments',
  'sender-not-allowed': 'The sender is not on the allow-list of this address',
  malformed: 'The message could not be read as MIME',
  'import-refused': 'The data import refused the file',
} as const;
export type EmailReasonCode = keyof typeof EMAIL_REASONS;

export type ParkedUrgency = 'notification' | 'urgent' | 'immediate' | 'emergency';

/** A parked email's urgency by its age in whole days (data-portal.md 4: up to 4, over 4, over 9, over 17). */
export function parkedUrgency(ageDays: number): ParkedUrgency {
  const [urgent, immediate, emergency] = PARKED_EMAIL_AGE_DAYS;
  if (ageDays > emergency) return 'emergency';
  if (ageDays > immediate) return 'immediate';
  if (ageDays > urgent) return 'urgent';
  return 'notification';
}

/** The name an item goes by in the queues' paths: its id and its file name, made safe for a path. */
export function parkedName(id: number, filename: string): string {
  const safe = filename.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'attachment';
  return `${id}-${safe}`;
}

/** The item id a queue name carries, or null. */
export function idOfParkedName(name: string): number | null {
  const m = /^(\d{1,9})-/.exec(name);
  return m ? Number(m[1]) : null;
}
