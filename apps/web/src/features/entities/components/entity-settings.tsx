import { SimpleGrid, Stack } from '@mantine/core';
import type { EntityDetail } from '@verdant/contracts/entities';
import { parseDisplayDate } from '@verdant/domain/dates';
import { assetFields } from '../../../components/asset-fields';
import { DATE_HINT } from '../../../components/date-fields';
import { LocationMap } from '../../../components/location-map';
import { LookupSelect } from '../../../components/lookup-select';
import { SettingsSection } from '../../../components/settings-section';
import { useUpdateEntity } from '../api';
import { EntityUsageSection } from './entity-usage-section';

const dateRule = (v: string | null) => (v === null || parseDisplayDate(v) === v ? null : DATE_HINT);
const nonEmpty = (v: string | null) => v ?? '';

/** The Details tab (/entities/{id}/settings): fields saved as they are edited, the map, usage and indicators. */
export function EntitySettings({ entity }: { entity: EntityDetail }) {
  const readOnly = !entity.mayEdit;
  const update = useUpdateEntity(entity.id);
  const { field, text, now } = assetFields(entity, readOnly, update);
  const save = update.mutateAsync;

  return (
    <Stack gap="md">
      <SettingsSection title="Entity Details">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {field('entityName', 'Entity name', { mode: 'non-empty', onSave: text('entityName', nonEmpty) })}
          {field('facilityName', 'Facility', { mode: 'non-empty', onSave: text('facilityName', nonEmpty) })}
          <LookupSelect
            label="Occupancy"
            list="building-segmentations"
            value={entity.buildsegId}
            readOnly={readOnly}
            clearable={false}
            required
            onSave={(v) => save({ buildsegId: v })}
          />
          <LookupSelect
            label="Function"
            list="entity-descriptors"
            value={entity.entdescId}
            readOnly={readOnly}
            clearable={entity.type !== 'STANDARD'}
            required={entity.type === 'STANDARD'}
            onSave={(v) => save({ entdescId: v })}
          />
          <LookupSelect
            label="Control"
            list="entity-controls"
            value={entity.controlId}
            readOnly={readOnly}
            onSave={(v) => save({ controlId: v })}
          />
          {field('description', 'Description')}
          {field('entityOpen', 'Open date', { type: 'date', validate: dateRule })}
          {field('entityClose', 'Close date', { type: 'date', validate: dateRule })}
          {field('address1', 'Address 1')}
          {field('address2', 'Address 2')}
          {field('address3', 'Address 3')}
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title="Location">
        <LocationMap
          x={entity.x}
          y={entity.y}
          readOnly={readOnly}
          onMove={(x, y) => now({ x, y })}
          title="Entity location"
          testId="entity"
        />
      </SettingsSection>
      <EntityUsageSection entityId={entity.id} readOnly={readOnly} />
    </Stack>
  );
}
