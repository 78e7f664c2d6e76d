import dayjs from 'dayjs';
import { DATE_FORMAT_DISPLAY } from './constants';

/** Shows a stored date or timestamp as dd/MM/yyyy; empty or unreadable input gives an empty string. */
export function formatDisplayDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT_DISPLAY) : '';
}
