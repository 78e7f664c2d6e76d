import { daysInMonth, fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { HALF_HOURS_PER_DAY } from '@verdant/domain/constants';
import { offsetMinutes, standardOffsetMinutes } from '@verdant/domain/time-zone';
import {
  type DemoWeather,
  demoKey,
  demoUnit,
  demoWeather,
  isChristmasShutdown,
  isDemoHoliday,
  sunAt,
  temperatureAt,
  weekdayOf,
} from './demo-weather';

/**
 * What the demo's three smart meters draw, half hour by half hour (docs/decisions/demo.md, Half-hour days
 * from models of the buildings): each is a model of the building behind it, run on the local clock (daylight
 * time included) with the demo's weather and holidays, so weekdays differ from weekends, winter from summer, a cold day from a
 * mild one, and no two days are the same. The half-hour data, the invoices of the months before it and the
 * sample import files are all drawn from these models.
 */
const ZONE = 'Pacific/Auckland';
const HOUR_MS = 3_600_000;

/** One half hour as a model sees it: the local clock and the day's weather. */
export interface Moment {
  date: string;
  /** Local hour at the middle of the half hour (9.25 for 09:00-09:30). */
  hour: number;
  weekday: number;
  holiday: boolean;
  weather: DemoWeather;
  tempC: number;
  dark: boolean;
  /** Keys for the model's own random draws: the day and the half hour. */
  day: number;
  slot: number;
}

/** Opening hours of the Civic Library by weekday (Sunday first), local time. */
const LIBRARY_HOURS: ([number, number] | null)[] = [
  [13, 16],
  [9, 20],
  [9, 20],
  [9, 20],
  [9, 20],
  [9, 18],
  [10, 16],
];

function library(m: Moment): number {
  const hours = m.holiday ? null : LIBRARY_HOURS[m.weekday];
  let kw = 2.4; // server room, fridges, emergency lighting
  if (m.dark) kw += 0.7; // car park and outside lighting
  if (hours) {
    const [open, close] = hours;
    const staffed = m.hour >= open - 0.75 && m.hour < close + 0.5;
    if (staffed) kw += 2.2;
    // The public floor: busiest after school and on Saturdays.
    if (m.hour >= open && m.hour < close)
      kw += 3.2 * (m.hour >= 15 || m.weekday === 6 ? 1.1 : 0.85) * (0.9 + 0.2 * demoUnit(m.slot, 3));
    const preheat = m.hour >= open - 2 && m.hour < open && m.tempC < 11;
    // Heat pumps: heating below 17 °C, cooling above 21 °C, the fans whenever they run.
    if (staffed || preheat) kw += 0.6 + 0.55 * Math.max(0, 17 - m.tempC) + 0.75 * Math.max(0, m.tempC - 21);
  }
  return kw * (0.96 + 0.08 * demoUnit(m.slot, 4));
}

function depot(m: Moment): number {
  const closed = m.holiday || isChristmasShutdown(m.date);
  const workday = m.weekday >= 1 && m.weekday <= 5 && !closed;
  // Overtime on about one Saturday in three.
  const overtime = m.weekday === 6 && !closed && demoUnit(m.day, 7) < 0.35;
  let kw = 3.2; // compressor on standby, fridges, the server
  if (m.dark) kw += 1.6; // yard and security lighting
  const shift = workday ? m.hour >= 6.5 && m.hour < 15.5 : overtime && m.hour >= 7 && m.hour < 12;
  if (shift) {
    const workload = 0.75 + 0.4 * demoUnit(m.day, 8);
    const pace = m.hour >= 12 && m.hour < 12.5 ? 0.45 : m.hour < 7.25 ? 0.6 : 1;
    kw += 10.5 * workload * pace * (overtime ? 0.55 : 1);
    // A welder, the compressor or the hoist, now and then.
    if (demoUnit(m.slot, 9) < 0.28) kw += 2.5 + 3.5 * demoUnit(m.slot, 10);
    kw += 0.4 * Math.max(0, 13 - m.tempC); // radiant heaters in the office and lunch room
  }
  return kw * (0.97 + 0.06 * demoUnit(m.slot, 11));
}

interface Session {
  start: number;
  end: number;
  kw: number;
}

/** A car's on-board charger limits the 7.4 kW wall boxes: older cars take 3.6 kW, most 6.6 to 7.4. */
const CAR_KW = [3.6, 6.6, 6.6, 7.2, 7.2, 7.4];

/** The day's charging sessions on the two wall boxes: arrivals queue for a free one. */
function evSessions(day: number, weekday: number, holiday: boolean, weather: DemoWeather, date: string) {
  const workday = weekday >= 1 && weekday <= 5 && !holiday;
  // Fewer trips in the January lull; a cold battery takes more.
  const lull = date.slice(5, 7) === '01' ? 0.55 : 1;
  const cold = 1 + 0.03 * Math.max(0, 12 - weather.meanC);
  const arrivals: { at: number; kwh: number; kw: number }[] = [];
  const add = (n: number, from: number, spread: number, k: number) => {
    for (let i = 0; i < n; i++) {
      arrivals.push({
        at: from + spread * demoUnit(day, k, i),
        kwh: (9 + 20 * demoUnit(day, k + 1, i)) * cold,
        kw: CAR_KW[Math.floor(demoUnit(day, k + 2, i) * CAR_KW.length)] ?? 7.2,
      });
    }
  };
  if (workday) {
    add(Math.floor((1 + 3 * demoUnit(day, 20)) * lull), 7.75, 1.75, 30);
    add(Math.floor(2.2 * demoUnit(day, 21) * lull), 12.5, 4, 40);
    add(Math.floor(2 * demoUnit(day, 22)), 17, 1.5, 50);
  } else if (demoUnit(day, 23) < 0.3) add(1, 10, 6, 60);
  arrivals.sort((a, b) => a.at - b.at);
  const free = [0, 0];
  const sessions: Session[] = [];
  for (const a of arrivals) {
    const box = (free[0] ?? 0) <= (free[1] ?? 0) ? 0 : 1;
    const start = Math.max(a.at, free[box] ?? 0);
    const end = Math.min(24, start + a.kwh / a.kw);
    free[box] = end;
    sessions.push({ start, end, kw: a.kw });
  }
  return sessions;
}

const sessionsByDay = new Map<number, Session[]>();
function evChargers(m: Moment): number {
  let sessions = sessionsByDay.get(m.day);
  if (!sessions) {
    sessions = evSessions(m.day, m.weekday, m.holiday, m.weather, m.date);
    sessionsByDay.set(m.day, sessions);
  }
  let kwh = 0;
  for (const s of sessions) {
    const overlap = Math.min(s.end, m.hour + 0.25) - Math.max(s.start, m.hour - 0.25);
    // The last quarter of a charge tapers to half power.
    const tapering = m.hour > s.end - (s.end - s.start) / 4 ? 0.5 : 1;
    if (overlap > 0) kwh += s.kw * overlap * tapering;
  }
  return 0.08 + kwh / 0.5;
}

export const SMART_METER_MODELS = {
  'Civic Library Smart meter': { solarKwp: 8, demand: library },
  'Southern Depot Smart meter': { solarKwp: 0, demand: depot },
  'Head Office EV chargers': { solarKwp: 0, demand: evChargers },
} as const;
export type DemoSmartMeterName = keyof typeof SMART_METER_MODELS;

export interface DemoMeterDay {
  /** Average kW drawn from the grid in each standard-time half hour (index 0 is 00:00-00:30 standard time). */
  importKw: number[];
  /** Average kW the rooftop solar sends to the grid. */
  exportKw: number[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const days = new Map<string, DemoMeterDay>();

/** A meter's standard-time day (the clock the half-hour data is stored on), from its model. */
export function demoMeterDay(name: DemoSmartMeterName, date: string): DemoMeterDay {
  const cacheKey = `${name}|${date}`;
  const cached = days.get(cacheKey);
  if (cached) return cached;
  const meter = SMART_METER_MODELS[name];
  const key = demoKey(name);
  const midnight =
    Date.parse(`${date}T00:00:00Z`) - standardOffsetMinutes(ZONE, Number(date.slice(0, 4))) * 60_000;
  const standard = standardOffsetMinutes(ZONE, Number(date.slice(0, 4)));
  const daylightAt = (ms: number) => (offsetMinutes(ZONE, new Date(ms)) - standard) / 60;
  const first = daylightAt(midnight);
  const uniform = first === daylightAt(midnight + 23.75 * HOUR_MS);
  const importKw: number[] = [];
  const exportKw: number[] = [];
  for (let slot = 0; slot < HALF_HOURS_PER_DAY; slot++) {
    const shift = uniform ? first : daylightAt(midnight + (slot + 0.5) * 0.5 * HOUR_MS);
    let hour = slot / 2 + 0.25 + shift;
    let local = date;
    if (hour >= 24) {
      hour -= 24;
      local = fromDayNumber(toDayNumber(date) + 1);
    }
    const weather = demoWeather(local);
    const day = toDayNumber(local) ^ key;
    const moment: Moment = {
      date: local,
      hour,
      weekday: weekdayOf(local),
      holiday: isDemoHoliday(local),
      weather,
      tempC: temperatureAt(weather, hour),
      dark: hour < weather.sunrise || hour > weather.sunset,
      day,
      slot: day * 64 + slot,
    };
    const load = meter.demand(moment);
    const solar = meter.solarKwp * 0.85 * sunAt(weather, local, hour, key);
    importKw.push(round2(Math.max(0, load - solar)));
    exportKw.push(round2(Math.max(0, solar - load)));
  }
  const result = { importKw, exportKw };
  days.set(cacheKey, result);
  return result;
}

/** kWh of each half hour, as stored: half the average kW, to the watt-hour. */
export const halfHourKwh = (kw: readonly number[]) => kw.map((v) => Math.round(v * 0.5 * 1000) / 1000);

/** kWh drawn from the grid over a month (its invoices before the half-hour data), to 0.1 kWh. */
export function demoMonthKwh(name: DemoSmartMeterName, month: string): number {
  let total = 0;
  for (let d = 0; d < daysInMonth(month); d++) {
    for (const v of halfHourKwh(demoMeterDay(name, fromDayNumber(toDayNumber(month) + d)).importKw))
      total += v;
  }
  return Math.round(total * 10) / 10;
}

/** kW drawn at an instant (the sample files' 15 and 30 minute intervals): its half hour's average. */
export function demoDemandKw(name: DemoSmartMeterName, utcMs: number): number {
  const standard = utcMs + standardOffsetMinutes(ZONE, new Date(utcMs).getUTCFullYear()) * 60_000;
  const at = new Date(standard);
  const slot = at.getUTCHours() * 2 + Math.floor(at.getUTCMinutes() / 30);
  return demoMeterDay(name, at.toISOString().slice(0, 10)).importKw[slot] ?? 0;
}
