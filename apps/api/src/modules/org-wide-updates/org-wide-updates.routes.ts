import { idParam } from '@verdant/contracts/common';
import {
  consumptionAlertDefault,
  identifierDefaultParams,
  orgWideAnswer,
  overrideQuery,
  retailerDefaultParams,
  tariffAlertDefault,
} from '@verdant/contracts/org-wide-updates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { administratorOf, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { OrgWideUpdatesService } from './org-wide-updates.service';

const base = signedInDocs('Org-wide updates');
const errors = REQUEST_ERRORS;
const administrator = administratorOf('params.id');
const answer = { 200: orgWideAnswer, ...errors };

export const orgWideUpdatesRoutes: FastifyPluginAsyncZod<{ service: OrgWideUpdatesService }> = async (
  app,
  { service },
) => {
  app.post(
    '/organisations/:id/consumption-alert/set-default',
    {
      config: administrator,
      schema: {
        ...base,
        summary: 'Sets the consumption alert of every data source without one (every one with override=true)',
        params: idParam,
        querystring: overrideQuery,
        body: consumptionAlertDefault,
        response: answer,
      },
    },
    async (req) =>
      service.consumptionAlerts(callerOf(req), req.params.id, req.body, req.query.override === 'true'),
  );
  app.post(
    '/organisations/:id/tariff-alert/set-default',
    {
      config: administrator,
      schema: {
        ...base,
        summary: 'Sets the tariff alert of every data source without one',
        params: idParam,
        body: tariffAlertDefault,
        response: answer,
      },
    },
    async (req) => service.tariffAlerts(callerOf(req), req.params.id, req.body),
  );
  /*
   * The spec names these two as GETs; they write, so they are declared 'changes' (the free test drive is
   * refused them) and are also offered as POST, which the web uses (docs/decisions/security.md).
   */
  for (const method of ['GET', 'POST'] as const)
    app.route({
      method,
      url: '/organisations/:id/meter-identifiers/set-default/:labelId',
      config: { ...administrator, intent: 'changes' },
      schema: {
        ...base,
        summary: 'Gives every data source without a value for the identifier its account or meter number',
        params: identifierDefaultParams,
        response: answer,
      },
      handler: async (req) => service.identifiers(callerOf(req), req.params.id, req.params.labelId),
    });
  for (const method of ['GET', 'POST'] as const)
    app.route({
      method,
      url: '/organisations/:id/retailer/set-default/:from/to/:to',
      config: { ...administrator, intent: 'changes' },
      schema: {
        ...base,
        summary: 'Moves every data source of one retailer to another',
        params: retailerDefaultParams,
        response: answer,
      },
      handler: async (req) => service.retailers(callerOf(req), req.params.id, req.params.from, req.params.to),
    });
};
