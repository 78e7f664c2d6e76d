import {
  icpCheckAnswer,
  icpCheckParams,
  icpCheckQuery,
  newCombinedAccountAnswer,
  newCombinedAccountRequest,
  newMeterAnswer,
  newMeterRequest,
  organisationIdParam,
} from '@verdant/contracts/meter-creation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editorOf, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { MeterCreationService } from './meter-creation.service';

const base = signedInDocs('Data sources');
const errors = REQUEST_ERRORS;
// Creating meters: organisation administrators or access level below 4 (spec section 6).
const editors = editorOf('params.id');

export const meterCreationRoutes: FastifyPluginAsyncZod<{ service: MeterCreationService }> = async (
  app,
  { service },
) => {
  app.post(
    '/organisations/:id/new-meter',
    {
      config: editors,
      schema: {
        ...base,
        summary: 'Creates a meter (the New Meter wizard)',
        params: organisationIdParam,
        body: newMeterRequest,
        response: { 200: newMeterAnswer, ...errors },
      },
    },
    async (req) => service.newMeter(callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/organisations/:id/new-combined-water-wastewater-account',
    {
      config: editors,
      schema: {
        ...base,
        summary: 'Creates a water and a wastewater meter on one account, in one transaction',
        params: organisationIdParam,
        body: newCombinedAccountRequest,
        response: { 200: newCombinedAccountAnswer, ...errors },
      },
    },
    async (req) => service.newCombinedAccount(callerOf(req), req.params.id, req.body),
  );

  app.get(
    '/meters/icp-check/:icp',
    {
      config: editorOf('session'),
      schema: {
        ...base,
        summary: "Whether an ICP is valid and already one of the current organisation's meters",
        params: icpCheckParams,
        querystring: icpCheckQuery,
        response: { 200: icpCheckAnswer, ...errors },
      },
    },
    async (req) => service.icpCheck(callerOf(req), req.params.icp, req.query.electricity),
  );
};
