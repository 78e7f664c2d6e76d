import { Box, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { GroupDetail } from '@verdant/contracts/groupings';
import { formatQuantity } from '@verdant/domain/unit-scaling';
import { InlineField } from '../../../components/inline-field';
import { SettingsSection } from '../../../components/settings-section';
import { useGroupTarget, useSaveGroupTarget } from '../api';

const asText = (n: number | null) => (n === null ? null : String(n));

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
            <div>
              <InlineField
                name="co2e"
                label="Emissions target (kg CO2e a year)"
                mode="number"
                value={asText(target.data.co2eTarget)}
                readOnly={readOnly}
                onSave={(value) => save('co2e', value)}
              />
              <Text fz="xs" c="dimmed" mt={4}>
                {against(group.totals.co2e, target.data.co2eTarget, 'kg CO2e')}
              </Text>
            </div>
            <div>
              <InlineField
                name="cons"
                label="Consumption target (kWh a year)"
                mode="number"
                value={asText(target.data.consTarget)}
                readOnly={readOnly}
                onSave={(value) => save('cons', value)}
              />
              <Text fz="xs" c="dimmed" mt={4}>
                {against(group.totals.cons, target.data.consTarget, 'kWh')}
              </Text>
            </div>
          </SimpleGrid>
        )}
      </SettingsSection>
    </Box>
  );
}
