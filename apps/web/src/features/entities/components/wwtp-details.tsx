import { Alert, Center, Loader, Paper, Select, SimpleGrid, Title } from '@mantine/core';
import type { EntityDetail } from '@verdant/contracts/entities';
import { useState } from 'react';
import { InlineField } from '../../../components/inline-field';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { usePumpMeters, useUpdateWwtp, useWwtp } from '../api';

/** The WWTP Details tab of a wastewater treatment plant. */
export function WwtpDetails({ entity }: { entity: EntityDetail }) {
  const wwtp = useWwtp(entity.id, true);
  const meters = usePumpMeters(entity.siteId);
  const update = useUpdateWwtp(entity.id);
  const [error, setError] = useState<string | null>(null);
  const readOnly = !entity.mayEdit;
  if (!wwtp.data || !meters.data) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading plant details" />
      </Center>
    );
  }
  const d = wwtp.data;
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        WWTP Details
      </Title>
      {error && (
        <Alert color="red" variant="light" mb="md" role="alert">
          {error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <InlineField
          label="Population served"
          name="populationServed"
          mode="integer"
          value={d.populationServed === null ? null : String(d.populationServed)}
          readOnly={readOnly}
          onSave={(v) => update.mutateAsync({ populationServed: v })}
        />
        <InlineField
          label="Design capacity (m3 per day)"
          name="designCapacityM3PerDay"
          mode="number"
          value={d.designCapacityM3PerDay === null ? null : String(d.designCapacityM3PerDay)}
          readOnly={readOnly}
          onSave={(v) => update.mutateAsync({ designCapacityM3PerDay: v })}
        />
        <InlineField
          label="Treatment type"
          name="treatmentType"
          value={d.treatmentType}
          readOnly={readOnly}
          onSave={(v) => update.mutateAsync({ treatmentType: v })}
        />
        <Select
          label="Influent meter"
          data={meters.data.all.map((m) => ({ value: String(m.id), label: m.name }))}
          value={d.influentMeterId === null ? null : String(d.influentMeterId)}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          clearable={!readOnly}
          onChange={(value) => {
            setError(null);
            update
              .mutateAsync({ influentMeterId: value === null ? null : Number(value) })
              .catch((failure: unknown) => {
                if (!isSilentError(failure)) setError(errorMessage(failure));
              });
          }}
        />
      </SimpleGrid>
    </Paper>
  );
}
