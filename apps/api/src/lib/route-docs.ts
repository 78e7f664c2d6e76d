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
