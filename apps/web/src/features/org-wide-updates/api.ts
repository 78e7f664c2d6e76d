import { useMutation, useQuery } from '@tanstack/react-query';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import { organisationIdentifierLabels } from '@verdant/contracts/meters';
import {
  type ConsumptionAlertDefault,
  orgWideAnswer,
  type TariffAlertDefault,
} from '@verdant/contracts/org-wide-updates';
import { api } from '../../lib/api-client';
import { useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

export const useRetailers = () => useOperation(catalogueOperations.retailers, {});

export function useIdentifierLabels(orgId: number | null) {
  return useQuery({
    queryKey: ['organisation', orgId, 'meter-identifiers'],
    queryFn: ({ signal }) =>
      api.get(`/organisations/${orgId}/meter-identifiers`, { schema: organisationIdentifierLabels, signal }),
    enabled: orgId !== null,
  });
}

export type OrgWideCall =
  | { kind: 'consumption'; body: ConsumptionAlertDefault; override: boolean }
  | { kind: 'tariff'; body: TariffAlertDefault }
  | { kind: 'identifiers'; labelId: number }
  | { kind: 'retailers'; from: number; to: number };

/** One mutation for the four org-wide updates (data-portal spec 7). */
export function useOrgWideUpdate() {
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (call: OrgWideCall) => {
      const at = `/organisations/${orgId}`;
      const schema = orgWideAnswer;
      switch (call.kind) {
        case 'consumption':
          return api.post(`${at}/consumption-alert/set-default${call.override ? '?override=true' : ''}`, {
            body: call.body,
            schema,
          });
        case 'tariff':
          return api.post(`${at}/tariff-alert/set-default`, { body: call.body, schema });
        case 'identifiers':
          return api.post(`${at}/meter-identifiers/set-default/${call.labelId}`, { schema });
        case 'retailers':
          return api.post(`${at}/retailer/set-default/${call.from}/to/${call.to}`, { schema });
      }
    },
  });
}
