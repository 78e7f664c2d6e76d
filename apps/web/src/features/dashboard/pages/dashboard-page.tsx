import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOrgSummary } from '../../current-user/api';

const PANELS: Record<string, string> = {
  '/dashboard': 'The dashboard figures arrive with the energy ledger.',
  '/dashboard/favourite-reports': 'This screen is not built yet.',
  '/dashboard/favourite-graphs': 'This screen is not built yet.',
};

/** One page for the three dashboard tabs; the shell draws the tabs themselves. */
export function DashboardPage() {
  const { pathname } = useLocation();
  const summary = useOrgSummary();
  const sessionOrganisation = useSession()?.organisation;
  const organisationName = summary.data?.name ?? sessionOrganisation?.name ?? '';
  const title = organisationName ? `${organisationName} - Dashboard` : 'Dashboard';
  useDocumentTitle(title, true);

  return (
    <>
      <PageHeader title={title} />
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} maw={720}>
        {PANELS[pathname.replace(/\/+$/, '')] ?? PANELS['/dashboard']}
      </Alert>
    </>
  );
}
