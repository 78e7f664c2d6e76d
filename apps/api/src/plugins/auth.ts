import { HEADERS } from '@verdant/contracts/common';
import type { sessions, users } from '@verdant/db/schema/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorised } from '../lib/errors';
import { principalOf } from '../lib/identity';
import type { Principal } from '../lib/rights';
import type { AuthService } from '../modules/auth/auth.service';

export interface AuthContext {
  token: string;
  tokenHash: string;
  user: typeof users.$inferSelect;
  session: typeof sessions.$inferSelect;
  principal: Principal;
  /** The session's current organisation (null only for a product administrator with none chosen). */
  organisationId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/** The caller's auth context; routes behind `authenticate` always have one. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorised();
  return request.auth;
}

/**
 * onRequest hook for protected scopes: checks the bearer token, slides the session's expiry and sends the
 * refreshed token, expiry and current organisation back in headers on every answer.
 */
export function authenticate(auth: AuthService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw unauthorised();
    const { tokenHash, session, user } = await auth.resolveSession(token);
    request.auth = {
      token,
      tokenHash,
      user,
      session,
      principal: principalOf(user),
      organisationId: session.organisationId,
    };
    reply.header(HEADERS.token, token);
    reply.header(HEADERS.expires, session.expiresAt.toISOString());
    if (session.organisationId !== null) reply.header(HEADERS.organisation, String(session.organisationId));
  };
}
