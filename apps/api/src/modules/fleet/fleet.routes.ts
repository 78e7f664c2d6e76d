import { fleetOperations } from '@verdant/contracts/fleet';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { FleetService } from './fleet.service';
import type { FleetExportService } from './fleet-export.service';

/** Fleet calls (core-portal 7, data-portal 7): vehicles, fuel purchases, fuel cards and the fleet exports. */
export const fleetRoutes: FastifyPluginAsyncZod<{
  service: FleetService;
  exporter: FleetExportService;
}> = async (app, { service, exporter }) => {
  const send = (reply: FastifyReply, name: string, csv: unknown) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(csv);
  registerOperations(app, fleetOperations, {
    vehicleFuels: () => service.lookups('vehicle-fuels'),
    transmissions: () => service.lookups('transmissions'),
    bodyShapes: () => service.lookups('body-shapes'),
    list: (req) => service.fleet(callerOf(req), req.params.id, req.query.memberOf),
    lookup: (req) => service.lookup(callerOf(req), req.params.registration),
    newVehicles: (req) => service.newVehicles(callerOf(req), req.params.siteId, req.body),
    read: (req) => service.read(callerOf(req), req.params.id),
    update: (req) => service.update(callerOf(req), req.params.id, req.body),
    remove: (req) => service.remove(callerOf(req), req.params.id),
    byMeter: (req) => service.byMeter(callerOf(req), req.params.id),
    purchases: (req) => service.purchases(callerOf(req), req.params.id),
    addPurchase: (req) => service.addPurchase(callerOf(req), req.params.id, req.body),
    updatePurchase: (req) =>
      service.updatePurchase(callerOf(req), req.params.id, req.params.readingId, req.body),
    deletePurchase: (req) => service.deletePurchase(callerOf(req), req.params.id, req.params.readingId),
    monthlyData: (req) => service.monthlyData(callerOf(req), req.params.id, req.query.from, req.query.till),
    cardNameCheck: (req) => service.cardNameCheck(callerOf(req), req.params.id, req.query.name),
    newCard: (req) => service.newCard(callerOf(req), req.params.id, req.body),
    card: (req) => service.card(callerOf(req), req.params.id, req.query.incorrectOnly === 'true'),
    addCardPurchase: (req) => service.addCardPurchase(callerOf(req), req.params.id, req.body),
    dataExport: async (req, reply) =>
      send(reply, 'fleet-data-export.csv', await exporter.dataExport(callerOf(req), req.params.id, req.body)),
    transactionExport: async (req, reply) =>
      send(
        reply,
        'fleet-transaction-export.csv',
        await exporter.transactionExport(callerOf(req), req.params.id, req.body),
      ),
  });
};
