import { Paper, Text } from '@mantine/core';
import { AuditHistory } from '../../../components/audit-history';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /organisation/history: every change in the organisation, for its administrators. */
export function OrganisationHistoryPage() {
  useDocumentTitle('History');
  const session = useSession();
  const organisationId = session?.organisation?.id ?? null;
  return (
    <>
      <PageHeader title="History" description="Who changed what, when, and from what" />
      <Paper p="md" withBorder>
        {organisationId === null ? (
          <Text>Choose an organisation first.</Text>
        ) : (
          <AuditHistory organisationId={organisationId} />
        )}
      </Paper>
    </>
  );
}
