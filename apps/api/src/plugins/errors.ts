import { MSG } from '@verdant/domain/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

/** Turns every failure into `{success:false, message, code, requestId}`; never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const requestId = request.id;
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        success: false,
        message: error.message,
        code: error.code,
        requestId,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const where = error.validationContext ?? 'body';
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || where;
        fields[field] = [...(fields[field] ?? []), issue.message ?? 'Invalid value'];
      }
      const first = Object.values(fields)[0]?.[0];
      return reply
        .status(400)
        .send({ success: false, message: first ?? MSG.validation, code: 'VALIDATION', requestId, fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ success: false, message: MSG.internal, code: 'INTERNAL', requestId });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
      return reply.status(status).send({ success: false, message: error.message, code, requestId });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: MSG.internal, code: 'INTERNAL', requestId });
  });
});
