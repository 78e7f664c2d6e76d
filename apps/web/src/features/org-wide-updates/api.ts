import { useMutation } from '@tanstack/react-query';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import { dataSourcesOperations } from '@verdant/contracts/data-sources';
import {
  type ConsumptionAlertDefault,
  orgWideUpdatesOperations as ops,
  type TariffAlertDefault,
} from '@verdant/contracts/org-wide-updates';
import { call, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

export const useRetailers = () => useOperation(catalogueOperations.retailers, {});

export const useIdentifierLabels = (orgId: number | null) =>
  useOperation(dataSourcesOperations.identifierLabels, orgId === null ? null : { params: { id: orgId } });

export type OrgWideCall =
  | { kind: 'consumption'; body: ConsumptionAlertDefault; override: boolean }
  | { kind: 'tariff'; body: TariffAlertDefault }
  | { kind: 'identifiers'; labelId: number }
  | { kind: 'retailers'; from: number; to: number };

/** One mutation for the four org-wide updates (data-portal spec 7). */
export function useOrgWideUpdate() {
  const orgId = useOrganisationId() ?? 0;
  return useMutation({
    mutationFn: (update: OrgWideCall) => {
      switch (update.kind) {
        case 'consumption':
          return call(ops.consumptionAlerts, {
            params: { id: orgId },
            query: { override: update.override ? 'true' : undefined },
            body: update.body,
          });
        case 'tariff':
          return call(ops.tariffAlerts, { params: { id: orgId }, body: update.body });
        case 'identifiers':
          return call(ops.identifiers, { params: { id: orgId, labelId: update.labelId } });
        case 'retailers':
          return call(ops.retailers, { params: { id: orgId, from: update.from, to: update.to } });
      }
    },
  });
}
