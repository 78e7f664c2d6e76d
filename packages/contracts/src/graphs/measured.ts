import { type Access, member, viewing } from '../access';
import { idParam } from '../common';
import { quantitiesMeasured } from './schemas';

/**
 * What an asset measures, for the graph builder: GET /{assetKind}/{id}/quantities-measured (totals, scopes and
 * each data type) and /stdunits-measured (the standard units). Anyone who may see the asset may ask; a group's
 * members are those of the session's organisation.
 */
const measuredSpecs = <P extends string>(path: P, type: string, access: Access) =>
  ({
    quantities: {
      method: 'GET',
      path: `/${path}/:id/quantities-measured`,
      summary: `What can be graphed for the ${type}: totals, scopes and each data type measured`,
      access,
      params: idParam,
      answer: quantitiesMeasured,
    },
    units: {
      method: 'GET',
      path: `/${path}/:id/stdunits-measured`,
      summary: `The standard units the ${type}'s data sources measure`,
      access,
      params: idParam,
      answer: quantitiesMeasured,
    },
  }) as const;

const organisation = measuredSpecs('organisations', 'organisation', member('params.id'));
const siteGroup = measuredSpecs('site-groups', 'site-group', member());
const meterGroup = measuredSpecs('meter-groups', 'meter-group', member());
const site = measuredSpecs('sites', 'site', viewing({ site: 'params.id' }));
const entity = measuredSpecs('entities', 'entity', viewing({ entity: 'params.id' }));
const meter = measuredSpecs('meters', 'meter', viewing({ meter: 'params.id' }));
const vehicle = measuredSpecs('vehicles', 'vehicle', viewing({ vehicle: 'params.id' }));

export const measuredOperations = {
  organisationQuantities: organisation.quantities,
  organisationUnits: organisation.units,
  siteGroupQuantities: siteGroup.quantities,
  siteGroupUnits: siteGroup.units,
  meterGroupQuantities: meterGroup.quantities,
  meterGroupUnits: meterGroup.units,
  siteQuantities: site.quantities,
  siteUnits: site.units,
  entityQuantities: entity.quantities,
  entityUnits: entity.units,
  meterQuantities: meter.quantities,
  meterUnits: meter.units,
  vehicleQuantities: vehicle.quantities,
  vehicleUnits: vehicle.units,
} as const;
