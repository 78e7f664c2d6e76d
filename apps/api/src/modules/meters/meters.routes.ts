import {
  baseLoadAlertSetup,
  changeDataTypeRequest,
  compatibleTypes,
  consumptionAlertSetup,
  copyIdentifiersRequest,
  identifierParams,
  identifierValue,
  messageWithId,
  meterDetail,
  meterEnergyUnit,
  meterGraphData,
  meterGraphParams,
  meterGroupParams,
  meterIdParam,
  meterSummaryList,
  meterUpdate,
  moveQuery,
  newIdentifierLabel,
  organisationIdentifierLabels,
  replacementRequest,
  tariffAlertSetup,
} from '@verdant/contracts/meters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, editorOf, memberOf, onAsset, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { MeterMovesService } from './meter-moves.service';
import type { MeterSettingsService } from './meter-settings.service';
import type { MetersService } from './meters.service';

const base = signedInDocs('Data sources');
const errors = ERROR_RESPONSES;
const view = onAsset('view', 'meter');
const edit = onAsset('edit', 'meter');
const organisationIdParam = z.object({ id: meterIdParam.shape.id });

export const metersRoutes: FastifyPluginAsyncZod<{
  service: MetersService;
  settings: MeterSettingsService;
  moves: MeterMovesService;
}> = async (app, { service, settings, moves }) => {
  app.get(
    '/meters/:id',
    {
      config: view,
      schema: {
        ...base,
        summary: 'The data source',
        params: meterIdParam,
        response: { 200: meterDetail, ...errors },
      },
    },
    async (req) => service.read(callerOf(req), req.params.id),
  );

  app.put(
    '/meters/:id',
    {
      config: edit,
      schema: {
        ...base,
        summary:
          'Updates the fields sent; a change the ledger reads recomputes its figures in the same transaction',
        params: meterIdParam,
        body: meterUpdate,
        response: { 200: meterDetail, ...errors },
      },
    },
    async (req) => service.update(callerOf(req), req.params.id, req.body),
  );

  app.get(
    '/meters/:id/energy-unit',
    {
      config: view,
      schema: {
        ...base,
        summary: "The meter's unit",
        params: meterIdParam,
        response: { 200: meterEnergyUnit, ...errors },
      },
    },
    async (req) => service.energyUnit(callerOf(req), req.params.id),
  );

  for (const [path, summary, run] of [
    ['same-site', 'The other data sources of its site', service.sameSite],
    ['same-collection', 'The other data sources of its account', service.sameCollection],
  ] as const) {
    app.get(
      `/meters/:id/${path}`,
      {
        config: view,
        schema: { ...base, summary, params: meterIdParam, response: { 200: meterSummaryList, ...errors } },
      },
      async (req) => run(callerOf(req), req.params.id),
    );
  }

  app.get(
    '/meters/:id/asset-graph-data/v2/:type/:year/year-end/:month',
    {
      config: view,
      schema: {
        ...base,
        summary:
          'The twelve months of a year ending in year-month against the year before, in the meter unit',
        params: meterGraphParams,
        response: { 200: meterGraphData, ...errors },
      },
    },
    async (req) =>
      service.graph(callerOf(req), req.params.id, req.params.type, req.params.year, req.params.month),
  );

  for (const [method, join] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/meter-groups/:groupId/meter/:meterId',
      {
        config: onAsset('edit', 'meter', 'params.meterId'),
        schema: {
          ...base,
          summary: join ? 'Adds the data source to a group' : 'Takes the data source out of a group',
          params: meterGroupParams,
          response: { 200: meterDetail, ...errors },
        },
      },
      async (req) => settings.membership(callerOf(req), req.params.groupId, req.params.meterId, join),
    );
  }

  app.put(
    '/meters/:id/identifiers/:identifierId',
    {
      config: edit,
      schema: {
        ...base,
        summary: "Sets (empty: clears) the meter's value of an identifier",
        params: identifierParams,
        body: identifierValue,
        response: { 200: meterDetail, ...errors },
      },
    },
    async (req) =>
      settings.setIdentifier(callerOf(req), req.params.id, req.params.identifierId, req.body.value),
  );

  app.post(
    '/meters/:id/identifiers/copy',
    {
      config: edit,
      schema: {
        ...base,
        summary: "Copy Identifier From: another data source's identifier values",
        params: meterIdParam,
        body: copyIdentifiersRequest,
        response: { 200: meterDetail, ...errors },
      },
    },
    async (req) => settings.copyIdentifiers(callerOf(req), req.params.id, req.body.fromMeterId),
  );

  app.get(
    '/organisations/:id/meter-identifiers',
    {
      config: memberOf('params.id'),
      schema: {
        ...base,
        summary: "The organisation's identifier labels",
        params: organisationIdParam,
        response: { 200: organisationIdentifierLabels, ...errors },
      },
    },
    async (req) => settings.labels(callerOf(req), req.params.id),
  );

  app.post(
    '/organisations/:id/meter-identifiers',
    {
      config: editorOf('params.id'),
      schema: {
        ...base,
        summary: 'New Identifier: a label every data source of the organisation can hold',
        params: organisationIdParam,
        body: newIdentifierLabel,
        response: { 200: organisationIdentifierLabels.element, ...errors },
      },
    },
    async (req) => settings.createLabel(callerOf(req), req.params.id, req.body.name),
  );

  for (const [path, body, run] of [
    ['consumption-alert-setup', consumptionAlertSetup, settings.consumptionAlert],
    ['tariff-alert-setup', tariffAlertSetup, settings.tariffAlert],
    ['baseload-alert-setup', baseLoadAlertSetup, settings.baseLoadAlert],
  ] as const) {
    app.put(
      `/meters/:id/${path}`,
      {
        config: edit,
        schema: {
          ...base,
          summary: `Saves the ${path.replace(/-/g, ' ')}`,
          params: meterIdParam,
          body,
          response: { 200: meterDetail, ...errors },
        },
      },
      // biome-ignore lint/suspicious/noExplicitAny: each route's body is its own set-up's schema
      async (req) => run(callerOf(req), req.params.id, req.body as any),
    );
  }

  // The spec's GET writes: declared 'changes' (refused to the free test drive); the web sends the POST,
  // whose body carries what the GET's query does (docs/decisions/security.md).
  app.get(
    '/meters/:id/move',
    {
      config: { ...edit, intent: 'changes' },
      schema: {
        ...base,
        summary: "Moves the data source to another site of the organisation (the spec's GET form)",
        params: meterIdParam,
        querystring: moveQuery,
        response: { 200: messageWithId, ...errors },
      },
    },
    async (req) => moves.move(callerOf(req), req.params.id, req.query.to),
  );
  app.post(
    '/meters/:id/move',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'Moves the data source to another site of the organisation',
        params: meterIdParam,
        body: moveQuery,
        response: { 200: messageWithId, ...errors },
      },
    },
    async (req) => moves.move(callerOf(req), req.params.id, req.body.to),
  );

  app.get(
    '/meters/:id/compatible-types',
    {
      config: view,
      schema: {
        ...base,
        summary: 'Data types this data source may change to, with their units',
        params: meterIdParam,
        response: { 200: compatibleTypes, ...errors },
      },
    },
    async (req) => moves.compatibleTypes(callerOf(req), req.params.id),
  );

  app.put(
    '/meters/:id/change-data-type',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'Changes the data type (administrators); the figures are recomputed',
        params: meterIdParam,
        body: changeDataTypeRequest,
        response: { 200: meterDetail, ...errors },
      },
    },
    async (req) => moves.changeDataType(callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/meters/:id/create-replacement',
    {
      config: edit,
      schema: {
        ...base,
        summary: 'Closes the electricity meter and opens its replacement (administrators)',
        params: meterIdParam,
        body: replacementRequest,
        response: { 200: messageWithId, ...errors },
      },
    },
    async (req) => moves.createReplacement(callerOf(req), req.params.id, req.body),
  );
};
