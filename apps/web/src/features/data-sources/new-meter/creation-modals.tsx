import { useSearchParams } from 'react-router';
import { useSetQuery } from '../../../lib/use-set-query';
import { NewCombinedAccountDialog } from './new-combined-account-dialog';
import { NewMeterWizard } from './new-meter-wizard';

/** The `show` values of /data-sources that open the creation modals. */
export const SHOW_NEW_METER = 'new-meter';
export const SHOW_NEW_WW_ACCOUNT = 'new-ww-account';

/**
 * The New Meter wizard and the New W/WW Acct dialog as the data sources list opens them: from its `show`
 * query parameter (a new history entry), closed by removing it (replacing the entry, so Back does not reopen).
 */
export function DataSourceCreationModals({ organisationId }: { organisationId: number }) {
  const [params] = useSearchParams();
  const setQuery = useSetQuery();
  const show = params.get('show');
  const close = () => setQuery({ show: null });
  if (show === SHOW_NEW_METER) return <NewMeterWizard organisationId={organisationId} onClose={close} />;
  if (show === SHOW_NEW_WW_ACCOUNT)
    return <NewCombinedAccountDialog organisationId={organisationId} onClose={close} />;
  return null;
}
