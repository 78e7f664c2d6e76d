import type { Access, Intent } from '@verdant/contracts/access';
import { HEADERS } from '@verdant/contracts/common';
import type { Db } from '@verdant/db/client';
import { MSG } from '@verdant/domain/messages';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { checkAccess, needsSession } from '../lib/access';
import type { AuthContext, Caller } from '../lib/caller';
import { forbidden, unauthorised } from '../lib/errors';
import { principalOf } from '../lib/identity';
import { organisationContext } from '../lib/organisation-context';
import type { AuthService } from '../modules/auth/auth.service';

export type { AuthContext, Caller } from '../lib/caller';

export type { Intent };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; enforced by the auth plugin before the handler. */
    access: Access;
    /**
     * What the route does, declared beside its access (docs/decisions/security.md, "Test drive reads
     * declared intent"): 'reads', 'changes', or 'own-session' (signing out, switching organisation: changes
     * only the caller's own session). The free test drive may call 'reads' and 'own-session' routes only.
     * Left out, it is 'reads' for GET and HEAD and 'changes' for every other method, filled in when the
     * route is registered; a GET that writes must declare 'changes' (the GET route walk fails otherwise).
     */
    intent?: Intent;
    /** The operation of a feature's table the route serves ('retailers.list'). */
    operation?: string;
  }
  interface FastifyRequest {
    auth?: AuthContext;
    caller?: Caller;
  }
  interface FastifyInstance {
    /** Every route registered, as the onRoute hook saw it (the route-table test walks it). */
    routeTable: RouteOptions[];
  }
}

/** The caller of a route with a session rule; the auth plugin has already checked the rule. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorised();
  return request.caller;
}

/** The caller's auth context (signed in, before or without a rule's check). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorised();
  return request.auth;
}

const accessOf = (request: FastifyRequest): Access | undefined =>
  (request.routeOptions.config as { access?: Access } | undefined)?.access;

/**
 * Checks the bearer token, slides the session's expiry and sends the refreshed token, expiry and current
 * organisation back in headers on every answer.
 */
async function authenticate(auth: AuthService, request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw unauthorised();
  const { tokenHash, session, user, sessionRole, organisationName, answers } =
    await auth.resolveSession(token);
  request.auth = {
    token,
    tokenHash,
    user,
    session,
    principal: principalOf(user),
    organisationId: session.organisationId,
    knownRole:
      session.organisationId === null
        ? undefined
        : { organisationId: session.organisationId, role: sessionRole },
    knownOrganisation:
      session.organisationId === null || organisationName === undefined
        ? undefined
        : { id: session.organisationId, name: organisationName },
    sessionAnswers: answers,
  };
  reply.header(HEADERS.token, token);
  reply.header(HEADERS.expires, session.expiresAt.toISOString());
  if (session.organisationId !== null) reply.header(HEADERS.organisation, String(session.organisationId));
}

/** A route's declared intent; the default for a route that declares none is filled in by `onRoute`. */
export const intentOf = (route: Pick<RouteOptions, 'method' | 'config'>): Intent => {
  const declared = (route.config as { intent?: Intent } | undefined)?.intent;
  if (declared) return declared;
  return [route.method].flat().every((m) => m === 'GET' || m === 'HEAD') ? 'reads' : 'changes';
};

/**
 * A test drive session reads (and may leave or look at the demo account's other organisation); every
 * change is refused before validation, so nothing is saved or sent. Decided by the route's declared intent,
 * whatever its method.
 */
function refuseTestDriveChanges(request: FastifyRequest) {
  const intent = (request.routeOptions.config as { intent?: Intent } | undefined)?.intent;
  if (intent === 'reads' || intent === 'own-session') return;
  throw forbidden(MSG.testDriveReadOnly);
}

/**
 * The one entry point for rights. Every route declares `config.access`; a session is required (onRequest,
 * so 401 comes before validation) unless the route is public or a signed link, and the rule is decided
 * through the rights engine once the parameters are parsed (preHandler), before the handler runs. A route
 * without a declaration is refused.
 */
export const accessPlugin = fp(
  async (app, { auth, db, clock }: { auth: AuthService; db: Db; clock: () => Date }) => {
    const routeTable: RouteOptions[] = [];
    app.decorate('routeTable', routeTable);
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, intent: intentOf(route) } as typeof route.config;
      routeTable.push(route);
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.is404) return;
      const access = accessOf(request);
      if (access === undefined) throw forbidden();
      if (needsSession(access)) await authenticate(auth, request, reply);
      if (request.auth?.session.testDrive) refuseTestDriveChanges(request);
    });
    app.addHook('preHandler', async (request) => {
      if (request.is404) return;
      const access = accessOf(request);
      if (access === undefined || !needsSession(access)) return;
      const a = authOf(request);
      const parts = { params: request.params, query: request.query, body: request.body };
      const checked = await checkAccess(db, a, access, parts);
      const org = checked.organisation ? organisationContext(checked.organisation, clock()) : null;
      request.caller = { ...a, checked, org, requestId: String(request.id) };
    });
  },
);
