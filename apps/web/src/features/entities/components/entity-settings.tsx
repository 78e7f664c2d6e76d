import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { EntityDetail, EntityUpdate } from '@verdant/contracts/entities';
import { parseDisplayDate } from '@verdant/domain/dates';
import { useCallback } from 'react';
import { DATE_HINT } from '../../../components/date-fields';
import { InlineField } from '../../../components/inline-field';
import { LocationMap } from '../../../components/location-map';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useUpdateEntity } from '../api';
import { EntityUsageSection } from './entity-usage-section';
import { LookupSelect } from './lookup-select';

const dateRule = (v: string | null) => (v === null || parseDisplayDate(v) === v ? null : DATE_HINT);

/** The Details tab (/entities/{id}/settings): fields saved as they are edited, the map, usage and indicators. */
export function EntitySettings({ entity }: { entity: EntityDetail }) {
  const update = useUpdateEntity(entity.id);
  const readOnly = !entity.mayEdit;
  const save = (body: EntityUpdate) => update.mutateAsync(body);
  const text =
    (key: 'description' | 'address1' | 'address2' | 'address3' | 'entityOpen' | 'entityClose') =>
    (value: string | null) =>
      save({ [key]: value });
  const { mutateAsync } = update;
  const move = useCallback(
    (x: number, y: number) => {
      mutateAsync({ x, y }).catch((error: unknown) => {
        if (!isSilentError(error)) showErrorBanner(errorMessage(error));
      });
    },
    [mutateAsync],
  );

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="md">
          Entity Details
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <InlineField
            label="Entity name"
            name="entityName"
            mode="non-empty"
            value={entity.entityName}
            readOnly={readOnly}
            onSave={(v) => save({ entityName: v ?? '' })}
          />
          <InlineField
            label="Facility"
            name="facilityName"
            mode="non-empty"
            value={entity.facilityName}
            readOnly={readOnly}
            onSave={(v) => save({ facilityName: v ?? '' })}
          />
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
          <InlineField
            label="Description"
            name="description"
            value={entity.description}
            readOnly={readOnly}
            onSave={text('description')}
          />
          <InlineField
            label="Open date"
            type="date"
            name="entityOpen"
            value={entity.entityOpen}
            readOnly={readOnly}
            validate={dateRule}
            onSave={text('entityOpen')}
          />
          <InlineField
            label="Close date"
            type="date"
            name="entityClose"
            value={entity.entityClose}
            readOnly={readOnly}
            validate={dateRule}
            onSave={text('entityClose')}
          />
          <InlineField
            label="Address 1"
            name="address1"
            value={entity.address1}
            readOnly={readOnly}
            onSave={text('address1')}
          />
          <InlineField
            label="Address 2"
            name="address2"
            value={entity.address2}
            readOnly={readOnly}
            onSave={text('address2')}
          />
          <InlineField
            label="Address 3"
            name="address3"
            value={entity.address3}
            readOnly={readOnly}
            onSave={text('address3')}
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="md">
          Location
        </Title>
        <LocationMap
          x={entity.x}
          y={entity.y}
          readOnly={readOnly}
          onMove={move}
          title="Entity location"
          testId="entity"
        />
      </Paper>
      <EntityUsageSection entityId={entity.id} readOnly={readOnly} />
    </Stack>
  );
}
