import { z } from 'zod';
import { editing, editor, member, viewing } from './access';
import { idNumber, okResponse, text } from './common';
import { fleetDataExportRequest, fleetTransactionExportRequest } from './fleet/exports';
import {
  cardNameCheck,
  cardNameQuery,
  cardPurchaseRequest,
  fuelCard,
  fuelPurchaseAnswer,
  fuelPurchaseList,
  fuelPurchaseRequest,
  monthlyData,
  monthlyDataQuery,
  newCardAnswer,
  newCardRequest,
} from './fleet/purchases';
import {
  lookupQuery,
  newVehiclesAnswer,
  newVehiclesRequest,
  registrationParam,
  vehicle,
  vehicleByMeter,
  vehicleLookup,
  vehicleRemoved,
  vehicleUpdate,
} from './fleet/vehicles';
import { defineOperations } from './operations';

/**
 * Fleet: vehicles, fuel cards, fuel purchases, the Vehicle Log and the fleet exports (core-portal 2-9,
 * data-portal 2.6, 3, 5, 7). Field names follow the spec's entities.
 */

export const organisationIdParam = z.object({ id: idNumber() });
export const vehicleIdParam = z.object({ id: idNumber() });
export const siteIdParam = z.object({ siteId: idNumber() });
export const purchaseParams = z.object({ id: idNumber(), readingId: idNumber() });

// ---- Fleet table ----------------------------------------------------------------------------------------
export const fleetRow = z.object({
  id: z.number(),
  type: z.literal('vehicle'),
  registration: text(),
  makeModel: text(),
  fuel: text(),
  fuelId: z.number(),
  siteId: z.number(),
  siteName: text(),
  /** The last 12 months: km travelled and kWh of fuel (the spec's consumption pair). */
  consumption: z.tuple([z.number(), z.number()]),
  distanceUnit: text(),
  closed: z.boolean(),
  memberOf: text().nullable(),
  consMeterId: z.number(),
});
export const fleetQuery = z.object({ memberOf: z.union([z.literal('site'), idNumber()]).default('site') });
export const fleetList = z.object({
  rows: z.array(fleetRow),
  groupings: z.array(z.object({ id: z.number(), name: text() })),
  mayEdit: z.boolean(),
});
export type FleetRow = z.infer<typeof fleetRow>;
export type FleetList = z.infer<typeof fleetList>;

export const fleetLookupItem = z.object({ Id: z.number(), Descr: text(), unit: text().optional() });
export const fleetLookupList = z.array(fleetLookupItem);

export const cardQuery = z.object({ incorrectOnly: z.enum(['true', 'false']).optional() });

const members = member('params.id');
const editors = editor('params.id');
const viewVehicle = viewing({ vehicle: 'params.id' });
const editVehicle = editing({ vehicle: 'params.id' });
const viewMeter = viewing({ meter: 'params.id' });
const fleetLookup = <const L extends string>(list: L) =>
  ({
    method: 'GET',
    path: `/lookups/${list}`,
    summary: `The ${list.replace('-', ' ')} list`,
    access: 'signed-in',
    answer: fleetLookupList,
  }) as const;
const csv = <P extends `/${string}`>(path: P, summary: string, body: typeof fleetDataExportRequest) =>
  ({
    method: 'POST',
    path,
    summary,
    access: members,
    intent: 'reads',
    params: organisationIdParam,
    body,
    answer: 'file',
  }) as const;

