import { graphsOperations } from '@verdant/contracts/graphs';
import type { GraphAssetType, SplitKind } from '@verdant/domain/graphs/series';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type OperationRequest, registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { FavouriteGraphsService } from './favourite-graphs.service';
import type { GraphsService } from './graphs.service';

type Services = { service: GraphsService; favourites: FavouriteGraphsService };
type Ops = typeof graphsOperations;

export const graphsRoutes: FastifyPluginAsyncZod<Services> = async (app, { service, favourites }) => {
  const measured = (type: GraphAssetType, units: boolean) => (req: OperationRequest<Ops['siteUnits']>) =>
    service.measured(callerOf(req), { type, id: req.params.id }, units);
  const split = (kind: SplitKind) => (req: OperationRequest<Ops['assetsForSplit']>) =>
    service.split(callerOf(req), req.params.orgId, req.body.series, kind);

  registerOperations(app, graphsOperations, {
    graphData: (req) => service.graphData(callerOf(req), req.params.orgId, req.body),
    assetsForSplit: split('asset'),
    dataTypesForSplit: split('data-type'),
    groupsForSplit: split('group'),
    pieData: (req) => service.pieData(callerOf(req), req.params.orgId, req.body),
    organisationQuantities: measured('organisation', false),
    organisationUnits: measured('organisation', true),
    siteGroupQuantities: measured('site-group', false),
    siteGroupUnits: measured('site-group', true),
    meterGroupQuantities: measured('meter-group', false),
    meterGroupUnits: measured('meter-group', true),
    siteQuantities: measured('site', false),
    siteUnits: measured('site', true),
    entityQuantities: measured('entity', false),
    entityUnits: measured('entity', true),
    meterQuantities: measured('meter', false),
    meterUnits: measured('meter', true),
    vehicleQuantities: measured('vehicle', false),
    vehicleUnits: measured('vehicle', true),
    favourites: (req) => favourites.list(callerOf(req)),
    saveFavourite: (req) => favourites.save(callerOf(req), req.body.name, req.body.graph),
    renameFavourite: (req) => favourites.rename(callerOf(req), req.body.name, req.body.newName),
    deleteFavourite: (req) => favourites.remove(callerOf(req), req.body.name),
  });
};
