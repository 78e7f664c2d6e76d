import type { DeletedAssetType } from '@verdant/contracts/deleted-assets';
import { DELETED_DATA_KEPT_MONTHS } from '@verdant/domain/constants';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DeletedAssetsTable } from '../components/deleted-assets-table';

/** Tab path segment -> what it lists; the area tabs themselves come from AREA_TABS['manage-deleted']. */
const TABS: Record<string, { type: DeletedAssetType; noun: string }> = {
  '': { type: 'sites', noun: 'sites' },
  'data-sources': { type: 'data-sources', noun: 'data sources' },
  vehicles: { type: 'vehicles', noun: 'vehicles' },
  entities: { type: 'entities', noun: 'entities' },
};

/** /manage-deleted[/data-sources|/vehicles|/entities]: archived assets the provider may restore or purge. */
export function ManageDeletedPage() {
  const tab = TABS[useParams().tab ?? ''];
  // The not-found page names itself; this page's own title would otherwise win (its effect runs last).
  useDocumentTitle(tab ? 'Deleted Assets' : 'Page not found');
  if (!tab) return <NotFoundPage />;
  return (
    <>
      <PageHeader
        title="Deleted Assets"
        description={`Deleted assets are kept for ${DELETED_DATA_KEPT_MONTHS} months, then purged permanently.`}
      />
      <DeletedAssetsTable key={tab.type} type={tab.type} noun={tab.noun} />
    </>
  );
}
