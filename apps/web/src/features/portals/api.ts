import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import { portalsOperations as ops } from '@verdant/contracts/portals';
import type { EntryReview } from '@verdant/contracts/portals/review';
import type { NewPortal, NewPortalQuantity, PortalUpdate } from '@verdant/contracts/portals/shapes';
import { sitesOperations } from '@verdant/contracts/sites';
import { call, invalidate, useOperation } from '../../lib/operations';

export const usePortals = () => useOperation(ops.list, {});
export const useOrgPrefix = () => useOperation(ops.orgPrefix, {}, { staleTime: Number.POSITIVE_INFINITY });
export const useUrlAvailable = (url: string | null) =>
  useOperation(ops.availabilityCheck, url ? { params: { url } } : null);
export const useEnergyTypes = () =>
  useOperation(catalogueOperations.energyTypes, {}, { staleTime: Number.POSITIVE_INFINITY });
export const useUnitsOf = (energyId: number | null) =>
  useOperation(catalogueOperations.unitsOfType, energyId ? { params: { id: energyId } } : null);
export const useSites = (organisationId: number | null) =>
  useOperation(
    sitesOperations.list,
    organisationId ? { params: { id: organisationId }, query: { limit: 500 } } : null,
  );
export const useEntries = (portalId: number | null) =>
  useOperation(ops.entries, portalId ? { params: { id: portalId } } : null);
export const useCustomPortals = (organisationId: number | null) =>
  useOperation(ops.customPortals, organisationId ? { params: { id: organisationId } } : null);

/** Every portal write refreshes the portals table's reads. */
function usePortalWrite<I>(fn: (input: I) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => invalidate(client, ops) });
}

export const useCreatePortal = () => usePortalWrite((body: NewPortal) => call(ops.create, { body }));
export const useUpdatePortal = () =>
  usePortalWrite(({ id, body }: { id: number; body: PortalUpdate }) =>
    call(ops.update, { params: { id }, body }),
  );
export const useAddQuantity = () =>
  usePortalWrite(({ id, body }: { id: number; body: NewPortalQuantity }) =>
    call(ops.addMeter, { params: { id }, body }),
  );
export const useRenameQuantity = () =>
  usePortalWrite(({ id, meterId, name }: { id: number; meterId: number; name: string }) =>
    call(ops.renameMeter, { params: { id, meterId }, body: { name } }),
  );
export const useRemoveQuantity = () =>
  usePortalWrite(({ id, meterId }: { id: number; meterId: number }) =>
    call(ops.deleteMeter, { params: { id, meterId } }),
  );
export const useLinkAction = () =>
  usePortalWrite(({ id, action }: { id: number; action: 'rotate' | 'revoke' }) =>
    call(action === 'rotate' ? ops.rotateLink : ops.revokeLink, { params: { id } }),
  );
export const useSetContacts = () =>
  usePortalWrite(({ id, contacts }: { id: number; contacts: string[] }) =>
    call(ops.contacts, { params: { id }, body: { contacts } }),
  );
export const useReview = () =>
  usePortalWrite(({ id, entryId, body }: { id: number; entryId: number; body: EntryReview }) =>
    call(ops.review, { params: { id, entryId }, body }),
  );
export const useAddCustomPortal = () =>
  usePortalWrite(({ id, name, link }: { id: number; name: string; link: string }) =>
    call(ops.addCustomPortal, { params: { id }, body: { name, link } }),
  );
