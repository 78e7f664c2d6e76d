import { useSearchParams } from 'react-router';
import { useSetQuery } from './use-set-query';

/**
 * The list tabs' `?show=new`: whether the "new" modal is asked for, and a setter that opens it (a new history
 * entry) or closes it (replacing the entry, so Back does not reopen it).
 */
export function useShowNew(): [boolean, (open: boolean) => void] {
  const [params] = useSearchParams();
  const setQuery = useSetQuery();
  const setShowNew = (open: boolean) => setQuery({ show: open ? 'new' : null }, { replace: !open });
  return [params.get('show') === 'new', setShowNew];
}
