import { errorResponse, okResponse } from '@verdant/contracts/common';
import {
  cardNameCheck,
  cardNameQuery,
  cardPurchaseRequest,
  fleetDataExportRequest,
  fleetList,
  fleetLookupList,
  fleetQuery,
  fleetTransactionExportRequest,
  fuelCard,
  fuelPurchaseAnswer,
  fuelPurchaseList,
  fuelPurchaseRequest,
  lookupQuery,
  monthlyData,
  monthlyDataQuery,
  newCardAnswer,
  newCardRequest,
  newVehiclesAnswer,
  newVehiclesRequest,
  organisationIdParam,
  purchaseParams,
  registrationParam,
  siteIdParam,
  vehicle,
  vehicleByMeter,
  vehicleIdParam,
  vehicleLookup,
  vehicleUpdate,
} from '@verdant/contracts/fleet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, editorOf, memberOf, onAsset, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { FleetService } from './fleet.service';
import type { FleetExportService } from './fleet-export.service';

const base = signedInDocs('Fleet');
const errors = ERROR_RESPONSES;
const members = memberOf('params.id');
const editors = editorOf('params.id');
const viewVehicle = onAsset('view', 'vehicle');
const editVehicle = onAsset('edit', 'vehicle');
const viewMeter = onAsset('view', 'meter');
const editMeter = onAsset('edit', 'meter');

