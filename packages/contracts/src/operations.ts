import type { z } from 'zod';
import type { Access, Intent } from './access';

/**
 * The operation is the unit (docs/architecture.md, "Operations tables"): each feature declares its calls once,
 * in one table in `packages/contracts/src/<feature>.ts`, with the method, the spec's path, the schemas of the
 * parameters, query, body and answer, and the access rule. The API registers the table (one handler beside
 * each operation), the web calls it through one typed client and derives its cache keys from it, and the
 * OpenAPI document is generated from the same declarations.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Schema = z.ZodType;

export interface OperationSpec {
  readonly method: Method;
  /** The path under `/api`, with `:name` parameters (the spec's `{name}`). */
  readonly path: `/${string}`;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  /** What it does, when its method does not say it: a POST that only reads, a GET that changes. */
  readonly intent?: Intent;
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** A body that is not JSON: 'text' is sent as is (a CSV), 'bytes' is a file (its name in x-filename). */
  readonly bodyType?: 'text' | 'bytes';
  /** The 200 answer: its schema, or 'file' for a download (any content type, read as a Blob). */
  readonly answer: Schema | 'file';
  /** Answers besides 200 and the usual errors, by status (a 409, a 202). */
  readonly answers?: Readonly<Record<number, Schema>>;
  /** Left out of the OpenAPI document (an internal call). */
  readonly hidden?: boolean;
}

/** An operation as its table holds it: the spec plus the feature and the name it is known by. */
export type Operation<S extends OperationSpec = OperationSpec> = S & {
  readonly feature: string;
  readonly name: string;
};

export type OperationTable<T extends Record<string, OperationSpec> = Record<string, OperationSpec>> = {
  readonly [K in keyof T]: Operation<T[K]> & { readonly name: K & string };
};

/** A feature's operations table: each operation learns its feature and its name. */
export function defineOperations<const T extends Record<string, OperationSpec>>(
  feature: string,
  table: T,
): OperationTable<T> {
  const out: Record<string, Operation> = {};
  for (const [name, spec] of Object.entries(table)) out[name] = { ...spec, feature, name };
  return out as OperationTable<T>;
}

/** A parameter's name: letters, digits and underscores, up to the first other character (`:measure-list`). */
type ParamName<S extends string> = S extends `${infer N}-${string}`
  ? ParamName<N>
  : S extends `${infer N}.${string}`
    ? ParamName<N>
    : S;

/** The `:name` parameters of a path, as a union of their names. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? ParamName<Name> | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? ParamName<Name>
    : never;

type Coerced<In, Out> = {
  [K in keyof In]: unknown extends In[K] ? (K extends keyof Out ? Out[K] | string : string) : In[K];
};

/** What a caller sends: the path's parameters, the query (as the schema takes it) and the body. */
export type OperationInput<O extends OperationSpec> = ([PathParamNames<O['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<O['path']>, string | number> }) &
  (O extends { query: infer Q extends Schema }
    ? object extends z.input<Q>
      ? { query?: Coerced<z.input<Q>, z.output<Q>> }
      : { query: Coerced<z.input<Q>, z.output<Q>> }
    : { query?: undefined }) &
  (O extends { bodyType: 'text' }
    ? { body: string }
    : O extends { bodyType: 'bytes' }
      ? { body: Blob; fileName: string }
      : O extends { body: infer B extends Schema }
        ? { body: z.input<B> }
        : { body?: undefined });

/** What the operation answers, once its schema has parsed it. */
export type OperationAnswer<O extends OperationSpec> = O extends { answer: infer A extends Schema }
  ? z.output<A>
  : Blob;

/** The path with its parameters filled in (each one URI-encoded), e.g. `/organisations/3/sites`. */
export function pathOf(op: OperationSpec, params: Record<string, string | number> | undefined): string {
  return op.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`${op.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The query string ('' or '?a=1&b=x'): undefined and null left out, lists joined with commas. */
export function queryOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The address of one call of an operation, under `/api` once the client adds it. */
export function urlOf(op: OperationSpec, input: { params?: object; query?: object } = {}): string {
  return (
    pathOf(op, input.params as Record<string, string | number> | undefined) +
    queryOf(input.query as Record<string, unknown> | undefined)
  );
}
