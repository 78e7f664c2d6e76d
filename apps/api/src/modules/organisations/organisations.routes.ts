import { errorResponse, okResponse } from '@verdant/contracts/common';
import {
  createdOrganisation,
  createOrganisationRequest,
  emissionsList,
  expiryParams,
  factorSourceList,
  ledgerStatus,
  monthParams,
  organisation,
  organisationIdParam,
  organisationMessage,
  organisationUpdate,
  procurementExpiry,
  procurementExpiryList,
  procurementExpiryRequest,
  settingRequest,
  siteAlertsList,
  siteFigureList,
  siteListParams,
  targetRequest,
} from '@verdant/contracts/organisations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import type { OrganisationsService } from './organisations.service';

const base = { tags: ['Organisations'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export const organisationsRoutes: FastifyPluginAsyncZod<{ service: OrganisationsService }> = async (
  app,
  { service },
) => {
  const one = { ...base, params: organisationIdParam };

  app.post(
    '/organisations',
    {
      schema: {
        ...base,
        summary: 'Add Organisation (product administrators)',
        body: createOrganisationRequest,
        response: { 200: createdOrganisation, ...errors },
      },
    },
    async (req) => service.create(authOf(req), req.body),
  );

  app.get(
    '/organisations/:id',
    { schema: { ...one, summary: 'The whole organisation', response: { 200: organisation, ...errors } } },
    async (req) => service.get(authOf(req), req.params.id),
  );

  app.put(
    '/organisations/:id',
    {
      schema: {
        ...one,
        summary: 'Save every editable field (administrators)',
        body: organisationUpdate,
        response: { 200: organisation, ...errors },
      },
    },
    async (req) => service.update(authOf(req), req.params.id, req.body),
  );

  app.get(
    '/organisations/:id/ledger-status',
    {
      schema: {
        ...one,
        summary: "Whether the organisation's figures are fresh (meters waiting for the background recompute)",
        response: { 200: ledgerStatus, ...errors },
      },
    },
    async (req) => service.ledgerStatus(authOf(req), req.params.id),
  );

  app.put(
    '/organisations/:id/settings',
    {
      schema: {
        ...one,
        summary: 'Save one alert setting (key, value)',
        body: settingRequest,
        response: { 200: organisation, ...errors },
      },
    },
    async (req) => service.saveSetting(authOf(req), req.params.id, req.body),
  );

  app.put(
    '/organisations/:id/target',
    {
      schema: {
        ...one,
        summary: 'Save the co2e or consumption target',
        body: targetRequest,
        response: { 200: organisation, ...errors },
      },
    },
    async (req) => service.saveTarget(authOf(req), req.params.id, req.body),
  );

  for (const [path, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `/organisations/:id/${path}`,
      {
        schema: {
          ...one,
          summary: enabled
            ? 'Enable a disabled organisation (product administrators)'
            : 'Disable the organisation: every member loses access',
          response: { 200: organisationMessage, ...errors },
        },
      },
      async (req) => service.setEnabled(authOf(req), req.params.id, enabled),
    );
  }

  app.get(
    '/organisations/:id/factor-sources',
    {
      schema: {
        ...one,
        summary: 'Emission factor sources the organisation may report with',
        response: { 200: factorSourceList, ...errors },
      },
    },
    async (req) => service.factorSources(authOf(req), req.params.id),
  );

  app.get(
    '/organisations/:id/procurement-expiry',
    {
      schema: {
        ...one,
        summary: 'Procurement expiries, soonest first',
        response: { 200: procurementExpiryList, ...errors },
      },
    },
    async (req) => service.listExpiries(authOf(req), req.params.id),
  );

  app.post(
    '/organisations/:id/procurement-expiry',
    {
      schema: {
        ...one,
        summary: 'Add a procurement expiry',
        body: procurementExpiryRequest,
        response: { 200: procurementExpiry, ...errors },
      },
    },
    async (req) => service.addExpiry(authOf(req), req.params.id, req.body),
  );

  app.put(
    '/organisations/:id/procurement-expiry/:expiryId',
    {
      schema: {
        ...base,
        params: expiryParams,
        summary: 'Change a procurement expiry',
        body: procurementExpiryRequest,
        response: { 200: procurementExpiry, ...errors },
      },
    },
    async (req) => service.updateExpiry(authOf(req), req.params.id, req.params.expiryId, req.body),
  );

  app.delete(
    '/organisations/:id/procurement-expiry/:expiryId',
    {
      schema: {
        ...base,
        params: expiryParams,
        summary: 'Delete a procurement expiry',
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => service.deleteExpiry(authOf(req), req.params.id, req.params.expiryId),
  );

  app.get(
    '/organisations/:id/site-:measure-list/:month',
    {
      schema: {
        ...base,
        params: siteListParams,
        summary: 'Sites ranked by consumption (kWh), cost or emissions in a month (yyyyMM)',
        response: { 200: siteFigureList, ...errors },
      },
    },
    async (req) => service.siteList(authOf(req), req.params.id, req.params.measure, req.params.month),
  );

  app.get(
    '/organisations/:id/emissions-list/:month',
    {
      schema: {
        ...base,
        params: monthParams,
        summary: 'Highest emitting sites in a month (yyyyMM), scope by scope',
        response: { 200: emissionsList, ...errors },
      },
    },
    async (req) => service.emissionsList(authOf(req), req.params.id, req.params.month),
  );

  app.get(
    '/organisations/:id/site-alerts-list',
    {
      schema: {
        ...one,
        summary: 'Sites with the most alerts',
        response: { 200: siteAlertsList, ...errors },
      },
    },
    async (req) => service.siteAlerts(authOf(req), req.params.id),
  );
};
