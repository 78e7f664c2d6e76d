import { errorResponse } from '@verdant/contracts/common';
import type { Operation, OperationSpec, OperationTable } from '@verdant/contracts/operations';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';

/**
 * The API side of an operations table (docs/architecture.md, "Operations tables"): each operation becomes one
 * Fastify route with the table's method, path, schemas and access, and the handler written beside it in the
 * feature's routes file. The access hook (plugins/auth.ts) reads `config.access`, as for every route.
 */

type Schema = z.ZodType;
type Parsed<O, K extends string> = O extends { [P in K]: infer S extends Schema } ? z.output<S> : unknown;

/** The request a handler receives: parameters, query and body as the table's schemas parsed them. */
export type OperationRequest<O extends OperationSpec> = FastifyRequest<{
  Params: Parsed<O, 'params'>;
  Querystring: Parsed<O, 'query'>;
  Body: O extends { bodyType: 'text' } ? string : Parsed<O, 'body'>;
}>;

/** What a handler answers: the answer's schema input, or the reply itself once it has sent a file. */
export type OperationResult<O extends OperationSpec> =
  | (O extends { answer: infer A extends Schema } ? z.input<A> : unknown)
  | FastifyReply;

export type OperationHandler<O extends OperationSpec> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => OperationResult<O> | Promise<OperationResult<O>>;

/** Route options an operation may need besides its declaration (a larger body, a rate limit). */
export interface RouteExtras {
  bodyLimit?: number;
  rateLimit?: { max: number; timeWindow: string };
  /**
   * The answer may be kept and sent again while nothing it shows has changed (lib/answer-cache.ts): only for a
   * read whose answer depends on nothing but the caller, the address and the database's organisation-owned and
   * catalogue rows (not the clock beyond the organisation's dates, not another service).
   */
  keep?: boolean;
}

export type Handlers<T extends OperationTable> = {
  [K in keyof T]: OperationHandler<T[K]> | { handler: OperationHandler<T[K]>; route: RouteExtras };
};

/** The error answers every operation documents, each with the one error body. */
const ERRORS = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The OpenAPI tag of a feature: its name as words ('invoice-alerts' -> 'Invoice alerts'). */
const tagOf = (feature: string) => feature.charAt(0).toUpperCase() + feature.slice(1).replaceAll('-', ' ');

/** The Fastify route of one operation. */
export function routeOf(
  op: Operation,
  handler: OperationHandler<Operation>,
  extras: RouteExtras = {},
): RouteOptions {
  const response: Record<number, Schema> = { ...ERRORS, ...op.answers };
  if (op.answer !== 'file') response[200] = op.answer;
  return {
    method: op.method,
    url: op.path,
    bodyLimit: extras.bodyLimit,
    config: {
      operation: `${op.feature}.${op.name}`,
      access: op.access,
      ...(op.intent ? { intent: op.intent } : {}),
      ...(extras.rateLimit ? { rateLimit: extras.rateLimit } : {}),
    },
    schema: {
      tags: [tagOf(op.feature)],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(op.hidden ? { hide: true } : {}),
      ...(op.access === 'public' || op.access === 'signed-link' ? {} : { security: [{ bearer: [] }] }),
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { querystring: op.query } : {}),
      ...(op.body && !op.bodyType ? { body: op.body } : {}),
      response,
    },
    handler: (extras.keep ? kept(handler) : handler) as RouteOptions['handler'],
  };
}

/** A handler whose answers are kept by the app's answer cache, where it has one. */
function kept(handler: OperationHandler<Operation>): OperationHandler<Operation> {
  return (request, reply) => {
    const cache = request.server.answerCache;
    return cache
      ? (cache.answer(request, reply, () => handler(request, reply)) as ReturnType<typeof handler>)
      : handler(request, reply);
  };
}

/** Registers every operation of a table, each with its handler; a handler missing for an operation throws. */
export function registerOperations<T extends OperationTable>(
  app: FastifyInstance,
  table: T,
  handlers: Handlers<T>,
): void {
  for (const name of Object.keys(table)) {
    const op = table[name] as Operation;
    const entry = handlers[name as keyof T] as Handlers<OperationTable>[string] | undefined;
    if (!entry) throw new Error(`${op.feature}.${name}: no handler registered`);
    const { handler, route } = typeof entry === 'function' ? { handler: entry, route: {} } : entry;
    app.route(routeOf(op, handler as OperationHandler<Operation>, route));
  }
}
