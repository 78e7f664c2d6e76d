import type { DbOrTx } from '@verdant/db/client';
import { addMonths, monthOf } from '@verdant/domain/calendar';
import { todayIn } from '@verdant/domain/time-zone';
import { sql } from 'drizzle-orm';
import { forbidden } from './errors';
import type { OrganisationSettings } from './rights';

/**
 * The organisation a request (or a job) works in, with its dates decided once, in its own time zone
 * (docs/domain.md, "Time zones"): every service reads "today" and "last month" from here and never from UTC.
 */
export interface OrganisationContext extends OrganisationSettings {
  /** The instant the dates were decided at. */
  now: Date;
  /** 'yyyy-MM-dd' in the organisation's zone. */
  today: string;
  /** 'yyyy-MM-01': the month today is in (not complete yet). */
  currentMonth: string;
  /** 'yyyy-MM-01': the month before, the last complete one. */
  lastCompleteMonth: string;
}

export function organisationContext(settings: OrganisationSettings, now: Date): OrganisationContext {
  const today = todayIn(settings.timeZone, now);
  const currentMonth = monthOf(today);
  return { ...settings, now, today, currentMonth, lastCompleteMonth: addMonths(currentMonth, -1) };
}

/** The organisation the caller's access rule was checked in; a route without one has none to give. */
export function orgOf(caller: { org: OrganisationContext | null }): OrganisationContext {
  if (!caller.org) throw forbidden();
  return caller.org;
}

/** For work outside a request (jobs, imports, scripts): the organisation's context read from the database. */
export async function loadOrganisationContext(
  db: DbOrTx,
  organisationId: number,
  now: Date,
): Promise<OrganisationContext> {
  const rows = await db.execute<{
    time_zone: string;
    reporting_year_end: number;
    factor_source_id: number | null;
    own_factors: boolean;
  }>(sql`
    select time_zone, reporting_year_end, emission_factor_data_source_id as factor_source_id, own_factors
    from organisations where id = ${organisationId}`);
  const r = rows.rows[0];
  if (!r) throw new Error(`organisation ${organisationId} does not exist`);
  return organisationContext(
    {
      id: organisationId,
      timeZone: r.time_zone,
      reportingYearEnd: r.reporting_year_end,
      factorSourceId: r.factor_source_id,
      ownFactors: r.own_factors,
    },
    now,
  );
}
