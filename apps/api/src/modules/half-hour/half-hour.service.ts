import type { HalfHourAvailability, HalfHourMonth, HalfHourRegister } from '@verdant/contracts/half-hour';
import type { Db } from '@verdant/db/client';
import { addMonths, fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { localMonth } from '@verdant/domain/half-hour/local-time';
import { averageDay, monthStats } from '@verdant/domain/half-hour/statistics';
import { fill, MSG } from '@verdant/domain/messages';
import { badRequest, notFound } from '../../lib/errors';
import { inputMeter } from '../../lib/meter-inputs.queries';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import * as q from './half-hour.queries';

/** A register by the channel its files named (E1, B1, an EIEP stream), else by its number. */
const labelled = ({ name, ...r }: q.RegisterRow): HalfHourRegister => ({
  ...r,
  label: name ?? (r.register === 0 ? 'Unspecified' : `Register ${r.register}`),
});

/** Stored as real (float4): seven significant digits are all it holds. */
const real = (v: number | null) => (v === null ? null : Number(v.toPrecision(7)));

/** The HH Data tab (types 1, 5 and 6): which months each register has, and one month on the local clock. */
export function createHalfHourService({ db }: { db: Db }) {
  async function scope(a: Caller, meterId: number) {
    const organisationId = orgOf(a).id;
    const meter = await inputMeter(db, organisationId, meterId);
    if (!meter) throw notFound();
    return { organisationId, meter };
  }

  return {
    async availability(a: Caller, meterId: number): Promise<HalfHourAvailability> {
      // Read beside the meter (all by organisation), answered only once the meter is found: one round trip.
      const organisationId = orgOf(a).id;
      const [, registers, months] = await Promise.all([
        scope(a, meterId),
        q.registersOf(db, organisationId, meterId),
        q.monthsWithData(db, organisationId, meterId),
      ]);
      return {
        registers: registers.map((r) => {
          const years = new Map<number, number[]>();
          for (const m of months.filter((x) => x.register === r.register))
            years.set(m.year, [...(years.get(m.year) ?? []), m.month]);
          return { ...labelled(r), availability: [...years].map(([year, list]) => ({ year, months: list })) };
        }),
      };
    },

    async month(
      a: Caller,
      meterId: number,
      year: number,
      month: number,
      register?: number,
    ): Promise<HalfHourMonth> {
      // The registers are read beside the meter (both by organisation): one round trip fewer.
      const { id: organisationId, timeZone, today } = orgOf(a);
      const [{ meter }, registers] = await Promise.all([
        scope(a, meterId),
        q.registersOf(db, organisationId, meterId),
      ]);
      const chosen =
        register === undefined
          ? (registers.find((r) => r.direction === 'import' && r.quantity === 'kWh') ?? registers[0])
          : registers.find((r) => r.register === register);
      if (!chosen) {
        if (register === undefined) throw notFound(MSG.halfHourNone);
        throw badRequest(fill(MSG.halfHourRegisterUnknown, { register }));
      }
      const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
      const first = toDayNumber(`${key}-01`);
      const next = addMonths(`${key}-01`, 1);
      // Local days in daylight time begin on the standard day before.
      const stored = await q.storedDays(
        db,
        organisationId,
        meterId,
        chosen.register,
        fromDayNumber(first - 1),
        fromDayNumber(toDayNumber(next) - 1),
      );
      const { readings, days } = localMonth(stored, timeZone, key);
      // Half hours from today on that have no reading yet are not missing: they have not been read.
      let end = readings.length;
      while (end > 0 && readings[end - 1]?.quality === ' ' && (readings[end - 1]?.date ?? '') >= today) end--;
      const records = readings
        .slice(0, end)
        .map((r) => ({ ...r, kwh: real(r.kwh), kw: real(r.kw), pf: real(r.pf) }));
      const last = records.at(-1)?.date ?? '';
      return {
        register: labelled(chosen),
        month: key,
        timeZone,
        records,
        days: days.filter((d) => d.date <= last),
        stats: monthStats(records),
        weekdayAverage: averageDay(records, 'weekday'),
        weekendAverage: averageDay(records, 'weekend'),
        loadGroupKva: meter.loadGroup,
      };
    },
  };
}

export type HalfHourService = ReturnType<typeof createHalfHourService>;
