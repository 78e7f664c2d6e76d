import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ENTITY_TYPE_LABELS, type EntityDetail } from '@verdant/contracts/entities';
import { formatDisplayDate } from '@verdant/domain/dates';
import { Link } from 'react-router';
import { formatLocation } from '../../../components/location-format';
import { useReferenceList } from '../../../components/reference-lists';
import { EntityBenchmark } from './entity-benchmark';
import { EntityFigures } from './entity-figures';

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm">{value || '-'}</Text>
    </Stack>
  );
}

/** The Overview tab: a summary of the entity's details. */
export function EntityOverview({ entity }: { entity: EntityDetail }) {
  const occupancies = useReferenceList('building-segmentations');
  const functions = useReferenceList('entity-descriptors');
  const controls = useReferenceList('entity-controls');
  const descr = (list: { Id: number; Descr: string }[] | undefined, id: number | null) =>
    list?.find((i) => i.Id === id)?.Descr ?? null;
  const address = [entity.address1, entity.address2, entity.address3].filter(Boolean).join(', ');
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="md">
          Details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          <Stack gap={2}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              Site
            </Text>
            <Anchor component={Link} to={`/sites/${entity.siteId}`} fz="sm">
              {entity.siteName}
            </Anchor>
          </Stack>
          <Fact label="Facility" value={entity.facilityName} />
          <Fact label="Type" value={ENTITY_TYPE_LABELS[entity.type]} />
          <Fact label="Occupancy" value={descr(occupancies.data, entity.buildsegId)} />
          <Fact label="Function" value={descr(functions.data, entity.entdescId)} />
          <Fact label="Control" value={descr(controls.data, entity.controlId)} />
          <Fact label="Open" value={entity.entityOpen ? formatDisplayDate(entity.entityOpen) : null} />
          <Fact label="Close" value={entity.entityClose ? formatDisplayDate(entity.entityClose) : null} />
          <Fact label="Address" value={address} />
          <Fact label="Location" value={formatLocation(entity.x, entity.y)} />
        </SimpleGrid>
        {entity.description && (
          <Text fz="sm" mt="lg">
            {entity.description}
          </Text>
        )}
        <Stack mt="lg">
          <EntityBenchmark entityId={entity.id} />
        </Stack>
      </Paper>
      <EntityFigures entityId={entity.id} />
    </Stack>
  );
}
