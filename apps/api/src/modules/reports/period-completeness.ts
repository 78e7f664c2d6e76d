import type { DbOrTx } from '@verdant/db/client';
import { sumFacts } from '@verdant/db/ledger/read-model';
import type { PeriodCompleteness } from '@verdant/domain/reports/hold';
import { type DateRange, monthsOf } from '@verdant/domain/reports/periods';
import type { OrganisationContext } from '../../lib/organisation-context';
import { expectedDays } from './provenance';
import type { AssetMeter } from './report-assets.queries';

/**
 * How complete a period's data is for the completeness hold (docs/decisions/reports.md, Completeness hold):
 * the same days with data of days open the provenance page prints, for the least complete measure the asset's
 * meters count in (a period whose cost is missing is not complete because its consumption is there).
 */
export async function periodCompleteness(
  db: DbOrTx,
  org: OrganisationContext,
  meterIds: number[] | null,
  meters: AssetMeter[],
  period: DateRange,
): Promise<PeriodCompleteness> {
  const months = monthsOf(period);
  const [t] = await sumFacts(db, {
    organisationId: org.id,
    from: months[0] ?? period.start,
    till: months.at(-1) ?? period.start,
    visible: meterIds,
    by: [],
  });
  const expected = expectedDays(meters, months, org.today);
  const measures = [
    { covered: t?.cons_days_covered ?? 0, open: expected.cons },
    { covered: t?.cost_days_costed ?? 0, open: expected.cost },
    { covered: t?.co2e_days_factored ?? 0, open: expected.co2e },
  ].filter((m) => m.open > 0);
  const facts = t?.facts ?? 0;
  if (measures.length === 0) return { daysOpen: 0, daysCovered: 0, facts };
  const least = measures.reduce((a, b) =>
    Math.min(b.covered, b.open) / b.open < Math.min(a.covered, a.open) / a.open ? b : a,
  );
  return { daysOpen: least.open, daysCovered: Math.min(least.covered, least.open), facts };
}
