import { authOperations } from '@verdant/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { registerOperations } from '../../lib/operations';
import type { AuthService } from './auth.service';

/** Signing in and the password reset: the handlers of the auth operations table (contracts auth.ts). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: Config }> = async (
  app,
  { auth, config },
) => {
  // A coarse per-address limit in memory, on top of the per-username limit the service keeps in the database.
  const perIp = { rateLimit: { max: config.PUBLIC_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  const limited = <H>(handler: H) => ({ handler, route: perIp });
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  registerOperations(app, authOperations, {
    login: limited(async (req) => ({
      success: true as const,
      data: await auth.login(req.body.username, req.body.password, meta(req)),
    })),
    testDrive: limited(async (req) => ({ success: true as const, data: await auth.testDrive(meta(req)) })),
    tokenLogin: limited(async (req) => ({
      success: true as const,
      data: await auth.tokenLogin(req.body.token, req.body.session, meta(req)),
    })),
    alternateLogin: async () => config.alternateLogin,
    sso: async () => ({ microsoft: config.oidc !== null, testDrive: await auth.testDriveOffered() }),
    msLoginStart: limited(async () => auth.startSso()),
    msLogin: limited(async (req) => ({
      success: true as const,
      data: await auth.ssoLogin(req.body.token, req.body.attempt, meta(req)),
      message: 'Signed in with Microsoft',
    })),
    requestPasswordReset: {
      handler: async (req) => ({
        success: true as const,
        message: await auth.requestPasswordReset(req.params.email),
      }),
      route: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    passwordResetStatus: limited(async (req) => auth.checkPasswordReset(req.params.token)),
    completePasswordReset: limited(async (req) => ({
      success: true as const,
      message: await auth.completePasswordReset(req.body.token, req.body.password),
    })),
  });
};
