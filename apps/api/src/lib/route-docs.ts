import type { OrganisationFrom, ParamRef } from '@verdant/contracts/access';
import { errorResponse } from '@verdant/contracts/common';

/** The OpenAPI prelude of a signed-in route: its tag and the bearer session it needs. */
export const signedInDocs = (tag: string) => ({ tags: [tag], security: [{ bearer: [] }] });

/** The error answers of a route that refuses bad input, no session, no right or an unknown id. */
export const REQUEST_ERRORS = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
} as const;

/** The error answers a route documents (each with the common error body), a conflict (409) included. */
export const ERROR_RESPONSES = { ...REQUEST_ERRORS, 409: errorResponse } as const;

/** The common access rules of a route's `config` (declared access, lib/access.ts). */
export const memberOf = <O extends OrganisationFrom>(organisation: O) =>
  ({ access: { role: 'member', organisation } }) as const;
export const editorOf = <O extends OrganisationFrom>(organisation: O) =>
  ({ access: { role: 'editor', organisation } }) as const;
export const administratorOf = <O extends OrganisationFrom>(organisation: O) =>
  ({ access: { role: 'administrator', organisation } }) as const;
/** An action on the asset a path parameter names (the path's `:id` unless said otherwise). */
export const onAsset = <
  T extends 'site' | 'entity' | 'meter' | 'invoice' | 'vehicle',
  P extends ParamRef = 'params.id',
>(
  action: 'view' | 'edit',
  type: T,
  from: P = 'params.id' as P,
) => ({ access: { action, asset: { [type]: from } as Record<T, P> } }) as const;
