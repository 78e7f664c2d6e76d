import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type EditionPolicyRequest,
  catalogueRestatementsOperations as ops,
  type RestatementSettingsRequest,
} from '@verdant/contracts/catalogue-restatements';
import { organisationsOperations } from '@verdant/contracts/organisations';
import { toolsOperations } from '@verdant/contracts/tools';
import { call, invalidate, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

/** Which factor editions the organisation uses, its restatements and its own factor set (GHG Reporting Settings). */
const onOrganisation = (id: number | null) => (id === null ? null : { params: { id } });

export const useEditionPolicy = (enabled: boolean) =>
  useOperation(ops.editionPolicy, onOrganisation(useOrganisationId()), { enabled, retry: false });
export const useOrganisationRestatements = (enabled: boolean) =>
  useOperation(ops.organisationRestatements, onOrganisation(useOrganisationId()), { enabled, retry: false });

function useOrganisationChange<I, A>(fn: (id: number, input: I) => Promise<A>) {
  const id = useOrganisationId() ?? 0;
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => fn(id, input),
    onSuccess: () => invalidate(client, ops, toolsOperations, organisationsOperations),
  });
}

export const useSaveRestatementSettings = () =>
  useOrganisationChange((id, body: RestatementSettingsRequest) =>
    call(ops.restatementSettings, { params: { id }, body }),
  );
export const useProposePolicy = () =>
  useOrganisationChange((id, body: EditionPolicyRequest) =>
    call(ops.proposeEditionPolicy, { params: { id }, body }),
  );
export const useConfirmPolicy = () =>
  useOrganisationChange((id, { restatementId, type }: { restatementId: number; type: 1 | 2 }) =>
    call(ops.confirmOrganisationRestatement, { params: { id, restatementId }, body: { type } }),
  );
export const useAugmentFactors = () =>
  useOrganisationChange((id, name: string) => call(ops.augmentFactors, { params: { id }, body: { name } }));
