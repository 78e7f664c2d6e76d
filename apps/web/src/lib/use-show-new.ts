import { useSearchParams } from 'react-router';

/**
 * The list tabs' `?show=new`: whether the "new" modal is asked for, and a setter that opens it (a new history
 * entry) or closes it (replacing the entry, so Back does not reopen it).
 */
export function useShowNew(): [boolean, (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const setShowNew = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('show', 'new');
        else next.delete('show');
        return next;
      },
      { replace: !open },
    );
  return [params.get('show') === 'new', setShowNew];
}
