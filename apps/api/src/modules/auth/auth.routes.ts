import {
  alternateLogin,
  loginRequest,
  loginResponse,
  messageResponse,
  msLoginRequest,
  msLoginResponse,
  msLoginStart,
  newPasswordRequest,
  resetEmailParam,
  resetTokenParam,
  resetTokenStatus,
  ssoConfig,
  tokenLoginRequest,
} from '@verdant/contracts/auth';
import { errorResponse } from '@verdant/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { AuthService } from './auth.service';

const tags = ['Sign-in'];
const errors = { 400: errorResponse, 401: errorResponse, 429: errorResponse };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: Config }> = async (
  app,
  { auth, config },
) => {
  // A coarse per-address limit in memory, on top of the per-username limit the service keeps in the database.
  const perIp = { rateLimit: { max: config.PUBLIC_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  const open = { ...perIp, access: 'public' as const };
  // The reset link's token is the credential of the two calls that use it.
  const resetLink = { ...perIp, access: 'signed-link' as const };
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  app.post(
    '/public/login',
    {
      config: open,
      schema: {
        tags,
        summary: 'Sign in with email or login id',
        body: loginRequest,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await auth.login(req.body.username, req.body.password, meta(req)),
    }),
  );

  app.post(
    '/public/login/test-drive',
    {
      config: open,
      schema: {
        tags,
        summary: 'Start a free test drive: a read-only session of the demo account',
        response: { 200: loginResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await auth.testDrive(meta(req)) }),
  );

  app.post(
    '/public/login/token-login',
    {
      config: open,
      schema: {
        tags,
        summary: 'Sign in with a one-time tx/sx token pair',
        body: tokenLoginRequest,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await auth.tokenLogin(req.body.token, req.body.session, meta(req)),
    }),
  );

  app.get(
    '/public/login/alternate-login',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The configured alternate login option', response: { 200: alternateLogin } },
    },
    async () => config.alternateLogin,
  );

  app.get(
    '/public/login/sso',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Which single sign-on options are configured', response: { 200: ssoConfig } },
    },
    async () => ({ microsoft: config.oidc !== null }),
  );

  app.get(
    '/public/login/ms-login/start',
    {
      config: open,
      schema: {
        tags,
        summary:
          'Start signing in with Microsoft (OpenID Connect): the provider address and a signed attempt',
        response: { 200: msLoginStart, 404: errorResponse, 503: errorResponse, 429: errorResponse },
      },
    },
    async () => auth.startSso(),
  );

  app.post(
    '/public/login/ms-login',
    {
      config: open,
      schema: {
        tags,
        summary: "Finish signing in with Microsoft with the provider's answer",
        body: msLoginRequest,
        response: { 200: msLoginResponse, ...errors, 404: errorResponse, 503: errorResponse },
      },
    },
    async (req) => ({
      success: true as const,
      data: await auth.ssoLogin(req.body.token, req.body.attempt, meta(req)),
      message: 'Signed in with Microsoft',
    }),
  );

  app.put(
    '/public/login/reset-password/:email',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, access: 'public' },
      schema: {
        tags,
        summary: 'Email a one-time password reset link',
        params: resetEmailParam,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, message: await auth.requestPasswordReset(req.params.email) }),
  );

  app.get(
    '/public/login/password-reset/:token',
    {
      config: resetLink,
      schema: {
        tags,
        summary: 'Whether a password reset link is still usable',
        params: resetTokenParam,
        response: { 200: resetTokenStatus },
      },
    },
    async (req) => auth.checkPasswordReset(req.params.token),
  );

  app.post(
    '/public/login/password-reset',
    {
      config: resetLink,
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: newPasswordRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: await auth.completePasswordReset(req.body.token, req.body.password),
    }),
  );
};
