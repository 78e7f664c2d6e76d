import { idParam } from '@verdant/contracts/common';
import {
  entityUsages,
  indicatorParams,
  indicatorSaved,
  pumpDetail,
  pumpUpdate,
  usageParams,
  usageSaved,
  valueUpdate,
  wwtpDetail,
  wwtpUpdate,
} from '@verdant/contracts/entities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onAsset, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { EntityDetailsService } from './entity-details.service';

const base = signedInDocs('Entities');
const errors = REQUEST_ERRORS;

export const entityDetailsRoutes: FastifyPluginAsyncZod<{ service: EntityDetailsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/entities/:id/pump',
    {
      config: onAsset('view', 'entity'),
      schema: {
        ...base,
        summary: "A pump's head and meters",
        params: idParam,
        response: { 200: pumpDetail, ...errors },
      },
    },
    async (req) => service.pump(callerOf(req), req.params.id),
  );

  app.put(
    '/entities/:id/pump',
    {
      config: onAsset('edit', 'entity'),
      schema: {
        ...base,
        summary: "Change a pump's head (metres, digits only) or its power and flow meters",
        params: idParam,
        body: pumpUpdate,
        response: { 200: pumpDetail, ...errors },
      },
    },
    async (req) => service.updatePump(callerOf(req), req.params.id, req.body),
  );

  app.get(
    '/entities/:id/usages',
    {
      config: onAsset('view', 'entity'),
      schema: {
        ...base,
        summary: "An entity's usage, commissioning and EUI targets, and its indicators",
        params: idParam,
        response: { 200: entityUsages, ...errors },
      },
    },
    async (req) => service.usages(callerOf(req), req.params.id),
  );

  app.put(
    '/entities/:id/usages/:field',
    {
      config: onAsset('edit', 'entity'),
      schema: {
        ...base,
        summary: 'Change one usage field (integer for EUI targets, number for utilisation fields)',
        params: usageParams,
        body: valueUpdate,
        response: { 200: usageSaved, ...errors },
      },
    },
    async (req) => service.updateUsage(callerOf(req), req.params.id, req.params.field, req.body.value),
  );

  app.put(
    '/entities/:id/indicators/:indicatorId',
    {
      config: onAsset('edit', 'entity'),
      schema: {
        ...base,
        summary: 'Change one indicator value (a whole number; null clears it)',
        params: indicatorParams,
        body: valueUpdate,
        response: { 200: indicatorSaved, ...errors },
      },
    },
    async (req) =>
      service.updateIndicator(callerOf(req), req.params.id, req.params.indicatorId, req.body.value),
  );

  app.get(
    '/entities/:id/wwtp',
    {
      config: onAsset('view', 'entity'),
      schema: {
        ...base,
        summary: "A wastewater plant's details",
        params: idParam,
        response: { 200: wwtpDetail, ...errors },
      },
    },
    async (req) => service.wwtp(callerOf(req), req.params.id),
  );

  app.put(
    '/entities/:id/wwtp',
    {
      config: onAsset('edit', 'entity'),
      schema: {
        ...base,
        summary: "Change a wastewater plant's details",
        params: idParam,
        body: wwtpUpdate,
        response: { 200: wwtpDetail, ...errors },
      },
    },
    async (req) => service.updateWwtp(callerOf(req), req.params.id, req.body),
  );
};
