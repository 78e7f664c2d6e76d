import {
  conversionFactor,
  conversionParams,
  energyIdParam,
  energyTypeList,
  energyUnitList,
  lookupList,
  meterEnergyUnitList,
  organisationIdParam,
} from '@verdant/contracts/catalogue';
import { errorResponse } from '@verdant/contracts/common';
import { meterTypesParams, retailerList } from '@verdant/contracts/meter-creation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import type { CatalogueService } from './catalogue.service';

// The current organisation's members read the catalogue; a product administrator also without one.
const current = {
  access: { role: 'member', organisation: 'session', withoutOrganisation: 'product-administrator' },
} as const;
const base = { tags: ['Lookups'], security: [{ bearer: [] }] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export const catalogueRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  app.get(
    '/lookups/energy-types',
    {
      config: current,
      schema: {
        ...base,
        summary: 'Data types of the current organisation (global and its own), by grouping then name',
        response: { 200: energyTypeList, ...errors },
      },
    },
    async (req) => service.energyTypes(callerOf(req)),
  );

  app.get(
    '/organisations/:id/energy-types',
    {
      config: { access: { role: 'member', organisation: 'params.id' } },
      schema: {
        ...base,
        summary: 'Data types an organisation can use (global and its own)',
        params: organisationIdParam,
        response: { 200: energyTypeList, ...errors },
      },
    },
    async (req) => service.organisationEnergyTypes(callerOf(req), req.params.id),
  );

  app.get(
    '/lookups/energy-units',
    {
      config: current,
      schema: {
        ...base,
        summary: 'Units of every data type the caller can see',
        response: { 200: energyUnitList, ...errors },
      },
    },
    async (req) => service.energyUnits(callerOf(req)),
  );

  app.get(
    '/lookups/energy/:id/energy-units',
    {
      config: current,
      schema: {
        ...base,
        summary: 'Units of one data type',
        params: energyIdParam,
        response: { 200: meterEnergyUnitList, ...errors },
      },
    },
    async (req) => service.unitsOfType(callerOf(req), req.params.id),
  );

  app.get(
    '/lookups/energies/:energy/conversion-factor-from/:a/to/:b',
    {
      config: current,
      schema: {
        ...base,
        summary: 'Factor to multiply a quantity in unit a by to get it in unit b (units of one data type)',
        params: conversionParams,
        response: { 200: conversionFactor, ...errors },
      },
    },
    async (req) => service.conversionFactor(callerOf(req), req.params.energy, req.params.a, req.params.b),
  );

  const lookups = [
    ['energy-reporting-groups', 'Energy reporting groups', service.reportingGroups],
    ['standardised-units', 'Physical quantities the data types measure', service.standardisedUnits],
    [
      'energy-type-types',
      'Data type kinds (1 Energy Consumption to 4 GHG Emission)',
      service.energyTypeTypes,
    ],
    ['load-measurements', 'Load measurement units', service.loadMeasurements],
    ['activity-groupings', 'Groupings of the data types', service.activityGroupings],
    ['meter-levels', 'Levels (situations) a meter can be created at', service.meterLevels],
    ['meter-types', 'Meter types 1 to 9', service.meterTypes],
  ] as const;
  for (const [name, summary, answer] of lookups) {
    app.get(
      `/lookups/${name}`,
      { config: current, schema: { ...base, summary, response: { 200: lookupList, ...errors } } },
      async (req) => answer(callerOf(req)),
    );
  }

  app.get(
    '/lookups/retailers',
    {
      config: current,
      schema: { ...base, summary: 'Energy and water retailers', response: { 200: retailerList, ...errors } },
    },
    async (req) => service.retailers(callerOf(req)),
  );

  app.get(
    '/lookups/energy/:id/meter-levels/:level/meter-types',
    {
      config: current,
      schema: {
        ...base,
        summary: 'Meter types offered for a data type at a level',
        params: meterTypesParams,
        response: { 200: lookupList, ...errors },
      },
    },
    async (req) => service.meterTypesOf(callerOf(req), req.params.id, req.params.level),
  );
};
