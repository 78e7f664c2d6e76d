import { currentUserOperations } from '@verdant/contracts/current-user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import type { SessionControl } from '../../lib/session-control';
import { callerOf } from '../../plugins/auth';
import type { CurrentUserService } from './current-user.service';

export const currentUserRoutes: FastifyPluginAsyncZod<{
  service: CurrentUserService;
  auth: SessionControl;
}> = async (app, { service, auth }) => {
  registerOperations(app, currentUserOperations, {
    details: (req) => service.details(callerOf(req)),
    orgSummary: (req) => service.orgSummary(callerOf(req)),
    availableOrgs: (req) => service.availableOrgs(callerOf(req), req.query.q),
    switchOrganisation: async (req) => ({
      success: true as const,
      data: await service.switchOrganisation(callerOf(req), req.params.orgId),
    }),
    fullMenu: async (req) => ({ items: await service.fullMenu(callerOf(req)) }),
    settings: (req) => service.settings(callerOf(req)),
    setting: (req) => service.setting(callerOf(req), req.params.key),
    saveSettings: (req) => service.saveSettings(callerOf(req), req.body),
    saveSetting: (req) => service.saveSettings(callerOf(req), { [req.params.key]: req.body.value }),
    loginToken: async (req) => {
      const a = callerOf(req);
      return { success: true as const, data: await auth.createLoginToken(a.user.id, a.organisationId) };
    },
    logout: async (req) => {
      await auth.logout(callerOf(req).tokenHash);
      return { success: true as const };
    },
  });
};
