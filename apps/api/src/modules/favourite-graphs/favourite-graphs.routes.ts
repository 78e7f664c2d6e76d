import { errorResponse, okResponse } from '@verdant/contracts/common';
import {
  deleteFavouriteGraph,
  favouriteGraph,
  favouriteGraphSaved,
  favouriteGraphs,
  newFavouriteGraph,
  renameFavouriteGraph,
} from '@verdant/contracts/graphs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { FavouriteGraphsService } from './favourite-graphs.service';

const base = { tags: ['Favourite graphs'], security: [{ bearer: [] }] };
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
/** A favourite is the person's own: anyone who may enter the organisation keeps their own list. */
const own = { access: { role: 'member', organisation: 'session' } } as const;
const PATH = '/current-user/favourite-graphs';

export const favouriteGraphsRoutes: FastifyPluginAsyncZod<{ service: FavouriteGraphsService }> = async (
  app,
  { service },
) => {
  app.get(
    PATH,
    {
      config: own,
      schema: { ...base, summary: 'My favourite graphs here', response: { 200: favouriteGraphs, ...errors } },
    },
    async (req) => service.list(callerOf(req)),
  );
  app.post(
    PATH,
    {
      config: own,
      schema: {
        ...base,
        summary: 'Set a graph as a favourite (the same name replaces)',
        body: newFavouriteGraph,
        response: { 200: favouriteGraphSaved, ...errors },
      },
    },
    async (req) => service.save(callerOf(req), req.body.name, req.body.graph),
  );
  app.put(
    PATH,
    {
      config: own,
      schema: {
        ...base,
        summary: 'Rename a favourite graph',
        body: renameFavouriteGraph,
        response: { 200: favouriteGraph, ...errors },
      },
    },
    async (req) => service.rename(callerOf(req), req.body.name, req.body.newName),
  );
  app.delete(
    PATH,
    {
      config: own,
      schema: {
        ...base,
        summary: 'Delete a favourite graph',
        body: deleteFavouriteGraph,
        response: { 200: okResponse, ...errors },
      },
    },
    async (req) => service.remove(callerOf(req), req.body.name),
  );
};
