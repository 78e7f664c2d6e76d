import { arithmetic } from './arithmetic';
import { baseLoad } from './base-load';
import { consecutiveEstimates } from './consecutive-estimates';
import { consumptionLastYear } from './consumption-last-year';
import { contractedRateAudit } from './contracted-rate';
import { costPerDay } from './cost-per-day';
import { dueDate } from './due-date';
import { duplicateCost } from './duplicate-cost';
import { duplicateNumber } from './duplicate-number';
import { gapBefore } from './gap-before';
import { gstAudit } from './gst';
import { halfHourReconciliation } from './half-hour-reconciliation';
import { negativeConsumption } from './negative-consumption';
import { nilConsumption } from './nil-consumption';
import { overlappingPeriod } from './overlapping-period';
import { periodLength } from './period-length';
import type { Audit, AuditCode, AuditContext, AuditFinding } from './types';
import { unitRateAudit } from './unit-rate';
import { usePerDay } from './use-per-day';
import { virtualInvoiceAudit } from './virtual-invoice';

export { type HalfHourReconciliation, reconcileHalfHour } from './half-hour-reconciliation';
export * from './types';

/** Every audit, in the order their alerts are listed. */
export const AUDITS: readonly Audit[] = [
  arithmetic,
  gstAudit,
  dueDate,
  duplicateNumber,
  duplicateCost,
  overlappingPeriod,
  gapBefore,
  periodLength,
  negativeConsumption,
  consumptionLastYear,
  usePerDay,
  costPerDay,
  unitRateAudit,
  contractedRateAudit,
  virtualInvoiceAudit,
  baseLoad,
  halfHourReconciliation,
  consecutiveEstimates,
  nilConsumption,
];

export const auditByCode = (code: AuditCode) => AUDITS.find((a) => a.code === code);

/** Runs every audit on one invoice; the findings in AUDITS order. */
export function runAudits(ctx: AuditContext): AuditFinding[] {
  const findings: AuditFinding[] = [];
  for (const audit of AUDITS) {
    const finding = audit.run(ctx);
    if (finding) findings.push(finding);
  }
  return findings;
}
