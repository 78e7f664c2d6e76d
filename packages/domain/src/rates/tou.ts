import { toDayNumber } from '../calendar';

/**
 * Time-of-use day types and time periods (core-portal.md 3 TOU contract). A contract's monthly rates are
 * stored per period and day type; the invoices' tariff check asks which rate applied.
 */
export const TOU_DAY_TYPES = [
  { id: 1, daytypeDescr: 'Weekday' },
  { id: 2, daytypeDescr: 'Weekend' },
] as const;

export const TOU_TIME_PERIODS = [
  { id: 1, descr: 'Night', startHour: 23, startMin: 0, endHour: 7, endMin: 0 },
  { id: 2, descr: 'Day', startHour: 7, startMin: 0, endHour: 17, endMin: 0 },
  { id: 3, descr: 'Peak', startHour: 17, startMin: 0, endHour: 21, endMin: 0 },
  { id: 4, descr: 'Evening', startHour: 21, startMin: 0, endHour: 23, endMin: 0 },
] as const;

export type TouDayType = (typeof TOU_DAY_TYPES)[number];
export type TouPeriod = (typeof TOU_TIME_PERIODS)[number];

/** The day type of a 'yyyy-MM-dd' date: Saturday and Sunday are the weekend. */
export function dayTypeOf(date: string): TouDayType {
  // Day 0 of the day numbers (1970-01-01) was a Thursday.
  const weekday = (((toDayNumber(date) + 4) % 7) + 7) % 7;
  return (weekday === 0 || weekday === 6 ? TOU_DAY_TYPES[1] : TOU_DAY_TYPES[0]) as TouDayType;
}

/** The period holding a time of day (a period may run over midnight). */
export function periodAt(hour: number, minute: number): TouPeriod {
  const t = hour * 60 + minute;
  const found = TOU_TIME_PERIODS.find((p) => {
    const start = p.startHour * 60 + p.startMin;
    const end = p.endHour * 60 + p.endMin;
    return start < end ? t >= start && t < end : t >= start || t < end;
  });
  return found ?? TOU_TIME_PERIODS[0];
}

/** A period or day type named by its id or its description (any case), as invoice lines and uploads name them. */
export function touPeriodNamed(name: string | number): TouPeriod | undefined {
  const key = String(name).trim().toLowerCase();
  return TOU_TIME_PERIODS.find((p) => String(p.id) === key || p.descr.toLowerCase() === key);
}
export function touDayTypeNamed(name: string | number): TouDayType | undefined {
  const key = String(name).trim().toLowerCase();
  return TOU_DAY_TYPES.find((d) => String(d.id) === key || d.daytypeDescr.toLowerCase() === key);
}

/** Whether two inclusive periods of 'yyyy-MM-dd' dates share a day. */
export const periodsOverlap = (a: { from: string; till: string }, b: { from: string; till: string }) =>
  a.from <= b.till && b.from <= a.till;
