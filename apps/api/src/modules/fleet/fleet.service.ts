import { cardOperations } from './cards.service';
import { createFleetCore, type FleetDeps } from './fleet-core';
import { newVehicleOperations } from './new-vehicles.service';
import { purchaseOperations } from './purchases.service';
import { vehicleOperations } from './vehicles.service';

/**
 * Vehicles, fuel cards and fuel purchases (core-portal 2-9, data-portal 2.6-9), one group of operations per
 * file. Routes declare access; the organisation comes from the checked rule. Every write is one transaction
 * and recomputes the meters it fed.
 */
export function createFleetService(deps: FleetDeps) {
  const core = createFleetCore(deps);
  return {
    ...vehicleOperations(core),
    ...newVehicleOperations(core),
    ...purchaseOperations(core),
    ...cardOperations(core),
  };
}

export type FleetService = ReturnType<typeof createFleetService>;
