// The catalogue's general part only: the login page loads no other (docs/performance.md, Page weight).
import { GENERAL_MESSAGES as MSG } from '@verdant/domain/messages-general';

/** A failed call, carrying the server's `{ message, code, fields }` so forms can show them as they are. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]>;
  readonly requestId: string | undefined;

  constructor(
    status: number,
    message: string,
    code: string,
    fields: Record<string, string[]> = {},
    requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.requestId = requestId;
  }
}

/**
 * An answer that came back for a different organisation than the one the request was sent under,
 * typically because the user switched organisation while it was in flight. The UI ignores it.
 */
export class StaleOrganisationError extends Error {
  constructor() {
    super('stale organisation');
    this.name = 'StaleOrganisationError';
  }
}

/** A request abandoned because its session ended meanwhile; nobody is left to show it to. */
export class SessionEndedError extends Error {
  constructor() {
    super(MSG.unauthorised);
    this.name = 'SessionEndedError';
  }
}

/** Errors the UI must swallow without a banner or an error state. */
export function isSilentError(error: unknown): boolean {
  return (
    error instanceof StaleOrganisationError ||
    error instanceof SessionEndedError ||
    (error instanceof DOMException && error.name === 'AbortError')
  );
}

/** The text to show for any error a call may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return MSG.internal;
}