/** Fleet calls (core-portal 7, data-portal 7): vehicles, fuel purchases, fuel cards and the fleet exports. */
export const fleetRoutes: FastifyPluginAsyncZod<{
  service: FleetService;
  exporter: FleetExportService;
}> = async (app, { service, exporter }) => {
  for (const list of ['vehicle-fuels', 'transmissions', 'body-shapes'] as const) {
    app.get(
      `/lookups/${list}`,
      {
        config: { access: 'signed-in' },
        schema: {
          ...base,
          summary: `The ${list.replace('-', ' ')} list`,
          response: { 200: fleetLookupList, 401: errorResponse },
        },
      },
      async () => service.lookups(list),
    );
  }

  app.get(
    '/organisations/:id/fleet',
    {
      config: members,
      schema: {
        ...base,
        summary: 'The fleet table: vehicles the caller may see, with last twelve months km and kWh',
        params: organisationIdParam,
        querystring: fleetQuery,
        response: { 200: fleetList, ...errors },
      },
    },
    async (req) => service.fleet(callerOf(req), req.params.id, req.query.memberOf),
  );

  app.get(
    '/vehicles/lookup/:registration',
    {
      config: editorOf('session'),
      schema: {
        ...base,
        summary: "Whether a registration is valid and already one of the organisation's vehicles",
        params: registrationParam,
        querystring: lookupQuery,
        response: { 200: vehicleLookup, ...errors },
      },
    },
    async (req) => service.lookup(callerOf(req), req.params.registration),
  );

  app.post(
    '/sites/:siteId/new-vehicles',
    {
      config: onAsset('edit', 'site', 'params.siteId'),
      schema: {
        ...base,
        summary: 'Creates each vehicle with its fuel and distance meters, in one transaction',
        params: siteIdParam,
        body: newVehiclesRequest,
        response: { 200: newVehiclesAnswer, ...errors },
      },
    },
    async (req) => service.newVehicles(callerOf(req), req.params.siteId, req.body),
  );

  app.get(
    '/vehicles/:id',
    {
      config: viewVehicle,
      schema: {
        ...base,
        summary: 'A vehicle',
        params: vehicleIdParam,
        response: { 200: vehicle, ...errors },
      },
    },
    async (req) => service.read(callerOf(req), req.params.id),
  );

  app.put(
    '/vehicle/:id',
    {
      config: editVehicle,
      schema: {
        ...base,
        summary: 'Updates the fields sent',
        params: vehicleIdParam,
        body: vehicleUpdate,
        response: { 200: vehicle, ...errors },
      },
    },
    async (req) => service.update(callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/vehicles/:id',
    {
      config: editVehicle,
      schema: {
        ...base,
        summary: 'Deletes (archives) a vehicle and its meters',
        params: vehicleIdParam,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
      },
    },
    async (req) => service.remove(callerOf(req), req.params.id),
  );

  app.get(
    '/vehicle-by-meter/:id',
    {
      config: viewMeter,
      schema: {
        ...base,
        summary: 'The vehicle owning a fuel or distance meter',
        params: vehicleIdParam,
        response: { 200: vehicleByMeter, ...errors },
      },
    },
    async (req) => service.byMeter(callerOf(req), req.params.id),
  );

  app.get(
    '/vehicles/:id/purchases',
    {
      config: viewVehicle,
      schema: {
        ...base,
        summary: "A vehicle's fuel purchases, newest first, with card purchases of the wrong fuel",
        params: vehicleIdParam,
        response: { 200: fuelPurchaseList, ...errors },
      },
    },
    async (req) => service.purchases(callerOf(req), req.params.id),
  );

  app.post(
    '/vehicles/:id/purchases',
    {
      config: editVehicle,
      schema: {
        ...base,
        summary: 'Adds a fuel purchase',
        params: vehicleIdParam,
        body: fuelPurchaseRequest,
        response: { 200: fuelPurchaseAnswer, ...errors },
      },
    },
    async (req) => service.addPurchase(callerOf(req), req.params.id, req.body),
  );

  app.put(
    '/vehicles/:id/purchases/:readingId',
    {
      config: editVehicle,
      schema: {
        ...base,
        summary: 'Changes a fuel purchase',
        params: purchaseParams,
        body: fuelPurchaseRequest,
        response: { 200: fuelPurchaseAnswer, ...errors },
      },
    },
    async (req) => service.updatePurchase(callerOf(req), req.params.id, req.params.readingId, req.body),
  );

  app.delete(
    '/vehicles/:id/purchases/:readingId',
    {
      config: editVehicle,
      schema: {
        ...base,
        summary: 'Deletes a fuel purchase',
        params: purchaseParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => service.deletePurchase(callerOf(req), req.params.id, req.params.readingId),
  );

  app.get(
    '/vehicles/:id/monthly-data',
    {
      config: viewVehicle,
      schema: {
        ...base,
        summary: 'The Vehicle Log (monthly litres, km, days, cost and metrics) and the efficiency series',
        params: vehicleIdParam,
        querystring: monthlyDataQuery,
        response: { 200: monthlyData, ...errors },
      },
    },
    async (req) => service.monthlyData(callerOf(req), req.params.id, req.query.from, req.query.till),
  );

  app.get(
    '/organisations/:id/card-meter-name-check',
    {
      config: editors,
      schema: {
        ...base,
        summary: 'Whether a fuel card of that name exists',
        params: organisationIdParam,
        querystring: cardNameQuery,
        response: { 200: cardNameCheck, ...errors },
      },
    },
    async (req) => service.cardNameCheck(callerOf(req), req.params.id, req.query.name),
  );

  app.post(
    '/organisations/:id/new-card-meters',
    {
      config: editors,
      schema: {
        ...base,
        summary: 'Creates a fuel card meter',
        params: organisationIdParam,
        body: newCardRequest,
        response: { 200: newCardAnswer, ...errors },
      },
    },
    async (req) => service.newCard(callerOf(req), req.params.id, req.body),
  );

  app.get(
    '/fuelcards/:id',
    {
      config: viewMeter,
      schema: {
        ...base,
        summary: 'A fuel card: monthly litres, cost and emissions, and its purchases',
        params: vehicleIdParam,
        querystring: z.object({ incorrectOnly: z.enum(['true', 'false']).optional() }),
        response: { 200: fuelCard, ...errors },
      },
    },
    async (req) => service.card(callerOf(req), req.params.id, req.query.incorrectOnly === 'true'),
  );

  app.post(
    '/fuelcards/:id/purchases',
    {
      config: editMeter,
      schema: {
        ...base,
        summary: 'Adds a purchase on a card (flagged incorrect-fuel when the vehicle takes another fuel)',
        params: vehicleIdParam,
        body: cardPurchaseRequest,
        response: { 200: fuelPurchaseAnswer, ...errors },
      },
    },
    async (req) => service.addCardPurchase(callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/organisations/:id/fleet-data-export',
    {
      config: members,
      schema: {
        ...base,
        summary: 'Vehicle Data Export: ledger figures per vehicle as CSV (streamed)',
        params: organisationIdParam,
        body: fleetDataExportRequest,
      },
    },
    async (req, reply) => {
      const csv = await exporter.dataExport(callerOf(req), req.params.id, req.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="fleet-data-export.csv"')
        .send(csv);
    },
  );

  app.post(
    '/organisations/:id/fleet-transaction-export',
    {
      config: members,
      schema: {
        ...base,
        summary: 'Export Transactions: each purchase or each month as CSV (streamed)',
        params: organisationIdParam,
        body: fleetTransactionExportRequest,
      },
    },
    async (req, reply) => {
      const csv = await exporter.transactionExport(callerOf(req), req.params.id, req.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="fleet-transaction-export.csv"')
        .send(csv);
    },
  );
};
