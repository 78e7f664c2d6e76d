import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';

/**
 * The demo's weather and calendar, made up but shaped like Wellington's: a seasonal mean temperature (17 °C in
 * February, 9 °C in August), weather systems that pass every few days, cloud, daylight hours, and New
 * Zealand's public holidays. Everything is a pure function of the date, so the demo is the same on every
 * first start and any day can be checked by hand (docs/decisions/demo.md, Half-hour days from models of the
 * buildings).
 */

/** A number in [0, 1) from integers, the same every time (murmur3's 32-bit finaliser over the keys). */
export function demoUnit(...keys: number[]): number {
  let h = 0x9e3779b9;
  for (const k of keys) {
    h = Math.imul(h ^ (k | 0), 0xcc9e2d51);
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 4_294_967_296;
}

/** The same number for the same text (a meter's name), to key its own random draws. */
export function demoKey(text: string): number {
  let h = 0;
  for (const c of text) h = Math.imul(h ^ (c.codePointAt(0) ?? 0), 0x01000193);
  return h | 0;
}

const TAU = 2 * Math.PI;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
export const dayOfYear = (date: string) => toDayNumber(date) - toDayNumber(`${date.slice(0, 4)}-01-01`);
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export interface DemoWeather {
  /** The day's mean temperature, °C. */
  meanC: number;
  /** Cloud cover from 0 (clear) to 1 (overcast). */
  cloud: number;
  /** Local clock hours of sunrise and sunset. */
  sunrise: number;
  sunset: number;
}

export function demoWeather(date: string): DemoWeather {
  const d = toDayNumber(date);
  const season = Math.cos((TAU * (dayOfYear(date) - 40)) / 365);
  // Weather systems: three waves of incommensurate periods never line up the same way twice.
  const front =
    1.9 * Math.sin((TAU * d) / 6.3 + 1.1) +
    1.3 * Math.sin((TAU * d) / 10.7 + 2.3) +
    0.8 * Math.sin((TAU * d) / 3.9 + 0.4);
  const meanC = 12.8 + 4.2 * season + front + 1.6 * (demoUnit(d, 1) - 0.5);
  const cloud = clamp(
    0.5 - 0.08 * front + 0.25 * Math.sin((TAU * d) / 5.3 + 0.7) + 0.3 * (demoUnit(d, 2) - 0.5),
    0.05,
    0.95,
  );
  // Shortest day 21 June: sunrise about 08:00, sunset 16:45; longest: 06:00 and 20:30 on the daylight clock.
  const winter = Math.cos((TAU * (dayOfYear(date) - 172)) / 365);
  return { meanC, cloud, sunrise: 7 + winter, sunset: 18.6 - 1.9 * winter };
}

/** Temperature at a local hour: coolest before dawn, warmest mid-afternoon, more so on clear days. */
export function temperatureAt(w: DemoWeather, hour: number): number {
  return w.meanC + (2 + 1.5 * (1 - w.cloud)) * Math.cos((TAU * (hour - 15)) / 24);
}

/** Sunshine on a panel from 0 to 1: the sun's arc over the day, lower in winter, dimmed by cloud. */
export function sunAt(w: DemoWeather, date: string, hour: number, key: number): number {
  if (hour <= w.sunrise || hour >= w.sunset) return 0;
  const arc = Math.sin((Math.PI * (hour - w.sunrise)) / (w.sunset - w.sunrise));
  const height = 0.7 + 0.3 * Math.cos((TAU * (dayOfYear(date) - 355)) / 365);
  const passing = 1 - 0.35 * w.cloud * demoUnit(key, toDayNumber(date), Math.round(hour * 4));
  return arc * height * (1 - 0.75 * w.cloud) * passing;
}

/** Matariki is set by law each year. */
const MATARIKI = [
  '2022-06-24',
  '2023-07-14',
  '2024-06-28',
  '2025-06-20',
  '2026-07-10',
  '2027-06-25',
  '2028-07-14',
  '2029-07-06',
  '2030-06-21',
];

function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((8 * b + 13) / 25) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toDayNumber(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}

const weekend = (day: number) => [0, 6].includes(weekdayOf(fromDayNumber(day)));
/** The n-th (1-based) given weekday of a month, as a day number. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = toDayNumber(`${year}-${String(month).padStart(2, '0')}-01`);
  return first + ((weekday - weekdayOf(fromDayNumber(first)) + 7) % 7) + 7 * (n - 1);
}

/** Holidays that fall at a weekend are observed on the next free weekday (Christmas and Boxing Day as a pair). */
function observed(out: Set<number>, days: number[]) {
  for (const d of days) if (!weekend(d)) out.add(d);
  for (const d of days) {
    if (!weekend(d)) continue;
    let n = d + 1;
    while (weekend(n) || out.has(n)) n += 1;
    out.add(n);
  }
}

const holidays = new Map<number, Set<number>>();
/** New Zealand's public holidays in a year, with Wellington Anniversary Day. */
function holidaysOf(year: number): Set<number> {
  const cached = holidays.get(year);
  if (cached) return cached;
  const day = (md: string) => toDayNumber(`${year}-${md}`);
  const out = new Set<number>();
  observed(out, [day('01-01'), day('01-02')]);
  const jan22 = day('01-22');
  const toMonday = (1 - weekdayOf(fromDayNumber(jan22)) + 7) % 7;
  out.add(jan22 + (toMonday > 3 ? toMonday - 7 : toMonday));
  observed(out, [day('02-06')]);
  const easter = easterSunday(year);
  out.add(easter - 2);
  out.add(easter + 1);
  observed(out, [day('04-25')]);
  out.add(nthWeekday(year, 6, 1, 1));
  for (const m of MATARIKI) if (m.startsWith(String(year))) out.add(toDayNumber(m));
  out.add(nthWeekday(year, 10, 1, 4));
  observed(out, [day('12-25'), day('12-26')]);
  holidays.set(year, out);
  return out;
}

export function isDemoHoliday(date: string): boolean {
  return holidaysOf(Number(date.slice(0, 4))).has(toDayNumber(date));
}

/** The depots close between Christmas Eve and the 4th of January. */
export function isChristmasShutdown(date: string): boolean {
  const md = date.slice(5);
  return md >= '12-24' || md <= '01-04';
}