/** Fleet (core-portal.md 7, data-portal.md 7): vehicles, fuel purchases, fuel cards and the fleet exports. */
export const fleetOperations = defineOperations('fleet', {
  vehicleFuels: fleetLookup('vehicle-fuels'),
  transmissions: fleetLookup('transmissions'),
  bodyShapes: fleetLookup('body-shapes'),
  list: {
    method: 'GET',
    path: '/organisations/:id/fleet',
    summary: 'The fleet table: vehicles the caller may see, with last twelve months km and kWh',
    access: members,
    params: organisationIdParam,
    query: fleetQuery,
    answer: fleetList,
  },
  lookup: {
    method: 'GET',
    path: '/vehicles/lookup/:registration',
    summary: "Whether a registration is valid and already one of the organisation's vehicles",
    access: editor(),
    params: registrationParam,
    query: lookupQuery,
    answer: vehicleLookup,
  },
  newVehicles: {
    method: 'POST',
    path: '/sites/:siteId/new-vehicles',
    summary: 'Creates each vehicle with its fuel and distance meters, in one transaction',
    access: editing({ site: 'params.siteId' }),
    params: siteIdParam,
    body: newVehiclesRequest,
    answer: newVehiclesAnswer,
  },
  read: {
    method: 'GET',
    path: '/vehicles/:id',
    summary: 'A vehicle',
    access: viewVehicle,
    params: vehicleIdParam,
    answer: vehicle,
  },
  update: {
    method: 'PUT',
    path: '/vehicle/:id',
    summary: 'Updates the fields sent',
    access: editVehicle,
    params: vehicleIdParam,
    body: vehicleUpdate,
    answer: vehicle,
  },
  remove: {
    method: 'DELETE',
    path: '/vehicles/:id',
    summary: 'Deletes (archives) a vehicle and its meters',
    access: editVehicle,
    params: vehicleIdParam,
    answer: vehicleRemoved,
  },
  byMeter: {
    method: 'GET',
    path: '/vehicle-by-meter/:id',
    summary: 'The vehicle owning a fuel or distance meter',
    access: viewMeter,
    params: vehicleIdParam,
    answer: vehicleByMeter,
  },
  purchases: {
    method: 'GET',
    path: '/vehicles/:id/purchases',
    summary: "A vehicle's fuel purchases, newest first, with card purchases of the wrong fuel",
    access: viewVehicle,
    params: vehicleIdParam,
    answer: fuelPurchaseList,
  },
  addPurchase: {
    method: 'POST',
    path: '/vehicles/:id/purchases',
    summary: 'Adds a fuel purchase',
    access: editVehicle,
    params: vehicleIdParam,
    body: fuelPurchaseRequest,
    answer: fuelPurchaseAnswer,
  },
  updatePurchase: {
    method: 'PUT',
    path: '/vehicles/:id/purchases/:readingId',
    summary: 'Changes a fuel purchase',
    access: editVehicle,
    params: purchaseParams,
    body: fuelPurchaseRequest,
    answer: fuelPurchaseAnswer,
  },
  deletePurchase: {
    method: 'DELETE',
    path: '/vehicles/:id/purchases/:readingId',
    summary: 'Deletes a fuel purchase',
    access: editVehicle,
    params: purchaseParams,
    answer: okResponse,
  },
  monthlyData: {
    method: 'GET',
    path: '/vehicles/:id/monthly-data',
    summary: 'The Vehicle Log (monthly litres, km, days, cost and metrics) and the efficiency series',
    access: viewVehicle,
    params: vehicleIdParam,
    query: monthlyDataQuery,
    answer: monthlyData,
  },
  cardNameCheck: {
    method: 'GET',
    path: '/organisations/:id/card-meter-name-check',
    summary: 'Whether a fuel card of that name exists',
    access: editors,
    params: organisationIdParam,
    query: cardNameQuery,
    answer: cardNameCheck,
  },
  newCard: {
    method: 'POST',
    path: '/organisations/:id/new-card-meters',
    summary: 'Creates a fuel card meter',
    access: editors,
    params: organisationIdParam,
    body: newCardRequest,
    answer: newCardAnswer,
  },
  card: {
    method: 'GET',
    path: '/fuelcards/:id',
    summary: 'A fuel card: monthly litres, cost and emissions, and its purchases',
    access: viewMeter,
    params: vehicleIdParam,
    query: cardQuery,
    answer: fuelCard,
  },
  addCardPurchase: {
    method: 'POST',
    path: '/fuelcards/:id/purchases',
    summary: 'Adds a purchase on a card (flagged incorrect-fuel when the vehicle takes another fuel)',
    access: editing({ meter: 'params.id' }),
    params: vehicleIdParam,
    body: cardPurchaseRequest,
    answer: fuelPurchaseAnswer,
  },
  dataExport: csv(
    '/organisations/:id/fleet-data-export',
    'Vehicle Data Export: ledger figures per vehicle as CSV (streamed)',
    fleetDataExportRequest,
  ),
  transactionExport: {
    ...csv(
      '/organisations/:id/fleet-transaction-export',
      'Export Transactions: each purchase or each month as CSV (streamed)',
      fleetDataExportRequest,
    ),
    body: fleetTransactionExportRequest,
  },
});
