import { errorResponse } from '@verdant/contracts/common';
import {
  assetGraphData,
  assetGraphParams,
  groupMembershipParams,
  indicatorParams,
  indicatorValueRequest,
  messageAnswer,
  newSiteRequest,
  organisationIdParam,
  site,
  siteDataExportRequest,
  siteEntityList,
  siteIdParam,
  siteList,
  siteListQuery,
  siteMeterList,
  siteNameCheck,
  siteNameCheckParams,
  siteUpdate,
} from '@verdant/contracts/sites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';
import type { SiteExportService } from './site-export.service';
import type { SitesService } from './sites.service';

const base = { tags: ['Sites'], security: [{ bearer: [] }] };
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

export const sitesRoutes: FastifyPluginAsyncZod<{
  service: SitesService;
  exporter: SiteExportService;
}> = async (app, { service, exporter }) => {
  app.get(
    '/organisations/:id/sites',
    {
      schema: {
        ...base,
        summary: 'The sites list, 100 at a time, filtered and sorted',
        params: organisationIdParam,
        querystring: siteListQuery,
        response: { 200: siteList, ...errors },
      },
    },
    async (req) => service.list(authOf(req), req.params.id, req.query),
  );

  app.get(
    '/organisations/:id/site-name-check/:name',
    {
      schema: {
        ...base,
        summary: 'Whether a name is free for a new site (case-insensitive)',
        params: siteNameCheckParams,
        response: { 200: siteNameCheck, ...errors },
      },
    },
    async (req) => service.checkName(authOf(req), req.params.id, req.params.name),
  );

  app.post(
    '/organisations/:id/new-site',
    {
      schema: {
        ...base,
        summary: 'Creates a site',
        params: organisationIdParam,
        body: newSiteRequest,
        response: { 200: site, ...errors },
      },
    },
    async (req) => service.create(authOf(req), req.params.id, req.body),
  );

  app.post(
    '/organisations/:id/site-data-export',
    {
      schema: {
        ...base,
        summary: 'Site figures from the ledger as CSV',
        params: organisationIdParam,
        body: siteDataExportRequest,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const csv = await exporter.exportCsv(authOf(req), req.params.id, req.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="site-data-export.csv"')
        .send(csv);
    },
  );

  app.get(
    '/sites/:id',
    {
      schema: { ...base, summary: 'The whole site', params: siteIdParam, response: { 200: site, ...errors } },
    },
    async (req) => service.read(authOf(req), req.params.id),
  );

  app.put(
    '/sites/:id',
    {
      schema: {
        ...base,
        summary: 'Updates the fields sent',
        params: siteIdParam,
        body: siteUpdate,
        response: { 200: site, ...errors },
      },
    },
    async (req) => service.update(authOf(req), req.params.id, req.body),
  );

  app.delete(
    '/sites/:id',
    {
      schema: {
        ...base,
        summary: 'Archives the site (restorable by a product administrator for three months)',
        params: siteIdParam,
        response: { 200: messageAnswer, ...errors },
      },
    },
    async (req) => service.remove(authOf(req), req.params.id),
  );

  app.put(
    '/sites/:id/indicator-defaults/:indicatorId',
    {
      schema: {
        ...base,
        summary: "Sets a site indicator's value (empty or null clears it)",
        params: indicatorParams,
        body: indicatorValueRequest,
        response: { 200: site, ...errors },
      },
    },
    async (req) => service.setIndicator(authOf(req), req.params.id, req.params.indicatorId, req.body.value),
  );

  for (const [method, join] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/site-groups/:groupId/site/:siteId',
      {
        schema: {
          ...base,
          summary: join ? 'Adds the site to a site group' : 'Takes the site out of a site group',
          params: groupMembershipParams,
          response: { 200: site, ...errors },
        },
      },
      async (req) => service.membership(authOf(req), req.params.groupId, req.params.siteId, join),
    );
  }

  app.get(
    '/sites/:id/asset-graph-data/:measure/:year/year-end/:month',
    {
      schema: {
        ...base,
        summary: 'The twelve months of a year ending in year-month against the year before',
        params: assetGraphParams,
        response: { 200: assetGraphData, ...errors },
      },
    },
    async (req) =>
      service.graph(authOf(req), req.params.id, req.params.measure, req.params.year, req.params.month),
  );

  app.get(
    '/sites/:id/data-sources',
    {
      schema: {
        ...base,
        summary: "The site's data sources",
        params: siteIdParam,
        response: { 200: siteMeterList, ...errors },
      },
    },
    async (req) => service.meters(authOf(req), req.params.id),
  );

  app.get(
    '/sites/:id/entities',
    {
      schema: {
        ...base,
        summary: "The site's entities",
        params: siteIdParam,
        response: { 200: siteEntityList, ...errors },
      },
    },
    async (req) => service.entities(authOf(req), req.params.id),
  );
};
