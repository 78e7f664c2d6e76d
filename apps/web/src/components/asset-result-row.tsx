import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { SearchResult } from '@verdant/contracts/search';
import { ASSET_TYPE_LABELS } from './asset-types';

/** One asset found by Search or Browse: its name, its type and where it is; pressed when chosen. */
export function ResultRow({
  result,
  selected,
  onSelect,
}: {
  result: SearchResult;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-pressed={selected}
      px="sm"
      py={6}
      w="100%"
      bg={selected ? 'var(--mantine-color-verdant-0)' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <Text fz="sm" fw={500} truncate>
            {result.name}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {result.context
              ? `${ASSET_TYPE_LABELS[result.type]} at ${result.context}`
              : ASSET_TYPE_LABELS[result.type]}
          </Text>
        </Stack>
        {selected && <IconCheck size={16} color="var(--mantine-color-verdant-7)" aria-hidden />}
      </Group>
    </UnstyledButton>
  );
}
