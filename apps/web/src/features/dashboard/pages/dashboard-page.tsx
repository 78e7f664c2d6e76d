import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { NoOrganisation } from '../../../components/no-organisation';
import { PageHeader } from '../../../components/page-header';
import { useOrgSummary } from '../../../lib/current-user';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FavouriteReports } from '../components/favourite-reports';
import { Overview } from '../components/overview';

// The Favourite Graphs tab loads with its own small chunk, so the Overview carries none of it.
const FavouriteGraphs = lazy(async () => ({
  default: (await import('../components/favourite-graphs')).FavouriteGraphs,
}));

/** One page for the three dashboard tabs; the shell draws the tabs themselves. */
export function DashboardPage() {
  const { pathname } = useLocation();
  const summary = useOrgSummary();
  const session = useSession();
  const sessionOrganisation = session?.organisation;
  const organisationName = summary.data?.name ?? sessionOrganisation?.name ?? '';
  const title = organisationName ? `${organisationName} - Dashboard` : 'Dashboard';
  useDocumentTitle(title, true);
  const tab = pathname.replace(/\/+$/, '');

  return (
    <>
      <PageHeader title={title} />
      {session && !sessionOrganisation ? (
        <NoOrganisation />
      ) : tab === '/dashboard/favourite-reports' ? (
        <FavouriteReports />
      ) : tab === '/dashboard/favourite-graphs' ? (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading favourite graphs" />
            </Center>
          }
        >
          <FavouriteGraphs />
        </Suspense>
      ) : (
        <Overview />
      )}
    </>
  );
}
