import { adminReportsOperations } from '@verdant/contracts/admin-reports';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import { useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

/** Estimated Reads (GET /organisations/{id}/estimated-reads-report). */
export function useEstimatedReads() {
  const orgId = useOrganisationId();
  return useOperation(
    adminReportsOperations.estimatedReads,
    orgId === null ? null : { params: { id: orgId } },
  );
}

/** The data types the organisation's data sources measure (GET /organisations/{id}/energies-measured). */
export function useEnergiesMeasured() {
  const orgId = useOrganisationId();
  return useOperation(
    catalogueOperations.energiesMeasured,
    orgId === null ? null : { params: { id: orgId } },
  );
}

export const useRetailers = () => useOperation(catalogueOperations.retailers, {});
