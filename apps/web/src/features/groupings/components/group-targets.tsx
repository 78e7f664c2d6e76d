import { Box, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { GroupDetail } from '@verdant/contracts/groupings';
import { formatQuantity } from '@verdant/domain/unit-scaling';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { InlineField } from '../../../components/inline-field';
import { SettingsSection } from '../../../components/settings-section';
import { useGroupTarget, useSaveGroupTarget } from '../group-target-api';

const asText = (n: number | null) => (n === null ? null : String(n));
const FIELDS = [
  { key: 'co2e', label: 'Emissions target (kg CO2e a year)', unit: 'kg CO2e' },
  { key: 'cons', label: 'Consumption target (kWh a year)', unit: 'kWh' },
] as const;

/** The last twelve months against a yearly target: '310 t CO2e in the last twelve months, 96% of the target'. */
function against(actual: number, target: number | null, unit: string) {
  const figure = `${formatQuantity(actual, unit)} in the last twelve complete months`;
  if (target === null) return `${figure}; no target set.`;
  if (target === 0) return `${figure}; the target is 0.`;
  return `${figure}, ${Math.round((actual / target) * 100)}% of the target.`;
}

/**
 * The group's own yearly targets (core-portal.md 3 Group targets co2eTarget, consTarget), beside the
 * organisation's: each saves itself; empty clears it. Read only without the edit permission.
 */
export function GroupTargets({ group }: { group: GroupDetail }) {
  const target = useGroupTarget(group.type, group.id);
  const save = useSaveGroupTarget(group.type, group.id);
  const readOnly = !group.mayEdit;
  return (
    <Box maw={560}>
      <SettingsSection
        title="Targets"
        description="Yearly targets for this group's members, for its reports beside the organisation's."
      >
        {target.isPending ? (
          <Skeleton h={60} />
        ) : target.isError ? (
          <Text c="red" fz="sm" role="alert">
            The targets could not be loaded.
          </Text>
        ) : (
          <SimpleGrid cols={1} spacing="md">
            {FIELDS.map((f) => {
              const value = f.key === 'co2e' ? target.data.co2eTarget : target.data.consTarget;
              return (
                <div key={f.key}>
                  <InlineField
                    name={f.key}
                    label={f.label}
                    mode="number"
                    value={asText(value)}
                    readOnly={readOnly}
                    onSave={(typed) => save(f.key, typed)}
                  />
                  <Text fz="xs" c="dimmed" mt={4}>
                    {against(group.totals[f.key], value, f.unit)}
                  </Text>
                  {f.key === 'co2e' && <FactorEditionsNote editions={group.editions} />}
                </div>
              );
            })}
          </SimpleGrid>
        )}
      </SettingsSection>
    </Box>
  );
}
