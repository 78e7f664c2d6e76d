import { okResponse } from '@verdant/contracts/common';
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
import { administratorOf, memberOf, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { OrganisationsService } from './organisations.service';

const base = signedInDocs('Organisations');
const errors = REQUEST_ERRORS;

export const organisationsRoutes: FastifyPluginAsyncZod<{ service: OrganisationsService }> = async (
  app,
  { service },
) => {
  const one = { ...base, params: organisationIdParam };

  app.post(
    '/organisations',
    {
      config: { access: 'product-administrator' },
      schema: {
        ...base,
        summary: 'Add Organisation (product administrators)',
        body: createOrganisationRequest,
        response: { 200: createdOrganisation, ...errors },
      },
    },
    async (req) => service.create(callerOf(req), req.body),
  );

  app.get(
    '/organisations/:id',
    {
      config: memberOf('params.id'),
      schema: { ...one, summary: 'The whole organisation', response: { 200: organisation, ...errors } },
    },
    async (req) => service.get(callerOf(req), req.params.id),
  );

  app.put(
    '/organisations/:id',
    {
      config: administratorOf('params.id'),
      schema: {
        ...one,
        summary: 'Save every editable field (administrators)',
        body: organisationUpdate,
        response: { 200: organisation, ...errors },
      },
    },
    async (req) => service.update(callerOf(req), req.params.id, req.body),
  );

  app.get(
    '/organisations/:id/ledger-status',
    {
      config: memberOf('params.id'),
      schema: {
        ...one,
        summary: "Whether the organisation's figures are fresh (meters waiting for the background recompute)",
        response: { 200: ledgerStatus, ...errors },
      },
    },
    async (req) => service.ledgerStatus(callerOf(req), req.params.id),
  );

  app.put(
    '/organisations/:id/settings',
    {
      config: administratorOf('params.id'),
      schema: {
        ...one,
        summary: 'Save one alert setting (key, value)',
        body: settingRequest,
        response: { 200: organisation, ...errors },
      },
    },
    async (req) => service.saveSetting(callerOf(req), req.params.id, req.body),
  );

  app.put(
    '/organisations/:id/target',
    {
      config: administratorOf('params.id'),
      schema: {
        ...one,
        summary: 'Save the co2e or consumption target',
        body: targetRequest,
        response: { 200: organisation, ...errors },
      },
    },
    async (req) => service.saveTarget(callerOf(req), req.params.id, req.body),
  );

  for (const [path, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `/organisations/:id/${path}`,
      {
        // Enabling lets members back in: only a product administrator may; an administrator may disable.
        config: {
          access: enabled ? 'product-administrator' : { role: 'administrator', organisation: 'params.id' },
        },
        schema: {
          ...one,
          summary: enabled
            ? 'Enable a disabled organisation (product administrators)'
            : 'Disable the organisation: every member loses access',
          response: { 200: organisationMessage, ...errors },
        },
      },
      async (req) => service.setEnabled(callerOf(req), req.params.id, enabled),
    );
  }

  app.get(
    '/organisations/:id/factor-sources',
    {
      config: memberOf('params.id'),
      schema: {
        ...one,
        summary: 'Emission factor sources the organisation may report with',
        response: { 200: factorSourceList, ...errors },
      },
    },
    async (req) => service.factorSources(callerOf(req), req.params.id),
  );

  app.get(
    '/organisations/:id/procurement-expiry',
    {
      config: memberOf('params.id'),
      schema: {
        ...one,
        summary: 'Procurement expiries, soonest first',
        response: { 200: procurementExpiryList, ...errors },
      },
    },
    async (req) => service.listExpiries(callerOf(req), req.params.id),
  );

  app.post(
    '/organisations/:id/procurement-expiry',
    {
      config: administratorOf('params.id'),
      schema: {
        ...one,
        summary: 'Add a procurement expiry',
        body: procurementExpiryRequest,
        response: { 200: procurementExpiry, ...errors },
      },
    },
    async (req) => service.addExpiry(callerOf(req), req.params.id, req.body),
  );

  app.put(
    '/organisations/:id/procurement-expiry/:expiryId',
    {
      config: administratorOf('params.id'),
      schema: {
        ...base,
        params: expiryParams,
        summary: 'Change a procurement expiry',
        body: procurementExpiryRequest,
        response: { 200: procurementExpiry, ...errors },
      },
    },
    async (req) => service.updateExpiry(callerOf(req), req.params.id, req.params.expiryId, req.body),
  );

  app.delete(
    '/organisations/:id/procurement-expiry/:expiryId',
    {
      config: administratorOf('params.id'),
      schema: {
        ...base,
        params: expiryParams,
        summary: 'Delete a procurement expiry',
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => service.deleteExpiry(callerOf(req), req.params.id, req.params.expiryId),
  );

  app.get(
    '/organisations/:id/site-:measure-list/:month',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        params: siteListParams,
        summary: 'Sites ranked by consumption (kWh), cost or emissions in a month (yyyyMM)',
        response: { 200: siteFigureList, ...errors },
      },
    },
    async (req) => service.siteList(callerOf(req), req.params.id, req.params.measure, req.params.month),
  );

  app.get(
    '/organisations/:id/emissions-list/:month',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        params: monthParams,
        summary: 'Highest emitting sites in a month (yyyyMM), scope by scope',
        response: { 200: emissionsList, ...errors },
      },
    },
    async (req) => service.emissionsList(callerOf(req), req.params.id, req.params.month),
  );

  app.get(
    '/organisations/:id/site-alerts-list',
    {
      config: memberOf('params.id'),
      schema: {
        ...one,
        summary: 'Sites with the most alerts',
        response: { 200: siteAlertsList, ...errors },
      },
    },
    async (req) => service.siteAlerts(callerOf(req), req.params.id),
  );
};
