import { Button } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LogView } from '../components/log-view';
import { ParkedTable } from '../components/parked-table';

const DESCRIPTIONS: Record<string, string> = {
  '': 'Emailed invoices that could not be read or saved. Fix the template, map the account or create the data source, then re-run.',
  rejected:
    'What was refused: senders not allowed, messages without attachments, unreadable files, deleted emails.',
  accepted: 'Invoices and data files read from email and saved.',
};

/** /email-processing[/rejected|/accepted]: the queues and preprocess logs (data-portal.md 2.9); tabs from the area. */
export function EmailProcessingPage() {
  const tab = useParams().tab ?? '';
  const description = DESCRIPTIONS[tab];
  useDocumentTitle(description === undefined ? 'Page not found' : 'Email Processing');
  if (description === undefined) return <NotFoundPage />;
  return (
    <>
      <PageHeader
        title="Email Processing"
        description={description}
        right={
          <Button
            component={Link}
            to="/email-processing/templates"
            variant="light"
            leftSection={<IconTemplate size={16} />}
          >
            Retailer templates
          </Button>
        }
      />
      {tab === '' && <ParkedTable />}
      {tab === 'rejected' && <LogView key="rejected" log="rejected" />}
      {tab === 'accepted' && <LogView key="accepted" log="accepted" />}
    </>
  );
}
