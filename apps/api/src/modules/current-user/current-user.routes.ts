import { loginTokenResponse } from '@verdant/contracts/auth';
import { okResponse } from '@verdant/contracts/common';
import {
  availableOrgs,
  availableOrgsQuery,
  currentUser,
  fullMenu,
  orgParam,
  orgSummary,
  putSettingRequest,
  putSettingsRequest,
  settingKeyParam,
  settingValue,
  userSettings,
} from '@verdant/contracts/current-user';
import { MSG } from '@verdant/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { AuthService } from '../auth/auth.service';
import type { CurrentUserService } from './current-user.service';

const base = signedInDocs('Current user');
const errors = REQUEST_ERRORS;

export const currentUserRoutes: FastifyPluginAsyncZod<{
  service: CurrentUserService;
  auth: AuthService;
}> = async (app, { service, auth }) => {
  app.get(
    '/current-user/user-details',
    {
      config: { access: 'signed-in' },
      schema: { ...base, summary: 'The signed-in user', response: { 200: currentUser, ...errors } },
    },
    async (req) => service.details(callerOf(req)),
  );

  app.get(
    '/current-user/org-summary',
    {
      config: {
        access: {
          role: 'member',
          organisation: 'session',
          withoutOrganisation: { notFound: MSG.noOrganisationSelected },
        },
      },
      schema: { ...base, summary: 'The current organisation', response: { 200: orgSummary, ...errors } },
    },
    async (req) => service.orgSummary(callerOf(req)),
  );

  app.get(
    '/current-user/available-orgs',
    {
      config: { access: 'signed-in' },
      schema: {
        ...base,
        summary: 'Recent and matching organisations',
        querystring: availableOrgsQuery,
        response: { 200: availableOrgs, ...errors },
      },
    },
    async (req) => service.availableOrgs(callerOf(req), req.query.q),
  );

  app.put(
    '/current-user/organisation/:orgId',
    {
      config: {
        access: { role: 'member', organisation: 'params.orgId', refusal: MSG.switchFailed },
        intent: 'own-session',
      },
      schema: {
        ...base,
        summary: 'Switch the session to another organisation',
        params: orgParam,
        response: { 200: z.object({ success: z.literal(true), data: orgSummary }), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.switchOrganisation(callerOf(req), req.params.orgId),
    }),
  );

  app.get(
    '/current-user/full-menu',
    {
      config: { access: 'signed-in' },
      schema: { ...base, summary: 'Screens the user may open', response: { 200: fullMenu, ...errors } },
    },
    async (req) => ({ items: await service.fullMenu(callerOf(req)) }),
  );

  app.get(
    '/current-user/user-settings',
    {
      config: { access: 'signed-in' },
      schema: { ...base, summary: "All of the user's settings", response: { 200: userSettings, ...errors } },
    },
    async (req) => service.settings(callerOf(req)),
  );

  app.get(
    '/current-user/user-settings/:key',
    {
      config: { access: 'signed-in' },
      schema: {
        ...base,
        summary: 'One setting (null when unset)',
        params: settingKeyParam,
        response: { 200: z.record(z.string(), settingValue.nullable()), ...errors },
      },
    },
    async (req) => service.setting(callerOf(req), req.params.key),
  );

  app.put(
    '/current-user/user-settings',
    {
      config: { access: 'signed-in' },
      schema: {
        ...base,
        summary: 'Save several settings; null removes one',
        body: putSettingsRequest,
        response: { 200: userSettings, ...errors },
      },
    },
    async (req) => service.saveSettings(callerOf(req), req.body),
  );

  app.put(
    '/current-user/user-settings/:key',
    {
      config: { access: 'signed-in' },
      schema: {
        ...base,
        summary: 'Save one setting; null removes it',
        params: settingKeyParam,
        body: putSettingRequest,
        response: { 200: userSettings, ...errors },
      },
    },
    async (req) => service.saveSettings(callerOf(req), { [req.params.key]: req.body.value }),
  );

  app.post(
    '/current-user/login-token',
    {
      config: { access: 'signed-in' },
      schema: {
        ...base,
        summary: 'A one-time tx/sx pair that signs in as the caller',
        response: { 200: loginTokenResponse, ...errors },
      },
    },
    async (req) => {
      const a = callerOf(req);
      return { success: true as const, data: await auth.createLoginToken(a.user.id, a.organisationId) };
    },
  );

  app.post(
    '/current-user/logout',
    {
      config: { access: 'signed-in', intent: 'own-session' },
      schema: { ...base, summary: 'End the session', response: { 200: okResponse, ...errors } },
    },
    async (req) => {
      await auth.logout(callerOf(req).tokenHash);
      return { success: true as const };
    },
  );
};
