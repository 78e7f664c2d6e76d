import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cardNameCheck,
  fleetList,
  fleetLookupList,
  type NewVehiclesRequest,
  newCardAnswer,
  newVehiclesAnswer,
  vehicleLookup,
} from '@verdant/contracts/fleet';
import { api } from '../../lib/api-client';
import { useOrganisationId } from '../../lib/session-store';

export const fleetKeys = { list: (orgId: number | null) => ['fleet', orgId] as const };

/** The whole fleet (organisations keep tens of vehicles, not thousands): sorted and filtered here. */
export function useFleet(memberOf: string) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: [...fleetKeys.list(orgId), memberOf],
    queryFn: ({ signal }) =>
      api.get(`/organisations/${orgId}/fleet?memberOf=${memberOf}`, { schema: fleetList, signal }),
    enabled: orgId !== null,
  });
}

export function useFleetLookup(list: 'vehicle-fuels' | 'transmissions' | 'body-shapes') {
  return useQuery({
    queryKey: ['lookups', list],
    queryFn: ({ signal }) => api.get(`/lookups/${list}`, { schema: fleetLookupList, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const lookupRegistration = (registration: string, purchaseDate: string | null) =>
  api.get(
    `/vehicles/lookup/${encodeURIComponent(registration)}${purchaseDate ? `?purchaseDate=${purchaseDate}` : ''}`,
    { schema: vehicleLookup },
  );

export function useCreateVehicles() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, body }: { siteId: number; body: NewVehiclesRequest }) =>
      api.post(`/sites/${siteId}/new-vehicles`, { body, schema: newVehiclesAnswer }),
    onSuccess: () => void client.invalidateQueries({ queryKey: fleetKeys.list(orgId) }),
  });
}

export const checkCardName = (orgId: number, name: string) =>
  api.get(`/organisations/${orgId}/card-meter-name-check?name=${encodeURIComponent(name)}`, {
    schema: cardNameCheck,
  });

export function useCreateCard() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; siteId: number | null }) =>
      api.post(`/organisations/${orgId}/new-card-meters`, { body, schema: newCardAnswer }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['data-sources'] }),
  });
}

export function exportFleet(
  orgId: number,
  kind: 'fleet-data-export' | 'fleet-transaction-export',
  body: object,
) {
  return api.post(`/organisations/${orgId}/${kind}`, { body, blob: true }) as Promise<Blob>;
}
