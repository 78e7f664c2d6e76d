import {
  Button,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import type { Vehicle, VehicleUpdate } from '@verdant/contracts/fleet/vehicles';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { useMeter } from '../../../components/meter-api';
import { GroupsSection, IdentifiersSection } from '../../../components/meter-groups-identifiers';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useFleetLookup } from '../api';
import { useUpdateVehicle } from '../vehicle-api';

/**
 * A vehicle's meter group membership and identifiers are its fuel meter's (the meter its consumption, cost and
 * emissions are counted on), edited through the data source calls as on the data source page.
 */
function FuelMeterSections({ meterId }: { meterId: number }) {
  const meter = useMeter(meterId);
  if (meter.isPending) return <Loader size="sm" aria-label="Loading groups and identifiers" />;
  if (!meter.data) return null;
  return (
    <>
      <GroupsSection meter={meter.data} asset="vehicle" />
      <IdentifiersSection meter={meter.data} />
    </>
  );
}

/** Details (data-portal 2.6): every field of the vehicle; read only without the edit permission. */
export function DetailsTab({ vehicle }: { vehicle: Vehicle }) {
  const [d, setD] = useState<VehicleUpdate>({
    fleetNumber: vehicle.fleetNumber,
    vehicleDescr: vehicle.vehicleDescr,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    seats: vehicle.seats,
    engineSize: vehicle.engineSize,
    bodyshapeId: vehicle.bodyshapeId,
    transtypeId: vehicle.transtypeId,
    desiredEff: vehicle.desiredEff,
    purchaseDate: vehicle.purchaseDate,
    saleDate: vehicle.saleDate,
    includeInOrgAutoload: vehicle.includeInOrgAutoload,
  });
  const bodies = useFleetLookup('body-shapes');
  const transmissions = useFleetLookup('transmissions');
  const update = useUpdateVehicle(vehicle.id);
  const ro = !vehicle.mayEdit;
  const opts = (l: typeof bodies) => (l.data ?? []).map((i) => ({ value: String(i.Id), label: i.Descr }));
  const n = (v: string | number) => (v === '' ? undefined : Number(v));
  return (
    <Stack gap="sm" maw={900}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Fleet Number"
          value={d.fleetNumber ?? ''}
          readOnly={ro}
          onChange={(e) => setD({ ...d, fleetNumber: e.currentTarget.value || null })}
        />
        <TextInput
          label="Description"
          value={d.vehicleDescr ?? ''}
          readOnly={ro}
          onChange={(e) => setD({ ...d, vehicleDescr: e.currentTarget.value || null })}
        />
        <TextInput
          label="Make"
          value={d.make ?? ''}
          readOnly={ro}
          onChange={(e) => setD({ ...d, make: e.currentTarget.value })}
        />
        <TextInput
          label="Model"
          value={d.model ?? ''}
          readOnly={ro}
          onChange={(e) => setD({ ...d, model: e.currentTarget.value })}
        />
        <NumberInput
          label="Year"
          value={d.year ?? ''}
          readOnly={ro}
          allowDecimal={false}
          onChange={(v) => setD({ ...d, year: n(v) })}
        />
        <NumberInput
          label="Seats"
          value={d.seats ?? ''}
          readOnly={ro}
          allowDecimal={false}
          onChange={(v) => setD({ ...d, seats: n(v) })}
        />
        <NumberInput
          label="Engine Size (L)"
          value={d.engineSize ?? ''}
          readOnly={ro}
          decimalScale={3}
          onChange={(v) => setD({ ...d, engineSize: n(v) })}
        />
        <Select
          label="Body Shape"
          data={opts(bodies)}
          value={String(d.bodyshapeId ?? '')}
          readOnly={ro}
          onChange={(v) => setD({ ...d, bodyshapeId: n(v ?? '') })}
        />
        <Select
          label="Transmission"
          data={opts(transmissions)}
          value={String(d.transtypeId ?? '')}
          readOnly={ro}
          onChange={(v) => setD({ ...d, transtypeId: n(v ?? '') })}
        />
        <NumberInput
          label={`Desired Efficiency (${vehicle.fuelUnit === 'litres' ? 'L' : vehicle.fuelUnit}/100km)`}
          value={d.desiredEff ?? ''}
          readOnly={ro}
          decimalScale={2}
          onChange={(v) => setD({ ...d, desiredEff: n(v) })}
        />
        <DateField
          label="Purchase Date"
          value={d.purchaseDate ?? null}
          readOnly={ro}
          onChange={(v) => setD({ ...d, purchaseDate: v ?? undefined })}
        />
        <DateField
          label="Sale Date"
          value={d.saleDate ?? null}
          readOnly={ro}
          clearable={!ro}
          onChange={(v) => setD({ ...d, saleDate: v })}
        />
      </SimpleGrid>
      <Switch
        label="Autoload"
        checked={d.includeInOrgAutoload ?? true}
        disabled={ro}
        onChange={(e) => setD({ ...d, includeInOrgAutoload: e.currentTarget.checked })}
      />
      {vehicle.mayEdit && (
        <Group>
          <Button
            loading={update.isPending}
            onClick={() =>
              update.mutate(d, {
                onSuccess: () => showSuccessBanner('Vehicle saved'),
                onError: (error) => showErrorBanner(errorMessage(error)),
              })
            }
          >
            Save
          </Button>
        </Group>
      )}
      <FuelMeterSections meterId={vehicle.consMeter} />
    </Stack>
  );
}
