import { useQuery } from '@tanstack/react-query';
import { estimatedReadsReport } from '@verdant/contracts/admin-reports';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import { api } from '../../lib/api-client';
import { useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

/** Estimated Reads (GET /organisations/{id}/estimated-reads-report). */
export function useEstimatedReads() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: ['organisation', orgId, 'estimated-reads-report'],
    queryFn: ({ signal }) =>
      api.get(`/organisations/${orgId}/estimated-reads-report`, { schema: estimatedReadsReport, signal }),
    enabled: orgId !== null,
  });
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
