import { okResponse } from '@verdant/contracts/common';
import {
  changePasswordRequest,
  checkAnswer,
  createAndGrantParams,
  createdUserAnswer,
  createUserRequest,
  emailParam,
  grantParams,
  loginIdParam,
  messageAnswer,
  resetPasswordRequest,
  user,
  userIdParam,
  userOrgParams,
  usersList,
  usersQuery,
  userUpdate,
} from '@verdant/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorOf, ERROR_RESPONSES, editorOf, memberOf, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { UsersService } from './users.service';

const base = signedInDocs('Users');
const errors = ERROR_RESPONSES;

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.get(
    '/users',
    {
      config: memberOf('session'),
      schema: {
        ...base,
        summary: 'Members of the current organisation, 100 at a time',
        querystring: usersQuery,
        response: { 200: usersList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.query),
  );

  app.get(
    '/users/email-check/:email',
    {
      config: editorOf('session'),
      schema: {
        ...base,
        summary: 'Whether an email may be used for a new user',
        params: emailParam,
        response: { 200: checkAnswer, ...errors },
      },
    },
    async (req) => service.checkEmail(callerOf(req), req.params.email),
  );

  app.get(
    '/users/id-check/:id',
    {
      config: editorOf('session'),
      schema: {
        ...base,
        summary: 'Whether a login id may be used for a new user',
        params: loginIdParam,
        response: { 200: checkAnswer, ...errors },
      },
    },
    async (req) => service.checkLoginId(callerOf(req), req.params.id),
  );

  app.post(
    '/users/create',
    {
      config: memberOf('session'),
      schema: {
        ...base,
        summary: 'Create a user in the current organisation (Observer)',
        body: createUserRequest,
        response: { 200: createdUserAnswer, ...errors },
      },
    },
    async (req) => {
      const a = callerOf(req);
      const { message, user: data } = await service.create(a, req.body, a.checked.organisationId);
      return { success: true as const, message, data };
    },
  );

  app.post(
    '/users/create/and-grant/:level/to/:org',
    {
      config: memberOf('params.org'),
      schema: {
        ...base,
        summary: 'Create a user and grant an access level in an organisation',
        params: createAndGrantParams,
        body: createUserRequest,
        response: { 200: createdUserAnswer, ...errors },
      },
    },
    async (req) => {
      const { message, user: data } = await service.create(
        callerOf(req),
        req.body,
        req.params.org,
        req.params.level,
      );
      return { success: true as const, message, data };
    },
  );

  app.get(
    '/users/:id',
    {
      config: memberOf('session'),
      schema: {
        ...base,
        summary: 'One member of the current organisation',
        params: userIdParam,
        response: { 200: user, ...errors },
      },
    },
    async (req) => service.get(callerOf(req), req.params.id),
  );

  app.put(
    '/users/:id',
    {
      config: memberOf('session'),
      schema: {
        ...base,
        summary: 'Save the whole user (details, admin flag, product block)',
        params: userIdParam,
        body: userUpdate,
        response: { 200: user, ...errors },
      },
    },
    async (req) => service.update(callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/users/:id',
    {
      config: administratorOf('session'),
      schema: {
        ...base,
        summary: 'Delete a user',
        params: userIdParam,
        response: { 200: messageAnswer, ...errors },
      },
    },
    async (req) => ({ success: true as const, message: await service.remove(callerOf(req), req.params.id) }),
  );

  app.delete(
    '/users/:id/from/:orgId',
    {
      config: administratorOf('params.orgId'),
      schema: {
        ...base,
        summary: 'Remove a user from an organisation',
        params: userOrgParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => {
      await service.removeFromOrganisation(callerOf(req), req.params.id, req.params.orgId);
      return { success: true as const };
    },
  );

  app.put(
    '/users/:id/grant/:accessId/to/:orgId',
    {
      config: memberOf('params.orgId'),
      schema: {
        ...base,
        summary: 'Set the access level in an organisation (-2 removes)',
        params: grantParams,
        response: { 200: z.object({ success: z.literal(true), data: user.nullable() }), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.grant(callerOf(req), req.params.id, req.params.orgId, req.params.accessId),
    }),
  );

  app.post(
    '/users/:id/block/:orgId',
    {
      config: administratorOf('params.orgId'),
      schema: {
        ...base,
        summary: 'Block a user within an organisation',
        params: userOrgParams,
        response: { 200: user, ...errors },
      },
    },
    async (req) => service.setOrganisationBlock(callerOf(req), req.params.id, req.params.orgId, true),
  );

  app.delete(
    '/users/:id/block/:orgId',
    {
      config: administratorOf('params.orgId'),
      schema: {
        ...base,
        summary: 'Unblock a user within an organisation',
        params: userOrgParams,
        response: { 200: user, ...errors },
      },
    },
    async (req) => service.setOrganisationBlock(callerOf(req), req.params.id, req.params.orgId, false),
  );

  app.put(
    '/users/:id/change-password',
    {
      config: { access: { self: 'params.id' } },
      schema: {
        ...base,
        summary: "Change one's own password",
        params: userIdParam,
        body: changePasswordRequest,
        response: { 200: messageAnswer, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: await service.changePassword(callerOf(req), req.params.id, req.body.current, req.body.new),
    }),
  );

  app.put(
    '/users/:id/reset-password',
    {
      config: administratorOf('session'),
      schema: {
        ...base,
        summary: "Send another user password reset instructions (needs the caller's password)",
        params: userIdParam,
        body: resetPasswordRequest,
        response: { 200: messageAnswer, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: await service.resetPassword(callerOf(req), req.params.id, req.body.password),
    }),
  );
};
