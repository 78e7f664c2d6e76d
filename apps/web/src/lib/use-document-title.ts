import { useEffect } from 'react';

const PRODUCT = 'Verdant';

/** Sets the tab title; `exact` titles (the dashboard's '{organisation} - Dashboard') get no product suffix. */
export function useDocumentTitle(title: string, exact = false): void {
  useEffect(() => {
    document.title = exact ? title : `${title} | ${PRODUCT}`;
  }, [title, exact]);
}
