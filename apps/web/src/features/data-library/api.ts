import { catalogueOperations } from '@verdant/contracts/catalogue';
import { currentUserOperations } from '@verdant/contracts/current-user';
import { ANY, dataLibraryOperations as ops } from '@verdant/contracts/data-library';
import { useOperation } from '../../lib/operations';

/** The five filters as the form holds them: '' is left open (Any, Whole Year). */
export interface LibraryForm {
  retailer: string;
  org: string;
  account: string;
  year: string;
  month: string;
}

/** The filters chosen: the spec asks for at least three of the five (data-portal.md 9). */
export const chosenCount = (f: LibraryForm) =>
  [f.retailer, f.org, f.account.trim(), f.year, f.month].filter((v) => v !== '').length;

const segment = (v: string) => (v.trim() === '' ? ANY : v.trim());

/** A search sent (null until one is asked for). */
export function useLibrarySearch(form: LibraryForm | null) {
  return useOperation(
    ops.search,
    form && {
      params: {
        retailer: segment(form.retailer),
        org: segment(form.org),
        account: segment(form.account),
        year: segment(form.year),
        month: segment(form.month),
      },
    },
    { retry: false },
  );
}

export const useRetailers = () => useOperation(catalogueOperations.retailers, {}, { staleTime: 300_000 });

/** Organisations a product administrator may search (the recent and the others the switcher offers). */
export const useOrganisations = (enabled: boolean) =>
  useOperation(currentUserOperations.availableOrgs, {}, { enabled, staleTime: 300_000 });
