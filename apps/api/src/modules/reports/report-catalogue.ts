import { benchmarkReport } from './definitions/benchmark.report';
import { commissioningReport } from './definitions/commissioning.report';
import { complimentaryReport } from './definitions/complimentary.report';
import { fleetSummaryReport } from './definitions/fleet-summary.report';
import { ghgInventoryReport } from './definitions/ghg-inventory.report';
import { invoiceRegisterReport } from './definitions/invoice-register.report';
import { meterDataReport } from './definitions/meter-data.report';
import { monthlySummaryReport } from './definitions/monthly-summary.report';
import { siteLeagueReport } from './definitions/site-league.report';
import { targetPerformanceReport } from './definitions/target-performance.report';
import type { ReportDefinition } from './report-definition';

/**
 * The catalogue of reports (docs/decisions/reports.md, Adding a report): one module per report under
 * `definitions/`, listed here once. Ids are stable: favourites and emailed reports name them.
 */
export const REPORTS: readonly ReportDefinition[] = [
  monthlySummaryReport,
  ghgInventoryReport,
  meterDataReport,
  siteLeagueReport,
  invoiceRegisterReport,
  benchmarkReport,
  commissioningReport,
  targetPerformanceReport,
  fleetSummaryReport,
  complimentaryReport,
];

export const reportById = (id: number) => REPORTS.find((r) => r.id === id);
