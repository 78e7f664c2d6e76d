import { Button, Center, Loader, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { MSG } from '@verdant/domain/messages';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-errors';
import { useMayEditOrganisation } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShowNew } from '../../../lib/use-show-new';
import { useLoadingJobs } from '../api';
import { LoadsTable } from '../components/loads-table';
import { UploadDialog } from '../components/upload-dialog';

/** /loading: the organisation's data loads with their status, counts and errors; `?show=new` opens Upload data. */
export function LoadingPage() {
  useDocumentTitle('Load Jobs');
  const mayEdit = useMayEditOrganisation();
  const jobs = useLoadingJobs(mayEdit === true);
  const [showNew, setShowNew] = useShowNew();
  return (
    <>
      <PageHeader
        title="Load Jobs"
        description="Meter data, invoices and consumption records loaded from files, newest first."
      />
      {mayEdit && (
        <PageActions>
          <Button size="compact-sm" leftSection={<IconUpload size={16} />} onClick={() => setShowNew(true)}>
            Upload data
          </Button>
        </PageActions>
      )}
      {mayEdit === false ? (
        <Text c="dimmed">{MSG.loadingNeedsEdit}</Text>
      ) : jobs.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : jobs.isError ? (
        <Text c="red">{errorMessage(jobs.error)}</Text>
      ) : (
        <LoadsTable jobs={jobs.data.jobs} />
      )}
      <UploadDialog opened={showNew && mayEdit === true} onClose={() => setShowNew(false)} />
    </>
  );
}
