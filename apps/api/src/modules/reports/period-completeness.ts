import type { DbOrTx } from '@verdant/db/client';
import { sumFacts } from '@verdant/db/ledger/read-model';
import type { PeriodCompleteness } from '@verdant/domain/reports/hold';
import { type DateRange, monthsOf } from '@verdant/domain/reports/periods';
import type { OrganisationContext } from '../../lib/organisation-context';
import { expectedDays } from './provenance';
import type { AssetMeter } from './report-assets.queries';

/**
 * How complete a period's data is for the completeness hold (docs/decisions/reports.md, Completeness hold):
 * the days with consumption of the days the asset's consumption meters were open, as the provenance page
 * prints them; for an asset without consumption meters (cost only), the days with cost. Missing emission
 * factors do not hold a send: waiting would not bring them, and the provenance page names them.
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
  const facts = t?.facts ?? 0;
  const [covered, open] =
    expected.cons > 0
      ? [t?.cons_days_covered ?? 0, expected.cons]
      : [t?.cost_days_costed ?? 0, expected.cost];
  return { daysOpen: open, daysCovered: Math.min(covered, open), facts };
}
