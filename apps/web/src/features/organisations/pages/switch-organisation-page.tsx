import { Alert, Button, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingPlus, IconSearch } from '@tabler/icons-react';
import type { OrgListItem } from '@verdant/contracts/current-user';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useOrganisationId, useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAvailableOrgs, useSwitchOrganisation } from '../api';
import { AddOrganisationModal } from '../components/add-organisation-modal';
import { OrganisationList } from '../components/organisation-list';

export function SwitchOrganisationPage() {
  useDocumentTitle('Switch Organisation');
  const navigate = useNavigate();
  const currentId = useOrganisationId();
  const productAdmin = useSession()?.user.productAdmin === true;
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const orgs = useAvailableOrgs(q);
  const switchOrganisation = useSwitchOrganisation();
  const switchingId = switchOrganisation.isPending ? (switchOrganisation.variables ?? null) : null;

  const choose = (org: OrgListItem) =>
    switchOrganisation.mutate(org.id, {
      onSuccess: () => navigate('/dashboard'),
      onError: (error) => {
        if (!isSilentError(error)) showErrorBanner(MSG.switchFailed);
      },
    });

  const showError = orgs.isError && !isSilentError(orgs.error);
  // An ignored (stale) answer is not an empty list: keep showing that the lists are on their way.
  const loading = orgs.isPending || (orgs.isError && !showError);

  return (
    <>
      <PageHeader
        title="Switch Organisation"
        description="Choose the organisation to work in."
        right={
          productAdmin && (
            <Button leftSection={<IconBuildingPlus size={16} />} onClick={() => setAdding(true)}>
              Add Organisation
            </Button>
          )
        }
      />
      <AddOrganisationModal opened={adding} onClose={() => setAdding(false)} />
      <TextInput
        label="Search organisations"
        placeholder="Type part of a name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={480}
        mb="lg"
        autoFocus
      />
      {productAdmin && !q && orgs.data?.recent.length === 0 && orgs.data.results.length === 0 && (
        <Alert color="verdant" variant="light" mb="lg" title="There are no organisations yet">
          Add the first with Add Organisation: you will be switched to it, to give it its sites, data sources
          and people.
        </Alert>
      )}
      {showError && (
        <Alert color="red" variant="light" mb="lg" role="alert">
          {errorMessage(orgs.error)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <OrganisationList
          title="Recent"
          items={orgs.data?.recent}
          loading={loading}
          currentId={currentId}
          switchingId={switchingId}
          onChoose={choose}
        />
        <OrganisationList
          title="Results"
          items={orgs.data?.results}
          loading={loading}
          currentId={currentId}
          switchingId={switchingId}
          onChoose={choose}
        />
      </SimpleGrid>
    </>
  );
}
