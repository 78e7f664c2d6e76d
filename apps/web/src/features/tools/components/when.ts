import { formatDisplayDate } from '@verdant/domain/dates';

/** A moment as dd/MM/yyyy HH:mm (the portal's date form), in the browser's zone. */
export function when(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${formatDisplayDate(day)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
