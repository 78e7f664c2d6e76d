import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { DATA_LIBRARY_MAX_FILES, DATA_LIBRARY_MIN_FILTERS } from '@verdant/domain/constants';
import { LIB } from '@verdant/domain/library-messages';
import { fill } from '@verdant/domain/messages';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-errors';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { chosenCount, type LibraryForm, useLibrarySearch, useOrganisations, useRetailers } from '../api';
import { LibraryFilters } from '../components/library-filters';
import { LibraryTable } from '../components/library-table';

/**
 * The Data Library (/data-library): the invoice files stored with invoices (uploaded, linked or kept from an
 * emailed invoice), found by retailer, organisation, year, month and account number.
 */
export function DataLibraryPage() {
  useDocumentTitle('Data Library');
  const session = useSession();
  const productAdmin = session?.user?.productAdmin === true;
  const current = session?.organisation ?? null;
  const [form, setForm] = useState<LibraryForm>({
    retailer: '',
    org: current ? String(current.id) : '',
    account: '',
    year: String(new Date().getFullYear()),
    month: '',
  });
  const [asked, setAsked] = useState<LibraryForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const retailers = useRetailers();
  const orgs = useOrganisations(productAdmin);
  const result = useLibrarySearch(asked);

  const organisations = useMemo(() => {
    const list = new Map<number, string>();
    if (current) list.set(current.id, current.name);
    for (const o of [...(orgs.data?.recent ?? []), ...(orgs.data?.results ?? [])]) list.set(o.id, o.name);
    return [...list].map(([id, name]) => ({ value: String(id), label: name }));
  }, [current, orgs.data]);
  const retailerOptions = (retailers.data ?? []).map((r) => ({
    value: String(r.retailerId),
    label: r.retailerDescr,
  }));

  const search = () => {
    if (chosenCount(form) < DATA_LIBRARY_MIN_FILTERS) {
      setError(LIB.libraryFilters);
      return;
    }
    setError(null);
    setAsked({ ...form });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Data Library"
        description="Invoice files kept with their invoices: the original bills and their raw data files. Choose at least three filters."
      />
      <LibraryFilters
        form={form}
        onChange={setForm}
        onSearch={search}
        retailers={retailerOptions}
        organisations={organisations}
        fixedOrganisation={!productAdmin}
        error={error}
      />
      {asked && result.isPending && (
        <Center h={120}>
          <Loader aria-label="Searching the Data Library" />
        </Center>
      )}
      {asked && result.isError && <Alert color="red">{errorMessage(result.error)}</Alert>}
      {asked && result.data && result.data.files.length === 0 && (
        <Text c="dimmed" role="status">
          {LIB.libraryEmpty}
        </Text>
      )}
      {asked && result.data && result.data.files.length > 0 && (
        <Stack gap="xs">
          <Text fz="sm" role="status">
            {result.data.files.length === 1 ? '1 file' : `${result.data.files.length} files`} found
          </Text>
          {result.data.more && (
            <Alert color="yellow">{fill(LIB.libraryMore, { max: DATA_LIBRARY_MAX_FILES })}</Alert>
          )}
          <LibraryTable
            files={result.data.files}
            sessionOrganisationId={current?.id ?? null}
            showOrganisation={productAdmin}
          />
        </Stack>
      )}
    </Stack>
  );
}
