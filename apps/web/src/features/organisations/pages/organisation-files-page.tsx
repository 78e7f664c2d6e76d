import { Text } from '@mantine/core';
import { FilesPanel } from '../../../components/files-panel';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /organisation/files: documents and images of the current organisation. */
export function OrganisationFilesPage() {
  useDocumentTitle('Organisation Files');
  const organisation = useSession()?.organisation ?? null;
  return (
    <>
      <PageHeader
        title="Files"
        description={organisation ? `Documents and images of ${organisation.name}.` : undefined}
      />
      {organisation ? (
        <FilesPanel key={organisation.id} ownerType="organisation" ownerId={organisation.id} />
      ) : (
        <Text c="dimmed">Choose an organisation first.</Text>
      )}
    </>
  );
}
