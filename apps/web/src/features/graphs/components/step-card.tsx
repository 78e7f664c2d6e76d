import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * One step of the graph builder (data-portal.md 2.7: Select Source, Quantity, Deaggregation, Data Series):
 * numbered, drawn dashed until the steps before it are done, with a cancel icon that resets it.
 */
export function StepCard({
  number,
  title,
  enabled,
  onReset,
  children,
}: {
  number: number;
  title: string;
  enabled: boolean;
  /** Shown when the step holds a choice. */
  onReset?: () => void;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={title}
      bg={enabled ? undefined : 'gray.0'}
      style={{ minWidth: 0, borderStyle: enabled ? undefined : 'dashed' }}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs" gap="xs">
        <Text fw={600} fz="sm">
          {`${number}. ${title}`}
        </Text>
        {onReset && (
          <Tooltip label={`Reset ${title}`}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Reset ${title}`}
              onClick={onReset}
            >
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {children}
    </Paper>
  );
}
