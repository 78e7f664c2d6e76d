import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  type Operation,
  type OperationAnswer,
  type OperationInput,
  urlOf,
} from '@verdant/contracts/operations';
import { LIST_PAGE_SIZE } from '@verdant/domain/constants';
import { API_BASE, apiRequest } from './api-client';
import { nextPageOffset } from './paging';
import { useOrganisationId } from './session-store';

/**
 * The web side of the operations tables (docs/architecture.md, "Operations tables"): every call the web makes
 * goes through `call` with an operation of a feature's table, so no address is written by hand, and every
 * cached answer's key is derived from the operation and its input, so invalidation names operations.
 */

/** Uploads can be large, so they get longer than the usual limit. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export interface CallOptions {
  signal?: AbortSignal;
  /** Set only on the switch-organisation call: its answer legitimately names another organisation. */
  organisationChange?: boolean;
}

/** Calls one operation: its address from the table and the input, its answer checked by its schema. */
export function call<O extends Operation>(
  op: O,
  input: OperationInput<O>,
  options: CallOptions = {},
): Promise<OperationAnswer<O>> {
  const { body, fileName } = input as { body?: unknown; fileName?: string };
  return apiRequest<OperationAnswer<O>>(urlOf(op, input), {
    method: op.method,
    body,
    contentType: op.bodyType === 'text' ? 'text/csv' : undefined,
    fileName: op.bodyType === 'bytes' ? fileName : undefined,
    timeoutMs: op.bodyType === 'bytes' ? UPLOAD_TIMEOUT_MS : undefined,
    schema: op.answer === 'file' ? undefined : (op.answer as never),
    blob: op.answer === 'file',
    signal: options.signal,
    organisationChange: options.organisationChange,
  });
}

/**
 * Posts fields to an operation as a form the browser submits itself (data-portal.md 7: a favourite runs by form
 * POST), into a hidden frame so the app stays where it is: the browser saves the answer as a download without
 * holding it in the page. Only for operations whose access is a signed link carried in the fields.
 */
export function submitForm(op: Operation, fields: Record<string, string | number>) {
  const name = 'verdant-form-target';
  if (!document.querySelector(`iframe[name="${name}"]`)) {
    const frame = document.createElement('iframe');
    frame.name = name;
    frame.title = 'Downloads';
    frame.hidden = true;
    document.body.append(frame);
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = API_BASE + urlOf(op, {} as never);
  form.target = name;
  form.hidden = true;
  for (const [key, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = key;
    input.value = String(value);
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}

/**
 * The cache key of an operation's answers: the feature and operation first (what invalidation names), then
 * the organisation the session is in and the input (a read sent as POST, its body too: a graph's definition).
 * `keyOf(op)` alone is the prefix of all its answers.
 */
export function keyOf(op: Operation, input?: object | null, organisationId?: number | null): QueryKey {
  if (input === undefined) return [op.feature, op.name];
  const { params, query, body } = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  const key = [op.feature, op.name, organisationId ?? null, params ?? null, query ?? null];
  return body === undefined ? key : [...key, body];
}

/** What may be invalidated: one operation's answers, or every answer of a feature's table. */
export type Invalidation = Operation | { readonly [name: string]: Operation };

/** Marks the answers of the operations (or whole tables) named stale, so that screens showing them refetch. */
export const invalidate = (client: QueryClient, ...targets: Invalidation[]): Promise<void> =>
  eachKey(targets, (queryKey) => client.invalidateQueries({ queryKey }));

/**
 * Forgets the answers of the operations (or whole tables) named, so that no screen shows them again as current: a
 * screen showing them now loads afresh, and one opened later loads rather than first showing the old answer
 * (docs/decisions/web-ui.md, Figures a save moved are forgotten, not marked stale).
 */
export const reset = (client: QueryClient, ...targets: Invalidation[]): Promise<void> =>
  eachKey(targets, (queryKey) => client.resetQueries({ queryKey }));

/** Runs `act` on the key prefix of each operation's answers, or of each whole table's. */
function eachKey(targets: Invalidation[], act: (key: QueryKey) => Promise<void>): Promise<void> {
  return Promise.all(
    targets.map((t) =>
      act('feature' in t && typeof t.feature === 'string' ? keyOf(t as Operation) : tableKey(t)),
    ),
  ).then(() => undefined);
}

function tableKey(table: Invalidation): QueryKey {
  const first = Object.values(table)[0] as Operation | undefined;
  if (!first) throw new Error('an empty operations table');
  return [first.feature];
}

type QueryOptions<O extends Operation, T> = Omit<
  UseQueryOptions<OperationAnswer<O>, Error, T>,
  'queryKey' | 'queryFn'
>;

/**
 * An operation's answer for the screen: fetched once per input and organisation, cached under its key.
 * A null input waits (a page whose id is not known yet).
 */
export function useOperation<O extends Operation, T = OperationAnswer<O>>(
  op: O,
  input: OperationInput<O> | null,
  options: QueryOptions<O, T> = {},
) {
  const organisationId = useOrganisationId();
  return useQuery({
    ...options,
    queryKey: keyOf(op, input, organisationId),
    queryFn: ({ signal }) => call(op, input as OperationInput<O>, { signal }),
    enabled: input !== null && (options.enabled ?? true),
  });
}

type PagedAnswer<K extends string> = { total: number } & { [k in K]: readonly unknown[] };

/**
 * A table's rows a page at a time ('Show Next 100'): the operation is called with the input's query plus the
 * page's `offset` and `limit`, its answers carry `total` and their rows under `rows`. The previous rows stay on
 * screen while new filters load. A null input waits.
 */
export function usePagedOperation<O extends Operation, K extends string>(
  op: O,
  input: OperationInput<O> | null,
  rows: OperationAnswer<O> extends PagedAnswer<K> ? K : never,
) {
  const organisationId = useOrganisationId();
  return useInfiniteQuery({
    queryKey: keyOf(op, input, organisationId),
    queryFn: ({ pageParam, signal }) => {
      const i = input as { params?: object; query?: object };
      const query = { ...i.query, offset: pageParam, limit: LIST_PAGE_SIZE };
      return call(op, { ...i, query } as unknown as OperationInput<O>, { signal });
    },
    initialPageParam: 0,
    getNextPageParam: nextPageOffset(rows) as unknown as (
      last: OperationAnswer<O>,
      pages: OperationAnswer<O>[],
    ) => number | undefined,
    placeholderData: keepPreviousData,
    enabled: input !== null,
  });
}
