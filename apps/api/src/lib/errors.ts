import { MSG } from '@verdant/domain/messages';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHORISED'
  | 'LOGIN_FAILED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'SSO_FAILED'
  | 'SSO_UNAVAILABLE'
  | 'INTERNAL';

/** The one error type services throw; the error plugin turns it into `{success:false, message, code, requestId}`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string[]>,
    /** Extra response headers, such as Retry-After on a rate limit. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string[]>) =>
  new AppError('BAD_REQUEST', message, 400, fields);
export const unauthorised = (message: string = MSG.unauthorised) =>
  new AppError('UNAUTHORISED', message, 401);
export const forbidden = (message: string = MSG.forbidden) => new AppError('FORBIDDEN', message, 403);
export const notFound = (message: string = MSG.notFound) => new AppError('NOT_FOUND', message, 404);
