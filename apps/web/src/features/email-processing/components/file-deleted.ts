import { PARKED_EMAIL_AGE_DAYS } from '@verdant/domain/constants';
import { formatDisplayDate } from '@verdant/domain/dates';

/** What a parked email whose file was purged says (docs/decisions/email-intake.md, Parked files purged). */
export function fileDeletedText(at: string): string {
  const days = PARKED_EMAIL_AGE_DAYS[2];
  return `File deleted after ${days} days in the queue (${formatDisplayDate(at.slice(0, 10))}); the record and its reason stay`;
}
