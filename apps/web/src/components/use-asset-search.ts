import { useDebouncedValue } from '@mantine/hooks';
import { type SearchAssetType, type SearchResult, searchOperations } from '@verdant/contracts/search';
import { DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@verdant/domain/constants';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, isSilentError } from '../lib/api-errors';
import { call } from '../lib/operations';

export type AssetSearchState =
  | { status: 'short' }
  | { status: 'searching'; results: SearchResult[] }
  | { status: 'done'; results: SearchResult[] }
  | { status: 'failed'; message: string };

/**
 * Searches assets of a type by name once SEARCH_MIN_CHARS are typed, DEBOUNCE_MS after the last keystroke.
 * Every request carries a larger counter than the one before, the server echoes it, and any answer whose
 * counter is not the latest is dropped: a slow answer for "hea" never replaces the one for "head".
 */
export function useAssetSearch(type: SearchAssetType, text: string): AssetSearchState {
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const [state, setState] = useState<AssetSearchState>({ status: 'short' });
  const counter = useRef(0);

  useEffect(() => {
    counter.current += 1;
    const sent = counter.current;
    if (debounced.length < SEARCH_MIN_CHARS) {
      setState({ status: 'short' });
      return;
    }
    setState((previous) => ({
      status: 'searching',
      results: previous.status === 'done' || previous.status === 'searching' ? previous.results : [],
    }));
    call(searchOperations.find, { query: { type, counter: sent, q: debounced } }).then(
      (answer) => {
        if (answer.counter !== counter.current) return;
        setState({ status: 'done', results: answer.results });
      },
      (error: unknown) => {
        if (sent !== counter.current || isSilentError(error)) return;
        setState({ status: 'failed', message: errorMessage(error) });
      },
    );
  }, [type, debounced]);

  // Answers that arrive after the search is gone belong to nobody.
  useEffect(
    () => () => {
      counter.current += 1;
    },
    [],
  );

  return state;
}
