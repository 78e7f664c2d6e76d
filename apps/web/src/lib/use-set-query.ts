import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** A change to the address's query: each key set to its value, or removed when null. */
export type QueryChange = Record<string, string | null>;

/**
 * Sets query parameters on the address as it is now. React Router's own setter starts from the parameters of
 * the last render, so two changes close together (a view picked, then a filter, while a slow report is still
 * rendering the first) had the second put the first back. By default the entry is replaced; `replace: false`
 * adds one (a modal opened, so Back closes it).
 */
export function useSetQuery(): (change: QueryChange, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (change, { replace = true } = {}) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(change)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      const search = next.toString();
      navigate(
        {
          pathname: window.location.pathname,
          search: search ? `?${search}` : '',
          hash: window.location.hash,
        },
        { replace },
      );
    },
    [navigate],
  );
}
