// The API's own headers, in a module of their own so that the web app's first script needs no zod.
/** Response headers of every authenticated answer. */
export const HEADERS = {
  token: 'x-auth-token',
  expires: 'x-session-expires',
  organisation: 'x-organisation-id',
  requestId: 'x-request-id',
  /** Request header of a raw file upload: the file's name, URI-encoded. */
  filename: 'x-filename',
} as const;
