import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { USER_MESSAGES } from '@verdant/contracts/users';
import { MSG } from '@verdant/domain/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '../lib/errors';

interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string[]>;
}

const refusal = (status: number, code: ErrorCode, message: string, field?: string): Refusal => ({
  status,
  code,
  message,
  ...(field ? { fields: { [field]: [message] } } : {}),
});

/**
 * Unique indexes whose race (two creations at once both passing the service's check) answers the spec's message
 * for that field, as the service's own check would. Any other unique index answers 409.
 */
const UNIQUE_MESSAGES: Record<string, Refusal> = {
  sites_organisation_name_unique: refusal(400, 'BAD_REQUEST', MSG.siteNameInUse, 'name'),
  organisations_name_unique: refusal(400, 'BAD_REQUEST', MSG.organisationNameInUse, 'name'),
  users_email_unique: refusal(400, 'BAD_REQUEST', USER_MESSAGES.emailInUse, 'email'),
  users_login_id_unique: refusal(400, 'BAD_REQUEST', USER_MESSAGES.loginIdInUse, 'userId'),
  // Raised by the sign-in identifiers' trigger (migration 0037): an email or login id another person signs in with.
  sign_in_identifiers_email: refusal(400, 'BAD_REQUEST', USER_MESSAGES.emailInUse, 'email'),
  sign_in_identifiers_login_id: refusal(400, 'BAD_REQUEST', USER_MESSAGES.loginIdInUse, 'userId'),
  favourite_graphs_name_unique: refusal(409, 'CONFLICT', MSG.favouriteNameTaken, 'newName'),
  retailers_name_unique: refusal(400, 'BAD_REQUEST', MSG.retailerNameTaken, 'name'),
};

interface PgError {
  code: string;
  constraint?: string;
}

/** The PostgreSQL error behind a failure (drizzle wraps it in `cause`), if there is one. */
function pgErrorOf(error: unknown): PgError | null {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const candidate = e as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && candidate.severity) {
      return candidate as PgError;
    }
    e = candidate.cause;
  }
  return null;
}

/**
 * What a refused write answers: the input reached PostgreSQL in a form it refuses (the contracts stop nearly all
 * of these first) or lost a race with another write. The transaction has rolled back, so nothing changed.
 */
export function refusalOfDatabaseError(error: unknown): Refusal | null {
  const pg = pgErrorOf(error);
  if (!pg) return null;
  switch (pg.code) {
    case '23505':
      return (
        (pg.constraint && UNIQUE_MESSAGES[pg.constraint]) || refusal(409, 'CONFLICT', MSG.changedMeanwhile)
      );
    case '23503':
      return refusal(409, 'CONFLICT', MSG.referenceMissing);
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return refusal(409, 'CONFLICT', MSG.changedMeanwhile);
    case '23514': // check_violation
    case '23502': // not_null_violation
    case '22001': // string_data_right_truncation
    case '22P02': // invalid_text_representation
      return refusal(400, 'VALIDATION', MSG.valueNotAllowed);
    case '22003': // numeric_value_out_of_range
      return refusal(400, 'VALIDATION', MSG.numberOutOfRange);
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
      return refusal(400, 'VALIDATION', MSG.dateNotValid);
    case '22021': // character_not_in_repertoire (a NUL byte)
    case '22P05': // untranslatable_character
      return refusal(400, 'VALIDATION', MSG.textNotValid);
    default:
      return null;
  }
}

/** Fastify's own refusals (reading the body, the address), in words a person understands. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MSG.badJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MSG.emptyBody,
  FST_ERR_CTP_BODY_TOO_LARGE: MSG.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MSG.unsupportedBody,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MSG.badContentLength,
  FST_ERR_MAX_PARAM_LENGTH: MSG.uriTooLong,
  FST_ERR_BAD_URL: MSG.badRequest,
};

function frameworkMessage(error: FastifyError): string {
  if (error.code && FRAMEWORK_MESSAGES[error.code]) return FRAMEWORK_MESSAGES[error.code] as string;
  if (error instanceof SyntaxError) return MSG.badJson;
  return error.message || MSG.badRequest;
}

const codeOfStatus = (status: number): ErrorCode =>
  status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';

function send(reply: FastifyReply, requestId: string, r: Refusal) {
  return reply.status(r.status).send({
    success: false,
    message: r.message,
    code: r.code,
    requestId,
    ...(r.fields ? { fields: r.fields } : {}),
  });
}

/**
 * Fastify's `frameworkErrors` option: a bad address (bad escape, a path part longer than `maxParamLength`)
 * answers the one error shape instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.header('x-request-id', request.id);
  return send(reply, request.id, { status, code: codeOfStatus(status), message: frameworkMessage(error) });
}

/**
 * Fastify's `clientErrorHandler` option: errors Node's HTTP parser raises before there is a request (headers
 * too large, a malformed Content-Length, a timeout) answer the one error shape on the raw socket.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MSG.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MSG.badRequest]
        : error.code === 'HPE_INVALID_CONTENT_LENGTH' || error.code === 'HPE_UNEXPECTED_CONTENT_LENGTH'
          ? [400, 'Bad Request', MSG.badContentLength]
          : [400, 'Bad Request', MSG.badRequest];
  const requestId = randomUUID();
  const body = JSON.stringify({ success: false, message, code: 'BAD_REQUEST', requestId });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Turns every failure into `{success:false, message, code, requestId}`; never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const requestId = request.id;
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, requestId, error);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const where = error.validationContext ?? 'body';
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || where;
        fields[field] = [...(fields[field] ?? []), issue.message ?? 'Invalid value'];
      }
      const first = Object.values(fields)[0]?.[0];
      return send(reply, requestId, {
        status: 400,
        code: 'VALIDATION',
        message: first ?? MSG.validation,
        fields,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, requestId, { status: 500, code: 'INTERNAL', message: MSG.internal });
    }
    const database = refusalOfDatabaseError(error);
    if (database) {
      request.log.warn({ err: error }, 'database refused the write');
      return send(reply, requestId, database);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, requestId, { status, code: codeOfStatus(status), message: frameworkMessage(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, requestId, { status: 500, code: 'INTERNAL', message: MSG.internal });
  });
});
