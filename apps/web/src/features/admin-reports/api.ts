import { useQuery } from '@tanstack/react-query';
import { estimatedReadsReport } from '@verdant/contracts/admin-reports';
import { energyTypeList } from '@verdant/contracts/catalogue';
import { retailerList } from '@verdant/contracts/meter-creation';
import { api } from '../../lib/api-client';
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

export function useEnergyTypes() {
  return useQuery({
    queryKey: ['lookups', 'energy-types'],
    queryFn: ({ signal }) => api.get('/lookups/energy-types', { schema: energyTypeList, signal }),
  });
}

export function useRetailers() {
  return useQuery({
    queryKey: ['lookups', 'retailers'],
    queryFn: ({ signal }) => api.get('/lookups/retailers', { schema: retailerList, signal }),
  });
}
