import { errorResponse } from '@verdant/contracts/common';

/** The OpenAPI prelude of a signed-in route: its tag and the bearer session it needs. */
export const signedInDocs = (tag: string) => ({ tags: [tag], security: [{ bearer: [] }] });

/** The error answers a route documents (each with the common error body). */
export const ERROR_RESPONSES = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
} as const;

/** The common access rules of a route's `config` (declared access, lib/access.ts). */
export const memberOf = <O extends 'session' | 'params.id'>(organisation: O) =>
  ({ access: { role: 'member', organisation } }) as const;
export const editorOf = <O extends 'session' | 'params.id'>(organisation: O) =>
  ({ access: { role: 'editor', organisation } }) as const;
/** An action on the asset the path's `:id` names. */
export const onAsset = <T extends 'site' | 'entity' | 'meter' | 'invoice' | 'vehicle'>(
  action: 'view' | 'edit',
  type: T,
) => ({ access: { action, asset: { [type]: 'params.id' } as Record<T, 'params.id'> } }) as const;
