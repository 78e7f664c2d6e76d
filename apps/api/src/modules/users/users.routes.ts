import { usersOperations } from '@verdant/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { AdvancedRightsService } from './advanced-rights.service';
import type { EmailChanges } from './email-change.service';
import type { UsersService } from './users.service';

type Services = {
  service: UsersService;
  rights: AdvancedRightsService;
  emailChanges: EmailChanges;
  config: Config;
};

/** Users: an organisation's members, their advanced rights, and the public confirmation of a new email. */
export const usersRoutes: FastifyPluginAsyncZod<Services> = async (
  app,
  { service, rights, emailChanges, config },
) => {
  /** The confirmation link is public: each address may call it a limited number of times a minute. */
  const perIp = { rateLimit: { max: config.PUBLIC_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  registerOperations(app, usersOperations, {
    list: { handler: (req) => service.list(callerOf(req), req.query), route: { keep: true } },
    emailCheck: (req) => service.checkEmail(callerOf(req), req.params.email),
    idCheck: (req) => service.checkLoginId(callerOf(req), req.params.id),
    create: async (req) => {
      const a = callerOf(req);
      const { message, user: data } = await service.create(a, req.body, a.checked.organisationId);
      return { success: true as const, message, data };
    },
    createAndGrant: async (req) => {
      const p = req.params;
      const { message, user: data } = await service.create(callerOf(req), req.body, p.org, p.level);
      return { success: true as const, message, data };
    },
    read: (req) => service.get(callerOf(req), req.params.id),
    update: (req) => service.update(callerOf(req), req.params.id, req.body),
    remove: async (req) => ({
      success: true as const,
      message: await service.remove(callerOf(req), req.params.id),
    }),
    removeFromOrganisation: async (req) => {
      await service.removeFromOrganisation(callerOf(req), req.params.id, req.params.orgId);
      return { success: true as const };
    },
    grant: async (req) => ({
      success: true as const,
      data: await service.grant(callerOf(req), req.params.id, req.params.orgId, req.params.accessId),
    }),
    block: (req) => service.setOrganisationBlock(callerOf(req), req.params.id, req.params.orgId, true),
    unblock: (req) => service.setOrganisationBlock(callerOf(req), req.params.id, req.params.orgId, false),
    changePassword: async (req) => ({
      success: true as const,
      message: await service.changePassword(callerOf(req), req.params.id, req.body.current, req.body.new),
    }),
    resetPassword: async (req) => ({
      success: true as const,
      message: await service.resetPassword(callerOf(req), req.params.id, req.body.password),
    }),
    advancedRights: (req) => rights.list(callerOf(req), req.params.id, req.params.orgId),
    grantAdvancedRight: (req) => {
      const p = req.params;
      return rights.add(callerOf(req), p.id, p.orgId, p.assetType, p.assetId, p.rightId);
    },
    removeAdvancedRight: (req) => {
      const p = req.params;
      return rights.remove(callerOf(req), p.id, p.orgId, p.assetType, p.assetId);
    },
    copyRights: (req) => rights.copy(callerOf(req), req.params.id, req.params.orgId, req.params.otherUserId),
    emailChangeStatus: { handler: (req) => emailChanges.check(req.query.token), route: perIp },
    confirmEmailChange: {
      handler: async (req) => ({
        success: true as const,
        message: await emailChanges.confirm(req.body.token),
      }),
      route: perIp,
    },
  });
};
