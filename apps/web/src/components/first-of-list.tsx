import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What an empty list says before anything is in it (a new organisation's sites or people): that there is none
 * yet, what the first brings, and, to whoever may add one, the button that adds it.
 */
export function FirstOfList({
  text,
  action,
  icon,
  onAdd,
}: {
  text: string;
  /** The button's words; no button when null (the caller may not add one). */
  action: string | null;
  icon: ReactNode;
  onAdd: () => void;
}) {
  return (
    <Stack gap="sm" p="md" align="flex-start">
      <Text fz="sm">{text}</Text>
      {action && (
        <Button size="xs" leftSection={icon} onClick={onAdd}>
          {action}
        </Button>
      )}
    </Stack>
  );
}
