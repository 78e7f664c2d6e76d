import { Alert, Center, Loader, Paper, Select, SimpleGrid, Title } from '@mantine/core';
import type { EntityDetail } from '@verdant/contracts/entities';
import { fill, MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { InlineField } from '../../../components/inline-field';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { usePump, usePumpMeters, useUpdatePump } from '../api';

/** The Pump Details tab: head (metres, digits only) and the power and flow meters, each saved as changed. */
export function PumpDetails({ entity }: { entity: EntityDetail }) {
  const pump = usePump(entity.id, true);
  const meters = usePumpMeters(entity.siteId);
  const update = useUpdatePump(entity.id);
  const [error, setError] = useState<string | null>(null);
  const readOnly = !entity.mayEdit;
  if (!pump.data || !meters.data) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading pump details" />
      </Center>
    );
  }
  const choose = (key: 'powerMeterId' | 'flowMeterId') => (value: string | null) => {
    setError(null);
    update.mutateAsync({ [key]: value === null ? null : Number(value) }).catch((failure: unknown) => {
      if (!isSilentError(failure)) setError(errorMessage(failure));
    });
  };
  const options = (list: { id: number; name: string }[]) =>
    list.map((m) => ({ value: String(m.id), label: m.name }));
  const warning =
    meters.data.power.length === 0
      ? fill(MSG.pumpNoPowerMeters, { site: entity.siteName })
      : meters.data.flow.length === 0
        ? fill(MSG.pumpNoFlowMeters, { site: entity.siteName })
        : null;
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        Pump Details
      </Title>
      {(warning || error) && (
        <Alert color="red" variant="light" mb="md" role="alert">
          {error ?? warning}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <InlineField
          label="Pump head (metres)"
          name="head"
          value={pump.data.head === null ? null : String(pump.data.head)}
          readOnly={readOnly}
          validate={(v) => (v === null || /^\d+$/.test(v) ? null : MSG.entityHeadDigits)}
          onSave={(v) => update.mutateAsync({ head: v })}
        />
        <Select
          label="Power meter"
          data={options(meters.data.power)}
          value={pump.data.powerMeterId === null ? null : String(pump.data.powerMeterId)}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          allowDeselect={false}
          onChange={choose('powerMeterId')}
        />
        <Select
          label="Flow meter"
          data={options(meters.data.flow)}
          value={pump.data.flowMeterId === null ? null : String(pump.data.flowMeterId)}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          allowDeselect={false}
          onChange={choose('flowMeterId')}
        />
      </SimpleGrid>
    </Paper>
  );
}
