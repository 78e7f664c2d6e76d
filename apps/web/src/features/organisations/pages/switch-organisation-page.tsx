import { Alert, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { OrgListItem } from '@verdant/contracts/current-user';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useOrganisationId } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAvailableOrgs, useSwitchOrganisation } from '../api';
import { OrganisationList } from '../components/organisation-list';

export function SwitchOrganisationPage() {
  useDocumentTitle('Switch Organisation');
  const navigate = useNavigate();
  const currentId = useOrganisationId();
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
      <PageHeader title="Switch Organisation" description="Choose the organisation to work in." />
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
