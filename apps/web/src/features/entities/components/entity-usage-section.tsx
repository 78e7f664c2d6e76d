import { Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UsageField } from '@verdant/contracts/entities/details';
import { InlineField } from '../../../components/inline-field';
import { LookupSelect } from '../../../components/lookup-select';
import { SettingsSection } from '../../../components/settings-section';
import { saveIndicator, saveUsage, useEntityUsages, usePatchEntityUsages } from '../api';

const EUI: [UsageField, string][] = [
  ['designEui', 'Design EUI (kWh/m2/yr)'],
  ['commissionedEui', 'Commissioned EUI (kWh/m2/yr)'],
  ['interventionEui', 'Intervention EUI (kWh/m2/yr)'],
];

const UTILISATION: [UsageField, string][] = [
  ['airconVolume', 'Air-conditioned volume (m3)'],
  ['lowHumidity', 'Low humidity (%)'],
  ['highHumidity', 'High humidity (%)'],
  ['lowTemp', 'Low temperature (°C)'],
  ['highTemp', 'High temperature (°C)'],
  ['airChanges', 'Air changes per hour'],
  ['airInfiltration', 'Air infiltration (per hour)'],
  ['coreHours', 'Core hours per week'],
  ['coreOccupancy', 'Core occupancy (%)'],
  ['coreEnergyIntensity', 'Core energy intensity (kWh/m2)'],
  ['ncoreHours', 'Non-core hours per week'],
  ['ncoreOccupancy', 'Non-core occupancy (%)'],
  ['ncoreEnergyIntensity', 'Non-core energy intensity (kWh/m2)'],
];

const show = (v: number | null) => (v === null ? null : String(v));

/** Usage and commissioning, EUI targets (whole numbers), utilisation (numbers) and the entity's indicators. */
export function EntityUsageSection({ entityId, readOnly }: { entityId: number; readOnly: boolean }) {
  const usages = useEntityUsages(entityId);
  const patch = usePatchEntityUsages(entityId);
  const saveField = async (field: UsageField, value: string | number | null) => {
    const saved = await saveUsage(entityId, field, value);
    patch((u) => ({ ...u, usage: { ...u.usage, [field]: saved.value } }));
  };

  if (!usages.data) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading usage" />
      </Center>
    );
  }
  const { usage, indicators } = usages.data;
  const numberField = ([field, label]: [UsageField, string], mode: 'integer' | 'number') => (
    <InlineField
      key={field}
      label={label}
      name={field}
      mode={mode}
      value={show(usage[field])}
      readOnly={readOnly}
      onSave={(v) => saveField(field, v)}
    />
  );

  return (
    <Stack gap="md">
      <SettingsSection title="Usage and Commissioning">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <LookupSelect
            label="Usage"
            list="entity-usages"
            value={usage.entusageId}
            readOnly={readOnly}
            onSave={(v) => saveField('entusageId', v)}
          />
          <LookupSelect
            label="Air-conditioning control"
            list="aircon-controls"
            value={usage.accontrId}
            readOnly={readOnly}
            onSave={(v) => saveField('accontrId', v)}
          />
          <LookupSelect
            label="Heating"
            list="heating-types"
            value={usage.heatId}
            readOnly={readOnly}
            onSave={(v) => saveField('heatId', v)}
          />
          <LookupSelect
            label="Lighting"
            list="lighting-types"
            value={usage.lightId}
            readOnly={readOnly}
            onSave={(v) => saveField('lightId', v)}
          />
        </SimpleGrid>
        <Title order={3} fz="md" mt="lg" mb="sm">
          EUI Targets
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {EUI.map((f) => numberField(f, 'integer'))}
        </SimpleGrid>
        <Title order={3} fz="md" mt="lg" mb="sm">
          Utilisation
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {UTILISATION.map((f) => numberField(f, 'number'))}
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title="Indicators">
        {indicators.length === 0 ? (
          <Text c="dimmed" fz="sm">
            No indicators apply to entities.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {indicators.map((i) => (
              <InlineField
                key={i.indicatorId}
                label={`${i.label} (${i.unit})`}
                name="value"
                mode="integer"
                value={show(i.value)}
                readOnly={readOnly}
                onSave={async (v) => {
                  const saved = await saveIndicator(entityId, i.indicatorId, v);
                  patch((u) => ({
                    ...u,
                    indicators: u.indicators.map((x) =>
                      x.indicatorId === i.indicatorId ? { ...x, value: saved.value } : x,
                    ),
                  }));
                }}
              />
            ))}
          </SimpleGrid>
        )}
      </SettingsSection>
    </Stack>
  );
}
