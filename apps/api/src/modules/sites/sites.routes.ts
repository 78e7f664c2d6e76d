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
import { ERROR_RESPONSES, editorOf, memberOf, onAsset, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { SiteExportService } from './site-export.service';
import type { SitesService } from './sites.service';

const base = signedInDocs('Sites');
const errors = ERROR_RESPONSES;

export const sitesRoutes: FastifyPluginAsyncZod<{
  service: SitesService;
  exporter: SiteExportService;
}> = async (app, { service, exporter }) => {
  app.get(
    '/organisations/:id/sites',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        summary: 'The sites list, 100 at a time, filtered and sorted',
        params: organisationIdParam,
        querystring: siteListQuery,
        response: { 200: siteList, ...errors },
      },
    },
    async (req) => service.list(callerOf(req), req.params.id, req.query),
  );

  app.get(
    '/organisations/:id/site-name-check/:name',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        summary: 'Whether a name is free for a new site (case-insensitive)',
        params: siteNameCheckParams,
        response: { 200: siteNameCheck, ...errors },
      },
    },
    async (req) => service.checkName(callerOf(req), req.params.id, req.params.name),
  );

  app.post(
    '/organisations/:id/new-site',
    {
      config: editorOf('params.id'),
      schema: {
        ...base,
        summary: 'Creates a site',
        params: organisationIdParam,
        body: newSiteRequest,
        response: { 200: site, ...errors },
      },
    },
    async (req) => service.create(callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/organisations/:id/site-data-export',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        summary: 'Site figures from the ledger as CSV',
        params: organisationIdParam,
        body: siteDataExportRequest,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const csv = await exporter.exportCsv(callerOf(req), req.params.id, req.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="site-data-export.csv"')
        .send(csv);
    },
  );

  app.get(
    '/sites/:id',
    {
      config: onAsset('view', 'site'),
      schema: { ...base, summary: 'The whole site', params: siteIdParam, response: { 200: site, ...errors } },
    },
    async (req) => service.read(callerOf(req), req.params.id),
  );

  app.put(
    '/sites/:id',
    {
      config: onAsset('edit', 'site'),
      schema: {
        ...base,
        summary: 'Updates the fields sent',
        params: siteIdParam,
        body: siteUpdate,
        response: { 200: site, ...errors },
      },
    },
    async (req) => service.update(callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/sites/:id',
    {
      config: onAsset('edit', 'site'),
      schema: {
        ...base,
        summary: 'Archives the site (restorable by a product administrator for three months)',
        params: siteIdParam,
        response: { 200: messageAnswer, ...errors },
      },
    },
    async (req) => service.remove(callerOf(req), req.params.id),
  );

  app.put(
    '/sites/:id/indicator-defaults/:indicatorId',
    {
      config: onAsset('edit', 'site'),
      schema: {
        ...base,
        summary: "Sets a site indicator's value (empty or null clears it)",
        params: indicatorParams,
        body: indicatorValueRequest,
        response: { 200: site, ...errors },
      },
    },
    async (req) => service.setIndicator(callerOf(req), req.params.id, req.params.indicatorId, req.body.value),
  );

  for (const [method, join] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/site-groups/:groupId/site/:siteId',
      {
        config: onAsset('edit', 'site', 'params.siteId'),
        schema: {
          ...base,
          summary: join ? 'Adds the site to a site group' : 'Takes the site out of a site group',
          params: groupMembershipParams,
          response: { 200: site, ...errors },
        },
      },
      async (req) => service.membership(callerOf(req), req.params.groupId, req.params.siteId, join),
    );
  }

  app.get(
    '/sites/:id/asset-graph-data/:measure/:year/year-end/:month',
    {
      config: onAsset('view', 'site'),
      schema: {
        ...base,
        summary: 'The twelve months of a year ending in year-month against the year before',
        params: assetGraphParams,
        response: { 200: assetGraphData, ...errors },
      },
    },
    async (req) =>
      service.graph(callerOf(req), req.params.id, req.params.measure, req.params.year, req.params.month),
  );

  app.get(
    '/sites/:id/data-sources',
    {
      config: onAsset('view', 'site'),
      schema: {
        ...base,
        summary: "The site's data sources",
        params: siteIdParam,
        response: { 200: siteMeterList, ...errors },
      },
    },
    async (req) => service.meters(callerOf(req), req.params.id),
  );

  app.get(
    '/sites/:id/entities',
    {
      config: onAsset('view', 'site'),
      schema: {
        ...base,
        summary: "The site's entities",
        params: siteIdParam,
        response: { 200: siteEntityList, ...errors },
      },
    },
    async (req) => service.entities(callerOf(req), req.params.id),
  );
};
