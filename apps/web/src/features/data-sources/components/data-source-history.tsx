import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { AuditHistory } from '../../../components/audit-history';

/** /data-sources/{id}/history: the audit rows written on this meter (administrators). */
export function DataSourceHistory({ meter }: { meter: MeterDetail }) {
  return <AuditHistory organisationId={meter.organisationId} asset={{ type: 'meter', id: meter.id }} />;
}
